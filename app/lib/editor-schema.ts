/**
 * The admin content area's per-type configuration (PRODUCT.md "Content", PRODUCT.md "Messages") and the
 * one Zod schema per editor form, used by the browser for early messages and by the server to parse
 * FormData. Pure: no server imports.
 */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentField, type ContentType } from "~/lib/content-types";
import { DISCLOSURE_MAX_LENGTH } from "~/lib/disclosure";
import { FEATURE_TYPE_LABELS } from "~/lib/feature-types";
import { isUuid } from "~/lib/ids";
import { EARLIEST_PUBLISH_TIME, latestPublishTime, parsePublishTime, PUBLISH_YEARS_AHEAD } from "~/lib/publish-time";
import { z } from "~/lib/zod";

/** PRODUCT.md "Admin content": every admin list is paged on the server, 25 rows a page. */
export const ADMIN_PAGE_SIZE = 25;

/**
 * The editor's field limits (PRODUCT.md "Limits"). Generous for real content, small enough that a
 * pasted novel gets a field message instead of a failed insert.
 */
export const LIMITS = {
  title: 300,
  description: 2_000,
  content: 200_000,
  shortText: 200, // author, role, interviewee
  url: 2_048,
  tags: 30,
  tagLength: 50,
  // PRODUCT.md "Companies". Here rather than in lib/companies.ts, which imports this module: the editor's schema needs it.
  companies: 20,
  durationSeconds: 86_400 * 7,
  readTimeMinutes: 600,
} as const;

type FieldSpec =
  | { kind: "url"; label: string; placeholder: string }
  | { kind: "int"; label: string; min: number; max: number; unit: string; hint: string }
  | { kind: "text"; label: string; placeholder: string }
  | { kind: "feature_type"; label: string };

export const FIELD_SPECS: Record<ContentField, FieldSpec> = {
  videoUrl: { kind: "url", label: "Video URL", placeholder: "https://www.youtube.com/watch?v=..." },
  audioUrl: { kind: "url", label: "Audio URL", placeholder: "https://..." },
  thumbnailUrl: { kind: "url", label: "Thumbnail URL", placeholder: "https://.../thumbnail.jpg" },
  featuredImageUrl: { kind: "url", label: "Featured Image URL", placeholder: "https://.../image.jpg" },
  duration: {
    kind: "int",
    label: "Duration (seconds)",
    min: 0,
    max: LIMITS.durationSeconds,
    unit: "seconds",
    hint: "Leave empty if unknown.",
  },
  readTime: {
    kind: "int",
    label: "Read Time (minutes)",
    min: 1,
    max: LIMITS.readTimeMinutes,
    unit: "minutes",
    hint: "Leave empty to estimate it from the text.",
  },
  authorName: { kind: "text", label: "Author Name", placeholder: "Jane Doe" },
  authorRole: { kind: "text", label: "Author Role", placeholder: "Senior Market Analyst" },
  intervieweeName: { kind: "text", label: "Interviewee Name", placeholder: "John Smith" },
  intervieweeTitle: { kind: "text", label: "Interviewee Title", placeholder: "CEO, Example Corp" },
  featureType: { kind: "feature_type", label: "Feature Type" },
};

/**
 * PRODUCT.md "Admin list messages" and PRODUCT.md "Admin editor messages", written out in full for every
 * type so that a message seen on screen can be found with grep.
 */
