import type { FieldMetadata } from "@conform-to/react";

import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { FIELD_SPECS, LIMITS } from "~/lib/admin-content";
import type { ContentField } from "~/lib/content-types";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * A media URL field of the editor (PRODUCT.md "Editor"): a web address or a site path typed by hand. The
 * upload control of PRODUCT.md "Media library" fills it in.
 */
export function MediaUrlField({ field, meta, className }: { field: ContentField; meta: Meta; className?: string }) {
  const spec = FIELD_SPECS[field];
  if (spec.kind !== "url") return null;
  return (
    <Field meta={meta} label={spec.label} className={className}>
      <Input type="url" inputMode="url" placeholder={spec.placeholder} maxLength={LIMITS.url} />
    </Field>
  );
}
