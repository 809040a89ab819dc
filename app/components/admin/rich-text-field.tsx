import type { FieldMetadata } from "@conform-to/react";

import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * The editor's Content field (PRODUCT.md "Rich-text editor"): HTML in a textarea, which the server sanitises
 * on save and on render.
 */
export function RichTextField({ meta }: { meta: Meta }) {
  return (
    <Field
      meta={meta}
      label="Content"
      hint="HTML is allowed (headings, paragraphs, lists, links, images); anything else is removed on save."
    >
      <Textarea rows={8} className="font-mono text-sm" />
    </Field>
  );
}
