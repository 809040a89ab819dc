import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";

import { notify } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import {
  COMPANIES_PATH,
  COMPANY_LIMITS,
  COMPANY_PARSE_OPTIONS,
  COMPANY_TEXTS,
  companySchema,
  EXCHANGES,
  SECTOR_LABELS,
  type CompanyValues,
} from "~/lib/companies";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { CompanyEditorActionData, CompanyEditorMode } from "~/server/companies/company-handlers.server";

/** What the editor loaders give the page. */
export interface CompanyEditorData {
  mode: CompanyEditorMode;
  id: string | null;
  values: CompanyValues;
  /** PRODUCT.md "Review": whether this user may change the client flag (`companies.setClient`). */
  canSetClient: boolean;
  /** PRODUCT.md "Client reports": the company's report, for those with `reports.read`; null or absent otherwise. */
  reportHref?: string | null;
}

/** PRODUCT.md "Companies": the create and edit screens, one form checked with the server's schema. */
export function CompanyEditor({ editor, actionData }: { editor: CompanyEditorData; actionData: CompanyEditorActionData | undefined }) {
  const { mode } = editor;
  const navigation = useNavigation();
  const hydrated = useHydrated();

  const [form, fields] = useForm({
    id: "company-editor",
    lastResult: actionData?.result,
    defaultValue: editor.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySchema, ...COMPANY_PARSE_OPTIONS }),
  });

  // A failed save is an 'Error' toast; what was typed stays in the form.
  useEffect(() => {
    const failure = actionData?.result.error?.[""]?.[0];
    if (failure) notify("error", "Error", failure);
  }, [actionData]);

  const clientHintId = `${fields.isClient.id}-hint`;
  const clientError = fields.isClient.errors?.[0];
  const saving = navigation.formData != null && navigation.formMethod?.toUpperCase() === "POST";
  const name = String(fields.name.value ?? "");
  const submitLabel = saving
    ? mode === "create"
      ? "Saving..."
      : "Updating..."
    : mode === "create"
      ? COMPANY_TEXTS.createButton
      : COMPANY_TEXTS.updateButton;

  return (
    <div className="space-y-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Link className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "w-fit")} to={COMPANIES_PATH}>
          <Icon name="arrow-left" />
          {COMPANY_TEXTS.backButton}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{mode === "create" ? COMPANY_TEXTS.createHeading : COMPANY_TEXTS.editHeading}</h1>
        {editor.reportHref ? (
          <Link className={cn(buttonVariants({ variant: "outline", size: "sm" }), "w-fit sm:ml-auto")} to={editor.reportHref}>
            Client report
          </Link>
        ) : null}
      </div>

      <Form method="post" {...getFormProps(form)} className="max-w-3xl">
        <Card>
          <CardHeader>
            <CardTitle>Company Details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field meta={fields.name} label="Name" required className="sm:col-span-2">
              <Input placeholder="Example Resources Ltd" autoComplete="off" maxLength={COMPANY_LIMITS.name} />
            </Field>
            <Field meta={fields.slug} label="Slug" hint="Leave empty to make it from the name." className="sm:col-span-2">
              <Input placeholder="example-resources" autoComplete="off" maxLength={COMPANY_LIMITS.slug} />
            </Field>
            <Field meta={fields.ticker} label="Ticker" required hint='Letters, digits, "." and "-"; saved in capitals.'>
              <Input placeholder="EXR" autoComplete="off" maxLength={COMPANY_LIMITS.ticker} className="uppercase" />
            </Field>
            <Field meta={fields.exchange} label="Exchange" required>
              <NativeSelect>
                <option value="">Choose an exchange</option>
                {EXCHANGES.map((exchange) => (
                  <option key={exchange} value={exchange}>
                    {exchange}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field meta={fields.sector} label="Sector">
              <NativeSelect>
                <option value="">None</option>
                {Object.entries(SECTOR_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field meta={fields.website} label="Website">
              <Input type="url" placeholder="https://www.example.com" maxLength={COMPANY_LIMITS.url} />
            </Field>
            <Field meta={fields.logoUrl} label="Logo URL" hint="A web address or an upload's /uploads/… path." className="sm:col-span-2">
              <Input placeholder="https://.../logo.png" maxLength={COMPANY_LIMITS.url} />
            </Field>
            <Field meta={fields.description} label="Description" className="sm:col-span-2">
              <Textarea rows={3} placeholder="A short description" maxLength={COMPANY_LIMITS.description} />
            </Field>
            <div className="flex flex-col gap-1 sm:col-span-2">
              <div className="flex items-center gap-2">
                <input
                  type="checkbox"
                  id={fields.isClient.id}
                  // PRODUCT.md "Review": only an admin changes the flag; for others the hidden input sends it as it is.
                  name={editor.canSetClient ? fields.isClient.name : undefined}
                  defaultChecked={fields.isClient.initialValue === "on"}
                  disabled={!editor.canSetClient}
                  aria-describedby={`${clientHintId}${clientError ? ` ${fields.isClient.errorId}` : ""}`}
                  aria-invalid={clientError ? true : undefined}
                  className="size-4 accent-primary"
                />
                {editor.canSetClient ? null : (
                  <input type="hidden" name={fields.isClient.name} value={editor.values.isClient ? "on" : ""} />
                )}
                <label htmlFor={fields.isClient.id} className="text-sm font-medium">
                  This company is a client
                </label>
              </div>
              <p id={clientHintId} className="text-sm text-muted-foreground">
                {COMPANY_TEXTS.clientHelp}
              </p>
              {clientError ? (
                <p id={fields.isClient.errorId} className="text-sm text-destructive">
                  {clientError}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              {/* Disabled while the name is empty or a save runs (before hydration the server checks). */}
              <Button type="submit" disabled={hydrated && (!name.trim() || saving)}>
                {submitLabel}
              </Button>
            </div>
          </CardContent>
        </Card>
      </Form>
    </div>
  );
}
