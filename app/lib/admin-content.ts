/**
 * The admin content area's per-type configuration (PRODUCT.md "Content", PRODUCT.md "Messages") and the
 * one Zod schema per editor form, used by the browser for early messages and by the server to parse
 * FormData. Pure: no server imports.
 */
import { FEATURE_TYPE_LABELS, type ContentType } from "~/lib/content-types";
import { z } from "~/lib/zod";

export const ADMIN_CONTENT_TYPES = ["videos", "podcasts", "blogs", "interviews", "special-features"] as const;
export type AdminContentType = (typeof ADMIN_CONTENT_TYPES)[number];

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
  durationSeconds: 86_400 * 7,
  readTimeMinutes: 600,
} as const;

/** Type-specific form fields, named as their database columns. */
export type ContentField =
  | "video_url"
  | "audio_url"
  | "thumbnail_url"
  | "featured_image_url"
  | "duration"
  | "read_time"
  | "author_name"
  | "author_role"
  | "interviewee_name"
  | "interviewee_title"
  | "feature_type";

type FieldSpec =
  | { kind: "url"; label: string; placeholder: string }
  | { kind: "int"; label: string; min: number; max: number; unit: string; hint: string }
  | { kind: "text"; label: string; placeholder: string }
  | { kind: "feature_type"; label: string };

export const FIELD_SPECS: Record<ContentField, FieldSpec> = {
  video_url: { kind: "url", label: "Video URL", placeholder: "https://www.youtube.com/watch?v=..." },
  audio_url: { kind: "url", label: "Audio URL", placeholder: "https://..." },
  thumbnail_url: { kind: "url", label: "Thumbnail URL", placeholder: "https://.../thumbnail.jpg" },
  featured_image_url: { kind: "url", label: "Featured Image URL", placeholder: "https://.../image.jpg" },
  duration: {
    kind: "int",
    label: "Duration (seconds)",
    min: 0,
    max: LIMITS.durationSeconds,
    unit: "seconds",
    hint: "Leave empty if unknown.",
  },
  read_time: {
    kind: "int",
    label: "Read Time (minutes)",
    min: 1,
    max: LIMITS.readTimeMinutes,
    unit: "minutes",
    hint: "Leave empty to estimate it from the text.",
  },
  author_name: { kind: "text", label: "Author Name", placeholder: "Jane Doe" },
  author_role: { kind: "text", label: "Author Role", placeholder: "Senior Market Analyst" },
  interviewee_name: { kind: "text", label: "Interviewee Name", placeholder: "John Smith" },
  interviewee_title: { kind: "text", label: "Interviewee Title", placeholder: "CEO, Example Corp" },
  feature_type: { kind: "feature_type", label: "Feature Type" },
};

export interface AdminTypeConfig {
  type: AdminContentType;
  contentType: ContentType;
  /** Headings and buttons: 'Video', 'Blog Post', 'Special Feature'. */
  title: string;
  /** {Type} in PRODUCT.md "Messages": 'Video', 'Blog post', 'Special feature'. */
  messageName: string;
  /** {noun} in PRODUCT.md "Messages": 'video', 'blog post'. */
  noun: string;
  /** 'videos', 'blogs', 'special features' ({plural} in PRODUCT.md "Messages", as in 'Failed to fetch …'). */
  plural: string;
  /** The list heading and back button: 'Videos', 'Blogs', 'Special Features'. */
  listTitle: string;
  listPath: string;
  /** PRODUCT.md "Editor": the 'media or article settings' group's title. */
  settingsTitle: string;
  fields: ContentField[];
  /** Videos and podcasts have the featured flag (PRODUCT.md "Content"). */
  featurable: boolean;
  /** The counter shown in the list: views, or listens for podcasts. */
  counter: "views" | "listens";
  /** Column searched besides title and description (PRODUCT.md "Admin lists"). */
  extraSearchField: "author_name" | "interviewee_name" | "feature_type" | null;
}

function config(
  type: AdminContentType,
  values: Omit<AdminTypeConfig, "type" | "listPath" | "featurable" | "counter"> & Partial<AdminTypeConfig>,
): AdminTypeConfig {
  return { type, listPath: `/admin/${type}`, featurable: false, counter: "views", ...values };
}

export const ADMIN_TYPES: Record<AdminContentType, AdminTypeConfig> = {
  videos: config("videos", {
    contentType: "video",
    title: "Video",
    messageName: "Video",
    noun: "video",
    plural: "videos",
    listTitle: "Videos",
    settingsTitle: "Media Settings",
    fields: ["video_url", "thumbnail_url", "duration"],
    featurable: true,
    extraSearchField: null,
  }),
  podcasts: config("podcasts", {
    contentType: "podcast",
    title: "Podcast",
    messageName: "Podcast",
    noun: "podcast",
    plural: "podcasts",
    listTitle: "Podcasts",
    settingsTitle: "Media Settings",
    fields: ["audio_url", "thumbnail_url", "duration"],
    featurable: true,
    counter: "listens",
    extraSearchField: null,
  }),
  blogs: config("blogs", {
    contentType: "blog",
    title: "Blog Post",
    messageName: "Blog post",
    noun: "blog post",
    plural: "blogs",
    listTitle: "Blogs",
    settingsTitle: "Article Settings",
    fields: ["featured_image_url", "author_name", "author_role", "read_time"],
    extraSearchField: "author_name",
  }),
  interviews: config("interviews", {
    contentType: "interview",
    title: "Interview",
    messageName: "Interview",
    noun: "interview",
    plural: "interviews",
    listTitle: "Interviews",
    settingsTitle: "Media Settings",
    fields: ["interviewee_name", "interviewee_title", "video_url", "audio_url", "thumbnail_url", "duration"],
    extraSearchField: "interviewee_name",
  }),
  "special-features": config("special-features", {
    contentType: "special_feature",
    title: "Special Feature",
    messageName: "Special feature",
    noun: "special feature",
    plural: "special features",
    listTitle: "Special Features",
    settingsTitle: "Article Settings",
    fields: ["feature_type", "featured_image_url", "video_url", "read_time"],
    extraSearchField: "feature_type",
  }),
};

