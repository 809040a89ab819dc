/**
 * The one Zod schema of the content editor's form (PRODUCT.md "Editor"), used by the browser for early
 * messages and by the server to parse FormData. Pure: no server imports.
 */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentField, type ContentType } from "~/lib/content-types";
import { DISCLOSURE_MAX_LENGTH } from "~/lib/disclosure";
import { DISCLOSURE_FIELDS, type DisclosureField } from "~/lib/disclosure-fields";
import { FIELD_SPECS, LIMITS } from "~/lib/editor-fields";
import { STATUS_CHOICES, type ContentInput, type EditorMode } from "~/lib/editor-values";
import { FEATURE_TYPE_LABELS } from "~/lib/feature-types";
import { isUuid } from "~/lib/ids";
import { isMediaUrl } from "~/lib/media-fields";
import { EARLIEST_PUBLISH_TIME, latestPublishTime, parsePublishTime, PUBLISH_YEARS_AHEAD } from "~/lib/publish-time";
import { normalizeTags } from "~/lib/tags";
import { z } from "~/lib/zod";

const DISCLOSURE_FIELD_NAMES = Object.keys(DISCLOSURE_FIELDS) as DisclosureField[];

/** PRODUCT.md "Companies": the picker's messages (the limit's text is also COMPANY_TEXTS.tooManyCompanies). */
export const COMPANY_PICKER_TEXTS = {
  notFromList: "Choose companies from the list",
  tooMany: `Choose at most ${LIMITS.companies} companies`,
} as const;

/**
 * A text field as the form sends it. A missing field, or a file where text belongs, counts as empty, so
 * a hand-made body gets the same messages as an empty form.
 */
const formText = z
  .unknown()
  .prefault("")
  .transform((value) => (typeof value === "string" ? value : ""));

const optionalText = (label: string, max: number) =>
  formText.pipe(
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
      .transform((v) => v || null),
  );

const optionalUrl = (label: string) =>
  formText.pipe(
    z
      .string()
      .trim()
      .max(LIMITS.url, `${label} must be at most ${LIMITS.url} characters`)
      .refine((v) => v === "" || isMediaUrl(v), "Enter a valid URL starting with http:// or https://")
      .transform((v) => v || null),
  );

/** PRODUCT.md "Editor": empty saved as null; otherwise a whole number within the field's range, sent as an integer. */
const optionalInt = (name: string, min: number, max: number, unit: string) =>
  formText.pipe(
    z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === "") return null;
        const n = Number(v);
        const fail = (message: string) => {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        };
        // What a number input can send ('12', '-3', '1.5', '1e3'); not '0x10' or 'Infinity'.
        if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v) || !Number.isFinite(n)) return fail(`${name} must be a number`);
        if (n < min)
          return fail(
            min === 0 ? `${name} must be 0 or more` : `${name} must be at least ${min} ${min === 1 ? unit.replace(/s$/, "") : unit}`,
          );
        if (!Number.isInteger(n)) return fail(`${name} must be a whole number of ${unit}`);
        if (n > max) return fail(`${name} must be at most ${max.toLocaleString("en-US")} ${unit}`);
        return n;
      }),
  );

function fieldSchema(field: ContentField) {
  const spec = FIELD_SPECS[field];
  switch (spec.kind) {
    case "url":
      return optionalUrl(spec.label);
    case "text":
      return optionalText(spec.label, LIMITS.shortText);
    case "int":
      return optionalInt(field === "duration" ? "Duration" : "Read time", spec.min, spec.max, spec.unit);
    case "feature_type":
      return formText.pipe(
        z
          .string()
          .trim()
          .refine((v) => v === "" || v in FEATURE_TYPE_LABELS, "Choose a feature type from the list")
          .transform((v) => v || null),
      );
  }
}

