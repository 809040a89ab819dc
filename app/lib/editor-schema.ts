/**
 * The one Zod schema of the content editor's form (PRODUCT.md "Editor"), used by the browser for early
 * messages and by the server to parse FormData. Pure: no server imports.
 */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentField, type ContentType } from "~/lib/content-types";
import { DISCLOSURE_MAX_LENGTH } from "~/lib/disclosure";
import {
  DISCLOSURE_FIELD_NAMES,
  DISCLOSURE_FIELDS,
  OTHER_PARTY,
  SPONSORSHIP_MESSAGES,
  type DisclosureField,
  type SponsorshipColumn,
} from "~/lib/disclosure-fields";
import { FIELD_SPECS, LIMITS } from "~/lib/editor-fields";
import { STATUS_CHOICES, type ContentInput, type EditorMode } from "~/lib/editor-values";
import { FEATURE_TYPE_LABELS } from "~/lib/feature-types";
import { isUuid } from "~/lib/ids";
import { isMediaUrl } from "~/lib/media-fields";
import { EARLIEST_PUBLISH_TIME, latestPublishTime, parsePublishTime, PUBLISH_YEARS_AHEAD } from "~/lib/publish-time";
import {
  agreementDateInRange,
  CONSIDERATION_FORMS,
  CURRENCIES,
  MAX_CONSIDERATION_AMOUNT,
  MAX_CONSIDERATION_UNITS,
  parseAgreementDate,
  parseAmount,
  parseUnits,
} from "~/lib/sponsorship";
import { normalizeTags } from "~/lib/tags";
import { parseChapters, parseTranscript } from "~/lib/transcripts";
import { z } from "~/lib/zod";

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
    case "transcript":
      // PRODUCT.md "Transcripts": stored normalised (SRT as WebVTT); a file that is neither is refused at its first bad line.
      return formText.transform((value, ctx) => {
        const parsed = parseTranscript(value);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        return parsed.stored || null;
      });
    case "chapters":
      return formText.transform((value, ctx) => {
        const parsed = parseChapters(value);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        return parsed.stored || null;
      });
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

/** PRODUCT.md "Revisions": the editor's correction note, shown to readers with its date. */
export const CORRECTION_LABEL = "Correction note";
export const CORRECTION_MAX_LENGTH = 500;

/** Tab, line feed and carriage return are ordinary in typed text; no other control character is (as `readForm` refuses). */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

const disclosureText = (value: Record<string, unknown>, field: DisclosureField) =>
  typeof value[field] === "string" ? value[field].trim() : "";

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/**
 * PRODUCT.md "Paid promotion": a paid item's sponsorship, checked only when the item is paid (the fields are
 * hidden otherwise, so a stale value must not block a save). A value that is there must be valid; to publish,
 * who paid, what, how much and the agreement's date are all required (the editor's addition never is).
 */