/** PRODUCT.md "Admin list messages" and PRODUCT.md "Admin editor messages": every text for a type. */
export function adminTexts(type: AdminContentType) {
  const c = ADMIN_TYPES[type];
  return {
    listHeading: c.listTitle,
    addButton: `Add ${c.title}`,
    empty: `No ${c.plural} found`,
    createFirst: `Create your first ${c.noun}`,
    fetchFailed: `Failed to fetch ${c.plural}`,
    deleted: `${c.messageName} deleted successfully`,
    deleteFailed: `Failed to delete ${c.noun}`,
    featured: `${c.messageName} featured`,
    unfeatured: `${c.messageName} unfeatured`,
    featureFailed: "Failed to update featured status",
    createHeading: `Create New ${c.title}`,
    editHeading: `Edit ${c.title}`,
    backButton: `Back to ${c.listTitle}`,
    updateButton: `Update ${c.title}`,
    featuredOn: `Featured ${c.title}`,
    featuredOff: "Mark as Featured",
    loadingEdit: `Loading ${c.title} data...`,
    published: `${c.messageName} published successfully`,
    savedDraft: `${c.messageName} saved as draft successfully`,
    updated: `${c.messageName} updated successfully`,
    notFound: `${c.messageName} not found`,
    loadFailed: `Failed to load ${c.noun}`,
    createFailed: `Failed to create ${c.noun}`,
    updateFailed: `Failed to update ${c.noun}`,
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
} & Partial<Record<ContentField, string>>;

/** What the server saves: trimmed text or null, integers or null, a clean tag list. */
export type ContentInput = {
  title: string;
  description: string | null;
  content: string | null;
  status: "draft" | "published" | "archived";
  tags: string[];
  featured: boolean;
} & Partial<Record<ContentField, string | number | null>>;

export type FieldErrors = Partial<Record<string, string[]>>;

export function emptyEditorValues(type: AdminContentType): EditorValues {
  const values: EditorValues = { title: "", description: "", content: "", status: "draft", tags: [], featured: false };
  for (const field of ADMIN_TYPES[type].fields) values[field] = "";
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
 * media fields also take site paths, so seeded items can be saved unchanged).
 */
export const SITE_MEDIA_PREFIXES = ["/media/"] as const;

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

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .transform((v) => v || null);

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.url, `${label} must be at most ${LIMITS.url} characters`)
    .refine((v) => v === "" || isMediaUrl(v), "Enter a valid URL starting with http:// or https://")
    .transform((v) => v || null);

/** PRODUCT.md "Editor": empty saved as null; otherwise a whole number within the field's range, sent as an integer. */
const optionalInt = (name: string, min: number, max: number, unit: string) =>
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
    });

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
      return z
        .string()
        .trim()
        .refine((v) => v === "" || v in FEATURE_TYPE_LABELS, "Choose a feature type from the list")
        .transform((v) => v || null);
  }
}

const tagsSchema = z
  .array(z.string())
  .transform(normalizeTags)
  .pipe(
    z
      .array(z.string().max(LIMITS.tagLength, `Each tag must be at most ${LIMITS.tagLength} characters`))
      .max(LIMITS.tags, `Use at most ${LIMITS.tags} tags`),
  );

/** The one schema for a type's editor form (PRODUCT.md "Editor"), shared by the browser and the server. */
export function editorSchema(type: AdminContentType, mode: EditorMode) {
  const c = ADMIN_TYPES[type];
  const shape: Record<string, z.ZodType> = {
    title: z.string().trim().min(1, "Title is required").max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
    description: optionalText("Description", LIMITS.description),
    content: optionalText("Content", LIMITS.content),
    status: z.enum(STATUS_CHOICES[mode], { error: "Choose a valid status" }),
    tags: tagsSchema,
    featured: c.featurable ? z.boolean() : z.boolean().transform(() => false),
  };
  for (const field of c.fields) shape[field] = fieldSchema(field);
  return z.object(shape) as unknown as z.ZodType<ContentInput, EditorValues>;
}

/** FormData → editor values: every field as text (anything that is not text counts as empty). */
export function editorValuesFromFormData(type: AdminContentType, formData: FormData): EditorValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: EditorValues = {
    title: text("title"),
    description: text("description"),
    content: text("content"),
    status: text("status") || "draft",
    tags: formData.getAll("tags").filter((t): t is string => typeof t === "string"),
    featured: ADMIN_TYPES[type].featurable && ["true", "on"].includes(text("featured")),
  };
  for (const field of ADMIN_TYPES[type].fields) values[field] = text(field);
  return values;
}

export type ParseResult = { success: true; data: ContentInput } | { success: false; fieldErrors: FieldErrors };

export function parseEditorValues(type: AdminContentType, mode: EditorMode, values: EditorValues): ParseResult {
  const result = editorSchema(type, mode).safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, fieldErrors: z.flattenError(result.error).fieldErrors as FieldErrors };
}