/** Repeated `tags` fields: none, one (a string) or several (an array). */
const tagsSchema = z
  .unknown()
  .prefault([])
  .transform((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((t) => typeof t === "string"))
  .pipe(z.array(z.string()))
  .transform(normalizeTags)
  .pipe(
    z
      .array(z.string().max(LIMITS.tagLength, `Each tag must be at most ${LIMITS.tagLength} characters`))
      .max(LIMITS.tags, `Use at most ${LIMITS.tags} tags`),
  );

/**
 * PRODUCT.md "Companies": repeated `companyIds` fields (none, one or several), each a company's id as the
 * picker sends it; an id sent twice counts once.
 */
const companyIdsSchema = z
  .unknown()
  .prefault([])
  .transform((value, ctx) => {
    const ids = (Array.isArray(value) ? value : value === undefined ? [] : [value])
      .filter((id) => typeof id === "string")
      .map((id) => id.trim().toLowerCase())
      .filter((id) => id !== "");
    if (!ids.every((id) => isUuid(id))) {
      ctx.addIssue({ code: "custom", message: COMPANY_PICKER_TEXTS.notFromList });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length > LIMITS.companies) {
      ctx.addIssue({ code: "custom", message: COMPANY_PICKER_TEXTS.tooMany });
      return z.NEVER;
    }
    return unique;
  });

/** Tab, line feed and carriage return are ordinary in typed text; no other control character is (as `readForm` refuses). */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

const disclosureText = (value: Record<string, unknown>, field: DisclosureField) =>
  typeof value[field] === "string" ? value[field].trim() : "";

/**
 * PRODUCT.md "Paid promotion": a paid item's disclosure, checked only when the item is paid (the fields are
 * hidden otherwise, so a stale text must not block a save); all three are required to publish it.
 */
function checkDisclosure(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (value.paidPromotion !== true) return;
  for (const field of DISCLOSURE_FIELD_NAMES) {
    const { name, required } = DISCLOSURE_FIELDS[field];
    const text = disclosureText(value, field);
    const fail = (message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (CONTROL_CHARACTER.test(text)) fail(`${name} contains a control character; remove it`);
    else if (text.length > DISCLOSURE_MAX_LENGTH)
      fail(`${name} must be at most ${DISCLOSURE_MAX_LENGTH.toLocaleString("en-US")} characters`);
    else if (!text && value.status === "published") fail(required);
  }
}

/** Trimmed, empty as null; an item that is not paid saves none, so an old disclosure never shows. */
function disclosureValues(value: Record<string, unknown>) {
  const paid = value.paidPromotion === true;
  return Object.fromEntries(DISCLOSURE_FIELD_NAMES.map((field) => [field, (paid && disclosureText(value, field)) || null]));
}

/** PRODUCT.md "Scheduled publishing": empty is 'now'; otherwise a real time from 2000 to five years ahead. */
const publishAtSchema = formText.pipe(
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      const date = parsePublishTime(v);
      if (!date) return fail("Enter a valid date and time");
      if (date.getTime() < EARLIEST_PUBLISH_TIME) return fail("Choose a time in 2000 or later");
      if (date.getTime() > latestPublishTime(Date.now())) return fail(`Choose a time at most ${PUBLISH_YEARS_AHEAD} years ahead`);
      return date;
    }),
);

/**
 * The one schema for a type's editor form (PRODUCT.md "Editor"), shared by the browser and the server. It
 * reads the form's values as Conform parses them (text, or a list for repeated names), with Conform's
 * empty-to-undefined coercion turned off so that empty fields keep the rules below.
 */
export function editorSchema(type: ContentType, mode: EditorMode): z.ZodType<ContentInput, unknown> {
  // Built once per type and mode: the editor validates on every keystroke, the server on every save.
  const key = `${type}:${mode}`;
  const cached = editorSchemas.get(key);
  if (cached) return cached;
  const schema = buildEditorSchema(type, mode);
  editorSchemas.set(key, schema);
  return schema;
}

const editorSchemas = new Map<string, z.ZodType<ContentInput, unknown>>();

function buildEditorSchema(type: ContentType, mode: EditorMode) {
  const info = CONTENT_REGISTRY[type];
  const shape: Record<string, z.ZodType> = {
    title: formText.pipe(
      z.string().trim().min(1, "Title is required").max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
    ),
    description: optionalText("Description", LIMITS.description),
    content: optionalText("Content", LIMITS.content),
    // A form without a status saves a draft.
    status: formText.pipe(z.string().transform((v) => v || "draft")).pipe(z.enum(STATUS_CHOICES[mode], { error: "Choose a valid status" })),
    tags: tagsSchema,
    publishAt: publishAtSchema,
    // The hidden input sends 'true'; a checkbox would send 'on'. Types without the flag never set it.
    featured: formText.transform((v) => info.featurable && (v === "true" || v === "on")),
    companyIds: companyIdsSchema,
    // A checkbox sends 'on'; 'true' is accepted too, as for the featured flag.
    paidPromotion: formText.transform((v) => v === "on" || v === "true"),
  };
  for (const field of DISCLOSURE_FIELD_NAMES) shape[field] = formText;
  for (const field of info.fields) shape[field] = fieldSchema(field);
  // superRefine also runs when other fields have messages, so the browser shows them all at once.
  return z
    .object(shape)
    .superRefine(checkDisclosure)
    .transform((value) => ({ ...value, ...disclosureValues(value) })) as unknown as z.ZodType<ContentInput, unknown>;
}

/** The options the server and the browser pass to Conform's parseWithZod for the editor form. */
export const EDITOR_PARSE_OPTIONS = { disableAutoCoercion: true } as const;
