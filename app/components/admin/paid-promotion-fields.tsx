import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { DISCLOSURE_MAX_LENGTH } from "~/lib/disclosure";
import { DISCLOSURE_FIELDS, OTHER_PARTY, type DisclosureField } from "~/lib/disclosure-fields";
import {
  CONSIDERATION_FORM_LABELS,
  CONSIDERATION_FORMS,
  CURRENCIES,
  parseAmount,
  parseUnits,
  payerName,
  sponsorshipStatement,
  type ConsiderationForm,
  type Currency,
} from "~/lib/sponsorship";
import { useHydrated } from "~/lib/use-hydrated";
import type { ItemCompanyRow } from "~/server/content/item-companies.server";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const HINT =
  "Shown above the item, in its feed entry and in its structured data, as a sentence written from these fields. Required to publish a paid item.";

const initial = (meta: Meta) => (typeof meta.initialValue === "string" ? meta.initialValue : "");

/**
 * PRODUCT.md "Paid promotion": the editor's disclosure box, a 'Paid promotion' checkbox and the sponsorship:
 * who paid (a company the piece names, or another party by name), cash with its amount and currency or a
 * number of shares or options, the agreement's date and an optional addition, with the sentence readers
 * will see. Before the scripts run every field is shown; afterwards only those the choices above call for.
 */
export function PaidPromotionFields({
  paid,
  fields,
  companies,
  noun,
  onToggle,
}: {
  paid: Meta;
  fields: Record<DisclosureField, Meta>;
  /** The companies the piece names (the picker's current choice): the companies that may have paid. */
  companies: readonly ItemCompanyRow[];
  /** The type's noun in the sentence ('interview'). */
  noun: string;
  /** Called after the box is ticked or unticked, so the form can check the fields again. */
  onToggle?: () => void;
}) {
  const hydrated = useHydrated();
  const initiallyPaid = paid.initialValue === "on" || paid.initialValue === "true";
  const [checked, setChecked] = useState(initiallyPaid);
  const [values, setValues] = useState(() => ({
    paidBy: initial(fields.paidBy),
    disclosureSponsor: initial(fields.disclosureSponsor),
    considerationForm: initial(fields.considerationForm),
    considerationAmount: initial(fields.considerationAmount),
    considerationCurrency: initial(fields.considerationCurrency),
    considerationUnits: initial(fields.considerationUnits),
  }));
  const track = (field: keyof typeof values) => ({
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  const show = (visible: boolean) => !hydrated || visible;
  const hintId = `${paid.id}-hint`;
  const form = values.considerationForm as ConsiderationForm | "";
  const preview = previewSentence(values, companies, noun);

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
          <Field meta={fields.paidBy} label={DISCLOSURE_FIELDS.paidBy.label} hint="A company this piece names, or another party.">
            <NativeSelect {...track("paidBy")}>
              <option value="">Choose who paid</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {payerName(company)}
                </option>
              ))}
              <option value={OTHER_PARTY}>Another party</option>
            </NativeSelect>
          </Field>
          {show(values.paidBy === OTHER_PARTY) ? (
            <Field meta={fields.disclosureSponsor} label={DISCLOSURE_FIELDS.disclosureSponsor.label}>
              <Input maxLength={DISCLOSURE_MAX_LENGTH} autoComplete="off" {...track("disclosureSponsor")} />
            </Field>
          ) : null}
          <Field meta={fields.considerationForm} label={DISCLOSURE_FIELDS.considerationForm.label}>
            <NativeSelect {...track("considerationForm")}>
              <option value="">Choose…</option>
              {CONSIDERATION_FORMS.map((choice) => (
                <option key={choice} value={choice}>
                  {CONSIDERATION_FORM_LABELS[choice]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {show(form === "cash") ? (
            <div className="space-y-4">
              <Field
                meta={fields.considerationAmount}
                label={DISCLOSURE_FIELDS.considerationAmount.label}
                hint="In cash, e.g. 7,500 or 7500.50."
              >
                <Input inputMode="decimal" autoComplete="off" maxLength={20} {...track("considerationAmount")} />
              </Field>
              <Field meta={fields.considerationCurrency} label={DISCLOSURE_FIELDS.considerationCurrency.label}>
                <NativeSelect {...track("considerationCurrency")}>
                  <option value="">Choose…</option>
                  {CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
          ) : null}
          {show(form === "shares" || form === "options") ? (
            <Field meta={fields.considerationUnits} label={DISCLOSURE_FIELDS.considerationUnits.label}>
              <Input inputMode="numeric" autoComplete="off" maxLength={20} {...track("considerationUnits")} />
            </Field>
          ) : null}
          <Field meta={fields.agreementDate} label={DISCLOSURE_FIELDS.agreementDate.label}>
            <Input type="date" min="2000-01-01" />
          </Field>
          <Field
            meta={fields.disclosureNote}
            label={DISCLOSURE_FIELDS.disclosureNote.label}
            hint="Shown after the sentence, e.g. what the payment covered."
          >
            <Textarea rows={2} maxLength={DISCLOSURE_MAX_LENGTH} />
          </Field>
          {hydrated && preview ? (
            <p className="rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm" aria-live="polite">
              <span className="font-medium">Readers will see: </span>
              {preview}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** The sentence as the page will write it, from what is typed so far; null until who paid is known. */
function previewSentence(
  values: Record<
    "paidBy" | "disclosureSponsor" | "considerationForm" | "considerationAmount" | "considerationCurrency" | "considerationUnits",
    string
  >,
  companies: readonly ItemCompanyRow[],
  noun: string,
): string | null {
  const company = companies.find((c) => c.id === values.paidBy);
  const payer = company ? payerName(company) : values.paidBy === OTHER_PARTY ? values.disclosureSponsor.trim() : "";
  if (!payer) return null;
  const form = (CONSIDERATION_FORMS as readonly string[]).includes(values.considerationForm)
    ? (values.considerationForm as ConsiderationForm)
    : null;
  const currency = (CURRENCIES as readonly string[]).includes(values.considerationCurrency)
    ? (values.considerationCurrency as Currency)
    : null;
  return sponsorshipStatement({
    payer,
    noun,
    form,
    amount: parseAmount(values.considerationAmount.trim()),
    currency,
    units: parseUnits(values.considerationUnits.trim()),
  });
}
