import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useNavigation } from "react-router";

import { CompanyPicker } from "~/components/admin/company-picker";
import { EditLoadingPlaceholder, usePendingEditNavigation } from "~/components/admin/edit-loading";
import { MediaUrlField } from "~/components/admin/media-url-field";
import { PaidPromotionFields } from "~/components/admin/paid-promotion-fields";
import { PublishAtField } from "~/components/admin/publish-at-field";
import { RichTextField } from "~/components/admin/rich-text-field";
import { TagsInput } from "~/components/admin/tags-input";
import { TranscriptFields } from "~/components/admin/transcript-fields";
import { notify } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { adminTexts } from "~/lib/admin-texts";
import { CONTENT_REGISTRY, hasTranscript } from "~/lib/content-registry";
import { type ContentField, type ContentType } from "~/lib/content-types";
import { DISCLOSURE_FIELD_NAMES, type DisclosureField } from "~/lib/disclosure-fields";
import { FIELD_SPECS, LIMITS } from "~/lib/editor-fields";
import { CORRECTION_LABEL, CORRECTION_MAX_LENGTH, EDITOR_PARSE_OPTIONS, editorSchema } from "~/lib/editor-schema";
import { FEATURE_TYPE_OPTIONS, STATUS_CHOICES, type EditorMode, type EditorValues } from "~/lib/editor-values";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { EditorActionData } from "~/server/content/admin-content-handlers.server";
import type { ItemCompanyRow } from "~/server/content/item-companies.server";

// Text fields describe the item; URLs and numbers are its media or article settings (PRODUCT.md "Editor": its groups).
const DETAIL_FIELDS: readonly ContentField[] = ["authorName", "authorRole", "intervieweeName", "intervieweeTitle", "featureType"];
/** PRODUCT.md "Transcripts": in a card of their own, after the media settings. */
const TRANSCRIPT_FIELDS: readonly ContentField[] = ["transcript", "chapters"];

const STATUS_LABELS: Record<string, string> = { draft: "Draft", published: "Published", archived: "Archived" };

/** What the editor loaders give the page. */
export interface EditorData {
  type: ContentType;
  mode: EditorMode;
  id: string | null;
  values: EditorValues;
  /** PRODUCT.md "Companies": the companies the item names, for the picker's chips (none when left out). */
  companies?: ItemCompanyRow[];
  /** PRODUCT.md "Roles": false for a contributor, whose editor saves drafts only (no status, time or feature). */
  mayPublish?: boolean;
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Repeated form values as a list (Conform gives one value as a string). */
const asList = (value: unknown): string[] => (Array.isArray(value) ? value : value == null ? [] : [value]).map(String);

/** The create and edit screens of every content type (PRODUCT.md "Editor"). */
/** `notice`: shown under the heading (the edit screen's compliance review line, PRODUCT.md "Review"). */
export function ContentEditor({
  editor,
  actionData,
  notice,
}: {
  editor: EditorData;
  actionData: EditorActionData | undefined;
  notice?: ReactNode;
}) {
  const pendingEdit = usePendingEditNavigation(editor.type);
  if (pendingEdit) return <EditLoadingPlaceholder type={editor.type} />;
  return <EditorForm editor={editor} actionData={actionData} notice={notice} />;
}

function EditorForm({ editor, actionData, notice }: { editor: EditorData; actionData: EditorActionData | undefined; notice?: ReactNode }) {
  const { type, mode } = editor;
  const info = CONTENT_REGISTRY[type];
  const texts = adminTexts(type);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const schema = editorSchema(type, mode);

  const [form, fields] = useForm({
    id: "content-editor",
    lastResult: actionData?.result,
    defaultValue: editor.values,
    // Our messages (the same schema as the server) replace the browser's bubbles once the page is interactive.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, ...EDITOR_PARSE_OPTIONS }),
  });

  // After a rejected post the form shows what was submitted; tags and the featured flag live in state.
  const typed = actionData?.result.initialValue;
  const [tags, setTags] = useState(() => (typed ? asList(typed.tags) : editor.values.tags));
  const [featured, setFeatured] = useState(() => (typed ? typed.featured === "true" : editor.values.featured));
  // The reply names the submitted companies, so a refused save shows them again (also without scripts).
  const [companies, setCompanies] = useState<ItemCompanyRow[]>(() => actionData?.companies ?? editor.companies ?? []);

  // PRODUCT.md "Admin editor messages": a failed save is an 'Error' toast; what was typed stays in the form.
  useEffect(() => {
    const failure = actionData?.result.error?.[""]?.[0];
    if (failure) notify("error", "Error", failure);
  }, [actionData]);

  function changeTags(next: string[]) {
    // The hidden inputs must be in the form before a shown tags message is checked again.
    flushSync(() => setTags(next));
    if (fields.tags.errors) form.validate({ name: fields.tags.name });
  }

  function changeCompanies(next: ItemCompanyRow[]) {
    flushSync(() => setCompanies(next));
    if (fields.companyIds.errors) form.validate({ name: fields.companyIds.name });
  }

  const saving = navigation.formData != null && navigation.formMethod?.toUpperCase() === "POST";
  const title = String(fields.title.value ?? "");
  const status = String(fields.status.value ?? editor.values.status);
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

  const detailFields = info.fields.filter((f) => DETAIL_FIELDS.includes(f));
  const settingsFields = info.fields.filter((f) => !DETAIL_FIELDS.includes(f) && !TRANSCRIPT_FIELDS.includes(f));
  const metaOf = (field: string): Meta => fields[field] as Meta;

  return (
    // data-hydrated: lets end-to-end tests wait until the form's scripts run.
    <div className="space-y-6" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Link className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "w-fit")} to={info.adminPath}>
          <Icon name="arrow-left" />
          {texts.backButton}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{mode === "create" ? texts.createHeading : texts.editHeading}</h1>
      </div>
      {notice}

