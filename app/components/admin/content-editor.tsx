import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";

import { EditLoadingPlaceholder, usePendingEditNavigation } from "~/components/admin/edit-loading";
import { TagsInput } from "~/components/admin/tags-input";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  ADMIN_TYPES,
  adminTexts,
  editorValuesFromFormData,
  FEATURE_TYPE_OPTIONS,
  FIELD_SPECS,
  LIMITS,
  parseEditorValues,
  STATUS_CHOICES,
  type AdminContentType,
  type ContentField,
  type EditorMode,
  type EditorValues,
  type FieldErrors,
} from "~/lib/admin-content";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { contentEditorLoader, EditorActionData } from "~/server/admin-content.server";

// Text fields describe the item; URLs and numbers are its media or article settings (PRODUCT.md "Editor": its groups).
const DETAIL_FIELDS: ContentField[] = ["author_name", "author_role", "interviewee_name", "interviewee_title", "feature_type"];

const selectClass =
  "flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm dark:bg-input/30 [&>option]:bg-background";

const STATUS_LABELS: Record<string, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** The create and edit screens of every content type (PRODUCT.md "Editor"). */
export function ContentEditor({ type, mode }: { type: AdminContentType; mode: EditorMode }) {
  const loaderData = useLoaderData<typeof contentEditorLoader>();
  const pendingEdit = usePendingEditNavigation(type);
  if (pendingEdit) return <EditLoadingPlaceholder type={type} />;
  // A new key per item, so moving between two edit screens starts from the new item's values.
  return <EditorForm key={loaderData.id ?? "new"} type={type} mode={mode} initial={loaderData.values} />;
}