const ADMIN_MESSAGES = {
  empty: {
    video: "No videos found",
    podcast: "No podcasts found",
    blog: "No blogs found",
    interview: "No interviews found",
    special_feature: "No special features found",
  },
  createFirst: {
    video: "Create your first video",
    podcast: "Create your first podcast",
    blog: "Create your first blog post",
    interview: "Create your first interview",
    special_feature: "Create your first special feature",
  },
  fetchFailed: {
    video: "Failed to fetch videos",
    podcast: "Failed to fetch podcasts",
    blog: "Failed to fetch blogs",
    interview: "Failed to fetch interviews",
    special_feature: "Failed to fetch special features",
  },
  deleted: {
    video: "Video deleted successfully",
    podcast: "Podcast deleted successfully",
    blog: "Blog post deleted successfully",
    interview: "Interview deleted successfully",
    special_feature: "Special feature deleted successfully",
  },
  deleteFailed: {
    video: "Failed to delete video",
    podcast: "Failed to delete podcast",
    blog: "Failed to delete blog post",
    interview: "Failed to delete interview",
    special_feature: "Failed to delete special feature",
  },
  published: {
    video: "Video published successfully",
    podcast: "Podcast published successfully",
    blog: "Blog post published successfully",
    interview: "Interview published successfully",
    special_feature: "Special feature published successfully",
  },
  savedDraft: {
    video: "Video saved as draft successfully",
    podcast: "Podcast saved as draft successfully",
    blog: "Blog post saved as draft successfully",
    interview: "Interview saved as draft successfully",
    special_feature: "Special feature saved as draft successfully",
  },
  updated: {
    video: "Video updated successfully",
    podcast: "Podcast updated successfully",
    blog: "Blog post updated successfully",
    interview: "Interview updated successfully",
    special_feature: "Special feature updated successfully",
  },
  notFound: {
    video: "Video not found",
    podcast: "Podcast not found",
    blog: "Blog post not found",
    interview: "Interview not found",
    special_feature: "Special feature not found",
  },
  loadFailed: {
    video: "Failed to load video",
    podcast: "Failed to load podcast",
    blog: "Failed to load blog post",
    interview: "Failed to load interview",
    special_feature: "Failed to load special feature",
  },
  createFailed: {
    video: "Failed to create video",
    podcast: "Failed to create podcast",
    blog: "Failed to create blog post",
    interview: "Failed to create interview",
    special_feature: "Failed to create special feature",
  },
  updateFailed: {
    video: "Failed to update video",
    podcast: "Failed to update podcast",
    blog: "Failed to update blog post",
    interview: "Failed to update interview",
    special_feature: "Failed to update special feature",
  },
} satisfies Record<string, Record<ContentType, string>>;

/** PRODUCT.md "Admin lists": only videos and podcasts can be featured. */
const FEATURE_MESSAGES = {
  video: { featured: "Video featured", unfeatured: "Video unfeatured" },
  podcast: { featured: "Podcast featured", unfeatured: "Podcast unfeatured" },
} as const;

/** Every admin text for a type: its messages, and the headings and buttons named after it. */
export function adminTexts(type: ContentType) {
  const info = CONTENT_REGISTRY[type];
  const message = (key: keyof typeof ADMIN_MESSAGES) => ADMIN_MESSAGES[key][type];
  const feature: { featured: string; unfeatured: string } | undefined =
    type === "video" || type === "podcast" ? FEATURE_MESSAGES[type] : undefined;
  return {
    listHeading: info.listTitle,
    addButton: `Add ${info.title}`,
    empty: message("empty"),
    createFirst: message("createFirst"),
    fetchFailed: message("fetchFailed"),
    deleted: message("deleted"),
    deleteFailed: message("deleteFailed"),
    featured: feature?.featured ?? "",
    unfeatured: feature?.unfeatured ?? "",
    featureFailed: "Failed to update featured status",
    createHeading: `Create New ${info.title}`,
    editHeading: `Edit ${info.title}`,
    backButton: `Back to ${info.listTitle}`,
    updateButton: `Update ${info.title}`,
    featuredOn: `Featured ${info.title}`,
    featuredOff: "Mark as Featured",
    loadingEdit: `Loading ${info.title} data...`,
    published: message("published"),
    savedDraft: message("savedDraft"),
    updated: message("updated"),
    notFound: message("notFound"),
    loadFailed: message("loadFailed"),
    createFailed: message("createFailed"),
    updateFailed: message("updateFailed"),
  };
}

// ---------------------------------------------------------------------------------------------------
// Editor values and the schema

export type EditorMode = "create" | "edit";

/** PRODUCT.md "Editor": create offers draft (default) and published; edit offers all three. */
export const STATUS_CHOICES: Record<EditorMode, readonly ("draft" | "published" | "archived")[]> = {
  create: ["draft", "published"],
  edit: ["draft", "published", "archived"],
};

