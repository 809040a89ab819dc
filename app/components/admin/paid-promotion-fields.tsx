import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { DISCLOSURE_MAX_LENGTH } from "~/lib/disclosure";
import { DISCLOSURE_FIELDS, type DisclosureField } from "~/lib/disclosure-fields";
import { useHydrated } from "~/lib/use-hydrated";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const HINT = "Shown above the item, in its feed entry and in its structured data. Required to publish a paid item.";

/**
 * PRODUCT.md "Paid promotion": the editor's disclosure box, a 'Paid promotion' checkbox and the three
 * disclosure fields. Before the scripts run the fields are always shown; afterwards only while the box is
 * ticked (an item that is not paid saves none of them, so nothing hidden can hold a message).
 */
export function PaidPromotionFields({
  paid,
  fields,
  onToggle,
}: {
  paid: Meta;
  fields: Record<DisclosureField, Meta>;
  /** Called after the box is ticked or unticked, so the form can check the fields again. */
  onToggle?: () => void;
}) {
  const hydrated = useHydrated();
  const initiallyPaid = paid.initialValue === "on" || paid.initialValue === "true";
  const [checked, setChecked] = useState(initiallyPaid);
  const hintId = `${paid.id}-hint`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Disclosure</CardTitle>
        <CardDescription id={hintId}>{HINT}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-2">
          <input
            type="checkbox"
            id={paid.id}
            name={paid.name}
            defaultChecked={initiallyPaid}
            aria-describedby={hintId}
            aria-controls={`${paid.id}-fields`}
            className="size-4 accent-primary"
            onChange={(event) => {
              setChecked(event.target.checked);
              onToggle?.();
            }}
          />
          <label htmlFor={paid.id} className="text-sm font-medium">
            Paid promotion
          </label>
        </div>
        <div id={`${paid.id}-fields`} className="space-y-4" hidden={hydrated && !checked}>
          {(Object.keys(DISCLOSURE_FIELDS) as DisclosureField[]).map((field) => (
            <Field key={field} meta={fields[field]} label={DISCLOSURE_FIELDS[field].label}>
              <Input maxLength={DISCLOSURE_MAX_LENGTH} autoComplete="off" />
            </Field>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