function checkDisclosure(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (value.paidPromotion !== true) return;
  const publishing = value.status === "published";
  const fail = (field: DisclosureField, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
  /** Checks a field's text; returns it when it is there and may be read further. */
  const read = (field: DisclosureField, required: boolean): string | null => {
    const text = disclosureText(value, field);
    const { name, required: missing } = DISCLOSURE_FIELDS[field];
    if (CONTROL_CHARACTER.test(text)) fail(field, `${name} contains a control character; remove it`);
    else if (text.length > DISCLOSURE_MAX_LENGTH)
      fail(field, `${name} must be at most ${DISCLOSURE_MAX_LENGTH.toLocaleString("en-US")} characters`);
    else if (!text && required && publishing && missing) fail(field, missing);
    else return text || null;
    return null;
  };

  const paidBy = read("paidBy", true);
  if (paidBy && paidBy !== OTHER_PARTY && !isUuid(paidBy)) fail("paidBy", SPONSORSHIP_MESSAGES.payerNotListed);
  if (paidBy === OTHER_PARTY) read("disclosureSponsor", true);

  const form = read("considerationForm", true);
  if (form && !includes(CONSIDERATION_FORMS, form)) fail("considerationForm", SPONSORSHIP_MESSAGES.form);
  if (form === "cash") {
    const amountText = read("considerationAmount", true);
    const amount = amountText === null ? null : parseAmount(amountText);
    if (amountText !== null && amount === null) fail("considerationAmount", SPONSORSHIP_MESSAGES.amount);
    else if (amount !== null && (amount <= 0 || amount > MAX_CONSIDERATION_AMOUNT))
      fail("considerationAmount", SPONSORSHIP_MESSAGES.amountRange);
    const currency = read("considerationCurrency", true);
    if (currency && !includes(CURRENCIES, currency)) fail("considerationCurrency", SPONSORSHIP_MESSAGES.currency);
  } else if (form === "shares" || form === "options") {
    const unitsText = read("considerationUnits", true);
    const units = unitsText === null ? null : parseUnits(unitsText);
    if (unitsText !== null && units === null) fail("considerationUnits", SPONSORSHIP_MESSAGES.units);
    else if (units !== null && (units <= 0 || units > MAX_CONSIDERATION_UNITS)) fail("considerationUnits", SPONSORSHIP_MESSAGES.unitsRange);
  }

  const dateText = read("agreementDate", true);
  const date = dateText === null ? null : parseAgreementDate(dateText);
  if (dateText !== null && date === null) fail("agreementDate", SPONSORSHIP_MESSAGES.date);
  else if (date !== null && !agreementDateInRange(date, Date.now())) fail("agreementDate", SPONSORSHIP_MESSAGES.dateRange);

  read("disclosureNote", false);
}

/**
 * The sponsorship's columns from the checked form: trimmed, normalised ('7,500' → '7500'), empty as null,
 * and only the consideration fields its form uses. An item that is not paid saves none, so an old disclosure
 * never shows.
 */
function disclosureValues(value: Record<string, unknown>): Record<SponsorshipColumn, string | null> {
  const paid = value.paidPromotion === true;
  const text = (field: DisclosureField) => (paid && disclosureText(value, field)) || null;
  const paidBy = text("paidBy");
  const form = text("considerationForm");
  const amount = form === "cash" ? parseAmount(text("considerationAmount") ?? "") : null;
  const units = form === "shares" || form === "options" ? parseUnits(text("considerationUnits") ?? "") : null;
  return {
    sponsorCompanyId: paidBy && paidBy !== OTHER_PARTY ? paidBy.toLowerCase() : null,
    disclosureSponsor: paidBy === OTHER_PARTY ? text("disclosureSponsor") : null,
    considerationForm: form,
    considerationAmount: amount === null ? null : amount.toFixed(2),
    considerationCurrency: form === "cash" ? text("considerationCurrency") : null,
    considerationUnits: units === null ? null : String(units),
    agreementDate: text("agreementDate"),
    disclosureNote: text("disclosureNote"),
  };
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
    // PRODUCT.md "Revisions": only an edit can correct what readers saw.
    ...(mode === "edit"
      ? {
          correction: optionalText(CORRECTION_LABEL, CORRECTION_MAX_LENGTH).refine(
            (v) => v === null || !CONTROL_CHARACTER.test(v),
            `${CORRECTION_LABEL} contains a control character; remove it`,
          ),
        }
      : {}),
  };
  for (const field of DISCLOSURE_FIELD_NAMES) shape[field] = formText;
  for (const field of info.fields) shape[field] = fieldSchema(field);
  // superRefine also runs when other fields have messages, so the browser shows them all at once.
  return z
    .object(shape)
    .superRefine(checkDisclosure)
    .transform(({ paidBy: _paidBy, ...value }) => ({
      ...value,
      ...disclosureValues({ paidBy: _paidBy, ...value }),
    })) as unknown as z.ZodType<ContentInput, unknown>;
}

/** The options the server and the browser pass to Conform's parseWithZod for the editor form. */
export const EDITOR_PARSE_OPTIONS = { disableAutoCoercion: true } as const;