export const FEATURE_TYPE_OPTIONS = Object.entries(FEATURE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** What the form holds: every field as typed (numbers as text, PRODUCT.md "Editor"). */
export type EditorValues = {
  title: string;
  description: string;
  content: string;
  status: string;
  tags: string[];
  featured: boolean;
  /** PRODUCT.md "Scheduled publishing": the publication time as the control shows it without scripts (UTC); unset when none. */
  publishAt?: string;
  /** PRODUCT.md "Companies": the ids of the companies the item names (the loader also gives their names). */
  companyIds: string[];
  /** PRODUCT.md "Paid promotion": the flag and its disclosure, as typed. */
  paidPromotion: boolean;
} & Record<DisclosureField, string> &
  Partial<Record<ContentField, string>>;

/** What the server saves: trimmed text or null, integers or null, a clean tag list. */
export type ContentInput = {
  title: string;
  description: string | null;
  content: string | null;
  status: "draft" | "published" | "archived";
  tags: string[];
  featured: boolean;
  /** PRODUCT.md "Scheduled publishing": the chosen publication time; null (or unset) for 'now'. */
  publishAt?: Date | null;
  /** PRODUCT.md "Companies": the item's whole set of companies, replacing the saved one; unset leaves it as it is. */
  companyIds?: string[];
  /** PRODUCT.md "Paid promotion": unset leaves the flag and the disclosure as they are. */
  paidPromotion?: boolean;
} & Partial<Record<DisclosureField, string | null>> &
  Partial<Record<ContentField, string | number | null>>;

/** PRODUCT.md "Paid promotion": the disclosure's three fields, with their labels and messages. */
export const DISCLOSURE_FIELDS = {
  disclosureSponsor: { label: "Paid for by", name: "Sponsor", required: "Enter who paid for this promotion" },
  disclosurePurpose: { label: "What the payment was for", name: "Purpose", required: "Enter what the payment was for" },
  disclosureCompensation: { label: "Compensation", name: "Compensation", required: "Enter the compensation" },
} as const;

export type DisclosureField = keyof typeof DISCLOSURE_FIELDS;
const DISCLOSURE_FIELD_NAMES = Object.keys(DISCLOSURE_FIELDS) as DisclosureField[];

/** PRODUCT.md "Companies": the picker's messages (the limit's text is also COMPANY_TEXTS.tooManyCompanies). */
export const COMPANY_PICKER_TEXTS = {
  notFromList: "Choose companies from the list",
  tooMany: `Choose at most ${LIMITS.companies} companies`,
} as const;

export function emptyEditorValues(type: ContentType): EditorValues {
  const values: EditorValues = {
    title: "",
    description: "",
    content: "",
    status: "draft",
    tags: [],
    featured: false,
    companyIds: [],
    paidPromotion: false,
    disclosureSponsor: "",
    disclosurePurpose: "",
    disclosureCompensation: "",
  };
  for (const field of CONTENT_REGISTRY[type].fields) values[field] = "";
  return values;
}

/** A web address: http(s) with a host, never javascript:, data: or a relative path (PRODUCT.md "Media fields"). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Where the site's own media live: the demo files under `public/media` (PRODUCT.md "Beyond the prototype":
 * media fields also take site paths, so seeded items can be saved unchanged) and uploads (PRODUCT.md "Media library").
 */
export const SITE_MEDIA_PREFIXES = ["/media/", "/uploads/"] as const;

/**
 * A path to one of the site's own media files: plain path characters under a media folder, no empty,
 * `.` or `..` segments, no query. Never a `//host` or another scheme, so it stays on this site.
 */
export function isSiteMediaPath(value: string): boolean {
  if (!SITE_MEDIA_PREFIXES.some((prefix) => value.startsWith(prefix))) return false;
  if (!/^[A-Za-z0-9/._~-]+$/.test(value)) return false;
  return value
    .slice(1)
    .split("/")
    .every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** What a media URL field accepts: a web address, or a path to the site's own media. */
export function isMediaUrl(value: string): boolean {
  return isHttpUrl(value) || isSiteMediaPath(value);
}

/** PRODUCT.md "Editor", tags: trimmed, ignored if empty or already present. */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

export function normalizeTags(raw: readonly string[]): string[] {
  return raw.reduce<string[]>((tags, tag) => addTag(tags, tag), []);
}

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