      <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>{info.title} Details</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Field meta={fields.title} label="Title" required>
                <Input placeholder={`Enter ${info.noun} title`} autoComplete="off" />
              </Field>
              <Field meta={fields.description} label="Description">
                <Textarea rows={3} placeholder="A short summary" />
              </Field>
              <RichTextField meta={metaOf("content")} />
              {detailFields.map((field) => (
                <ContentFieldInput key={field} field={field} meta={metaOf(field)} />
              ))}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{info.settingsTitle}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {settingsFields.map((field) => (
                <ContentFieldInput
                  key={field}
                  field={field}
                  meta={metaOf(field)}
                  className={FIELD_SPECS[field].kind === "url" ? "sm:col-span-2" : undefined}
                />
              ))}
            </CardContent>
          </Card>

          {hasTranscript(type) ? <TranscriptFields transcript={metaOf("transcript")} chapters={metaOf("chapters")} /> : null}
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Publishing</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {editor.mayPublish === false ? (
                <>
                  {/* PRODUCT.md "Roles": a contributor saves drafts; an editor publishes them once reviewed. */}
                  <p className="text-sm">
                    <span className="font-medium">Status:</span> Draft
                  </p>
                  <p className="text-xs text-muted-foreground">
                    An editor publishes it. Submit it for review from its review page when it is ready.
                  </p>
                  <input type="hidden" name={fields.status.name} value="draft" />
                  <input type="hidden" name={fields.featured.name} value={String(featured)} />
                </>
              ) : (
                <>
                  <Field meta={fields.status} label="Status">
                    <NativeSelect>
                      {STATUS_CHOICES[mode].map((choice) => (
                        <option key={choice} value={choice}>
                          {STATUS_LABELS[choice]}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                  <PublishAtField
                    meta={metaOf("publishAt")}
                    initial={typed ? String(typed.publishAt ?? "") : (editor.values.publishAt ?? "")}
                    revalidate={() => form.validate({ name: fields.publishAt.name })}
                  />
                  {info.featurable ? (
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
                      <input type="hidden" name={fields.featured.name} value={String(featured)} />
                    </div>
                  ) : null}
                  {/* PRODUCT.md "Revisions": an edit of a published piece may say what it corrects. */}
                  {mode === "edit" && editor.values.status === "published" ? (
                    <Field
                      meta={metaOf("correction")}
                      label={CORRECTION_LABEL}
                      hint="Only when this edit corrects an error readers saw: shown with today's date on the page and in the feed."
                    >
                      <Textarea rows={2} maxLength={CORRECTION_MAX_LENGTH} />
                    </Field>
                  ) : null}
                </>
              )}
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
              <TagsInput tags={tags} onChange={changeTags} name={fields.tags.name} error={fields.tags.errors?.[0]} />
            </CardContent>
          </Card>

          <CompanyPicker
            chosen={companies}
            onChange={changeCompanies}
            name={fields.companyIds.name}
            error={fields.companyIds.errors?.[0]}
          />

          <PaidPromotionFields
            paid={metaOf("paidPromotion")}
            fields={Object.fromEntries(DISCLOSURE_FIELD_NAMES.map((name) => [name, metaOf(name)])) as Record<DisclosureField, Meta>}
            companies={companies}
            noun={info.noun}
            onToggle={() => {
              for (const name of DISCLOSURE_FIELD_NAMES) {
                if (fields[name]?.errors) form.validate({ name });
              }
            }}
          />
        </div>
      </Form>
    </div>
  );
}

function ContentFieldInput({ field, meta, className }: { field: ContentField; meta: Meta; className?: string }) {
  const spec = FIELD_SPECS[field];
  switch (spec.kind) {
    case "url":
      return <MediaUrlField field={field} meta={meta} className={className} />;
    case "int":
      return (
        <Field meta={meta} label={spec.label} hint={spec.hint} className={className}>
          <Input type="number" inputMode="numeric" min={spec.min} max={spec.max} step={1} />
        </Field>
      );
    case "text":
      return (
        <Field meta={meta} label={spec.label} className={className}>
          <Input placeholder={spec.placeholder} maxLength={LIMITS.shortText} />
        </Field>
      );
    case "transcript":
    case "chapters":
      // In the Transcript card (TranscriptFields).
      return null;
    case "feature_type":
      return (
        <Field meta={meta} label={spec.label} className={className}>
          <NativeSelect>
            <option value="">None (shown as General)</option>
            {FEATURE_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      );
  }
}