function EditorForm({ type, mode, initial }: { type: AdminContentType; mode: EditorMode; initial: EditorValues }) {
  const config = ADMIN_TYPES[type];
  const texts = adminTexts(type);
  const actionData = useActionData<EditorActionData>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  // After a rejected post without JavaScript the page re-renders from what was submitted.
  const start = actionData?.values ?? initial;
  const [title, setTitle] = useState(start.title);
  const [status, setStatus] = useState(start.status);
  const [featured, setFeatured] = useState(start.featured);
  const [tags, setTags] = useState(start.tags);
  const [errors, setErrors] = useState<FieldErrors>(actionData?.fieldErrors ?? {});

  useEffect(() => {
    if (!actionData) return;
    setErrors(actionData.fieldErrors);
    // PRODUCT.md "Admin editor messages": a failed save is an 'Error' toast; what was typed stays in the form.
    if (actionData.formError) notify("error", "Error", actionData.formError);
    else focusFirstInvalid(formRef.current, actionData.fieldErrors);
  }, [actionData]);

  const saving = navigation.formData != null && navigation.formMethod?.toUpperCase() === "POST";

  function currentErrors(): FieldErrors {
    if (!formRef.current) return {};
    const result = parseEditorValues(type, mode, editorValuesFromFormData(type, new FormData(formRef.current)));
    return result.success ? {} : result.fieldErrors;
  }

  /** Re-checks one field: on leaving it, or while typing once it shows a message. */
  function recheck(name: string, onlyIfShown: boolean) {
    if (!name || (onlyIfShown && !errors[name])) return;
    const all = currentErrors();
    setErrors((prev) => ({ ...prev, [name]: all[name] }));
  }

  // Tags live in state; check them once the hidden inputs have been rendered.
  useEffect(() => {
    if (errors.tags) recheck("tags", true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tags]);

  const errorOf = (name: string) => errors[name]?.[0];
  const submitLabel =
    mode === "create"
      ? saving
        ? "Saving..."
        : status === "published"
          ? "Publish"
          : "Save Draft"
      : saving
        ? "Updating..."
        : texts.updateButton;

  const detailFields = config.fields.filter((f) => DETAIL_FIELDS.includes(f));
  const settingsFields = config.fields.filter((f) => !DETAIL_FIELDS.includes(f));
  const values = start;

  return (
    // data-hydrated: lets end-to-end tests wait until the form's scripts run.
    <div className="space-y-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button asChild variant="ghost" size="sm" className="w-fit">
          <Link to={config.listPath}>
            <Icon name="arrow-left" />
            {texts.backButton}
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight">{mode === "create" ? texts.createHeading : texts.editHeading}</h1>
      </div>

      <Form
        ref={formRef}
        method="post"
        // Our messages (the same schema as the server) replace the browser's bubbles.
        noValidate
        className="grid gap-6 lg:grid-cols-3"
        onBlur={(event) => recheck(fieldName(event.target), false)}
        onChange={(event) => recheck(fieldName(event.target), true)}
        onSubmit={(event) => {
          const all = currentErrors();
          if (Object.values(all).some((messages) => messages?.length)) {
            event.preventDefault();
            setErrors(all);
            focusFirstInvalid(formRef.current, all);
          }
        }}
      >
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{config.title} Details</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Field name="title" label="Title" required error={errorOf("title")}>
                <Input
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                  placeholder={`Enter ${config.noun} title`}
                  autoComplete="off"
                />
              </Field>
              <Field name="description" label="Description" error={errorOf("description")}>
                <Textarea rows={3} defaultValue={values.description} placeholder="A short summary" />
              </Field>
              <Field
                name="content"
                label="Content"
                hint="HTML is allowed (headings, paragraphs, lists, links, images); anything else is removed on save."
                error={errorOf("content")}
              >
                <Textarea rows={8} defaultValue={values.content} className="font-mono text-sm" />
              </Field>
              {detailFields.map((field) => (
                <ContentFieldInput key={field} field={field} defaultValue={values[field] ?? ""} error={errorOf(field)} />
              ))}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{config.settingsTitle}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {settingsFields.map((field) => (
                <ContentFieldInput
                  key={field}
                  field={field}
                  defaultValue={values[field] ?? ""}
                  error={errorOf(field)}
                  className={FIELD_SPECS[field].kind === "url" ? "sm:col-span-2" : undefined}
                />
              ))}
            </CardContent>
          </Card>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Publishing</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Field name="status" label="Status" error={errorOf("status")}>
                <select className={selectClass} value={status} onChange={(event) => setStatus(event.target.value)}>
                  {STATUS_CHOICES[mode].map((choice) => (
                    <option key={choice} value={choice}>
                      {STATUS_LABELS[choice]}
                    </option>
                  ))}
                </select>
              </Field>
              {config.featurable ? (
                <div className="space-y-2">
                  <p className="text-sm font-medium">Featured</p>
                  <Button
                    type="button"
                    variant={featured ? "default" : "outline"}
                    className="w-full"
                    aria-pressed={featured}
                    onClick={() => setFeatured((on) => !on)}
                  >
                    <Icon name="star" className={cn(featured && "fill-current")} />
                    {featured ? texts.featuredOn : texts.featuredOff}
                  </Button>
                  <input type="hidden" name="featured" value={String(featured)} />
                </div>
              ) : null}
              {/* PRODUCT.md "Editor": disabled while the title is empty or a save runs (before hydration the server checks). */}
              <Button type="submit" className="w-full" disabled={hydrated && (!title.trim() || saving)}>
                {submitLabel}
              </Button>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Tags</CardTitle>
              <CardDescription>
                Up to {LIMITS.tags} tags of {LIMITS.tagLength} characters.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <TagsInput tags={tags} onChange={setTags} error={errorOf("tags")} />
            </CardContent>
          </Card>
        </div>
      </Form>
    </div>
  );
}

/** The form field an event came from ('' for buttons and unnamed inputs such as the tag box). */
function fieldName(target: EventTarget): string {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
    ? target.name
    : "";
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  const first = Object.keys(errors).find((name) => errors[name]?.length);
  if (!first) return;
  const element = form.querySelector<HTMLElement>(`[name="${first}"]:not([type="hidden"])`);
  element?.focus();
}

/** The editor's fields are named after the form fields; their ids follow. */
function Field({ name, ...props }: Omit<Parameters<typeof FormField>[0], "id" | "name"> & { name: string }) {
  return <FormField id={`field-${name}`} name={name} {...props} />;
}

function ContentFieldInput({
  field,
  defaultValue,
  error,
  className,
}: {
  field: ContentField;
  defaultValue: string;
  error?: string;
  className?: string;
}) {
  const spec = FIELD_SPECS[field];
  switch (spec.kind) {
    case "url":
      return (
        <Field name={field} label={spec.label} error={error} className={className}>
          <Input type="url" inputMode="url" defaultValue={defaultValue} placeholder={spec.placeholder} maxLength={LIMITS.url} />
        </Field>
      );
    case "int":
      return (
        <Field name={field} label={spec.label} hint={spec.hint} error={error} className={className}>
          <Input type="number" inputMode="numeric" min={spec.min} max={spec.max} step={1} defaultValue={defaultValue} />
        </Field>
      );
    case "text":
      return (
        <Field name={field} label={spec.label} error={error} className={className}>
          <Input defaultValue={defaultValue} placeholder={spec.placeholder} maxLength={LIMITS.shortText} />
        </Field>
      );
    case "feature_type":
      return (
        <Field name={field} label={spec.label} error={error} className={className}>
          <select className={selectClass} defaultValue={defaultValue}>
            <option value="">None (shown as General)</option>
            {FEATURE_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      );
  }
}
