/**
 * The admin content area's data access and its loaders/actions (PRODUCT.md "Admin content"):
 * server-side search and 25-row pages for all five types, create/update with the published_at rule,
 * delete, and the admin-only featured toggle.
 *
 * Route modules call `requireAdmin(request)` first and hand its result to these handlers; the `admin`
 * parameter makes that check impossible to forget.
 */
import { count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";

import {
  ADMIN_PAGE_SIZE,
  ADMIN_TYPES,
  adminTexts,
  editorValuesFromFormData,
  emptyEditorValues,
  parseEditorValues,
  type AdminContentType,
  type ContentField,
  type ContentInput,
  type EditorMode,
  type EditorValues,
  type FieldErrors,
} from "~/lib/admin-content";
import { FEATURE_TYPE_LABELS } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";
import { totalPages as countPages, parsePage } from "~/lib/pagination";
import { parseQuery } from "~/lib/search";

import { announceContentChange } from "./content-events.server";
import { getDb, schema } from "./db.server";
import { containsPattern } from "./like-pattern.server";
import { newestCreatedFirst } from "./list-order.server";
import { readForm } from "./request-form.server";
import { sanitizeContentHtml } from "./sanitize.server";
import type { CurrentUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

const TABLES = {
  videos: schema.videos,
  podcasts: schema.podcasts,
  blogs: schema.blogs,
  interviews: schema.interviews,
  "special-features": schema.specialFeatures,
} as const;

// Drizzle's column types differ per table; this module only touches columns the type's config names.
type AnyContentTable = any;
const tableFor = (type: AdminContentType): AnyContentTable => TABLES[type];

/** Form field (column) name → Drizzle property ('video_url' → 'videoUrl'). */
const propertyOf = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

// ---------------------------------------------------------------------------------------------------
// Queries

export interface AdminListItem {
  id: string;
  title: string;
  status: string;
  createdAt: Date;
  publishedAt: Date | null;
  /** Views, or listens for podcasts. */
  count: number;
  /** null for types without the flag. */
  featured: boolean | null;
  /** Author (blogs), interviewee (interviews) or feature type (special features). */
  subtitle: string | null;
}

export interface AdminListPage {
  items: AdminListItem[];
  total: number;
  page: number;
  totalPages: number;
}

function searchCondition(type: AdminContentType, q: string): SQL | undefined {
  const query = q.trim();
  if (!query) return undefined;
  const t = tableFor(type);
  const pattern = containsPattern(query);
  const extra = ADMIN_TYPES[type].extraSearchField;
  const conditions: (SQL | undefined)[] = [ilike(t.title, pattern), ilike(t.description, pattern)];
  if (extra) conditions.push(ilike(t[propertyOf(extra)], pattern));
  if (extra === "feature_type") {
    // 'Market Analysis' (the label an admin sees) finds market_analysis too.
    const needle = query.toLowerCase();
    const byLabel = Object.entries(FEATURE_TYPE_LABELS)
      .filter(([, label]) => label.toLowerCase().includes(needle))
      .map(([value]) => value);
    if (byLabel.length) conditions.push(inArray(t.featureType, byLabel));
  }
  return or(...conditions);
}

/** PRODUCT.md "Admin lists": newest first, case-insensitive search, 25 a page with an exact count. */
export async function listContent(type: AdminContentType, options: { q?: string; page?: number } = {}): Promise<AdminListPage> {
  const db = await getDb();
  const t = tableFor(type);
  const c = ADMIN_TYPES[type];
  const where = searchCondition(type, options.q ?? "");
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  const pages = countPages(total, ADMIN_PAGE_SIZE);
  // A page past the end (e.g. after deleting its last row) shows the last page.
  const page = Math.max(1, Math.min(options.page ?? 1, pages || 1));
  const items = await db
    .select({
      id: t.id,
      title: t.title,
      status: t.status,
      createdAt: t.createdAt,
      publishedAt: t.publishedAt,
      count: t[c.counter],
      featured: c.featurable ? t.featured : sql<null>`null`,
      subtitle: c.extraSearchField ? t[propertyOf(c.extraSearchField)] : sql<null>`null`,
    })
    .from(t)
    .where(where)
    .orderBy(...newestCreatedFirst(t))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { items: items as AdminListItem[], total, page, totalPages: pages };
}

/** For the edit screen: all columns where id equals the route id, zero or one row. */
export async function getContent(type: AdminContentType, id: string): Promise<Record<string, unknown> | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const t = tableFor(type);
  const [row] = await db.select(schema.rowColumns(t)).from(t).where(eq(t.id, id));
  return (row as Record<string, unknown>) ?? null;
}

/** PRODUCT.md "Editor": missing text '', tags [], status draft, featured false, numbers as text. */
export function editorValuesFromRow(type: AdminContentType, row: Record<string, unknown>): EditorValues {
  const values = emptyEditorValues(type);
  const text = (v: unknown) => (v == null ? "" : String(v));
  values.title = text(row.title);
  values.description = text(row.description);
  values.content = text(row.content);
  values.status = text(row.status) || "draft";
  values.tags = Array.isArray(row.tags) ? row.tags.map(String) : [];
  values.featured = row.featured === true;
  for (const field of ADMIN_TYPES[type].fields) values[field] = text(row[propertyOf(field)]);
  return values;
}

/** Column values for insert/update from parsed input. Rich content is sanitised on write. */
function columnsFrom(type: AdminContentType, input: ContentInput) {
  const columns: Record<string, unknown> = {
    title: input.title,
    description: input.description,
    content: input.content == null ? null : sanitizeContentHtml(input.content) || null,
    tags: input.tags,
    status: input.status,
  };
  for (const field of ADMIN_TYPES[type].fields) columns[propertyOf(field)] = input[field as ContentField] ?? null;
  return columns;
}

export async function createContent(type: AdminContentType, input: ContentInput): Promise<{ id: string }> {
  const db = await getDb();
  const t = tableFor(type);
  const now = new Date();
  const values: Record<string, unknown> = {
    ...columnsFrom(type, input),
    // PRODUCT.md "Content": published_at is set when an item becomes published.
    publishedAt: input.status === "published" ? now : null,
  };
  if (ADMIN_TYPES[type].featurable) {
    values.featured = input.featured;
    values.featuredAt = input.featured ? now : null;
  }
  const [row] = await db.insert(t).values(values).returning({ id: t.id });
  await announceContentChange();
  return row;
}

/**
 * Updates in one statement so the rules read the row's current values:
 * published_at set when the item becomes published, kept while it stays published, cleared when it
 * leaves; featured_at likewise for the featured flag; updated_at now. Returns null if the row is gone.
 */
export async function updateContent(type: AdminContentType, id: string, input: ContentInput): Promise<{ id: string } | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const t = tableFor(type);
  const values: Record<string, unknown> = {
    ...columnsFrom(type, input),
    publishedAt:
      input.status === "published" ? sql`case when ${t.status} = 'published' then coalesce(${t.publishedAt}, now()) else now() end` : null,
    updatedAt: sql`now()`,
  };
  if (ADMIN_TYPES[type].featurable) Object.assign(values, featuredColumns(t, input.featured));
  const [row] = await db.update(t).set(values).where(eq(t.id, id)).returning({ id: t.id });
  if (row) await announceContentChange();
  return row ?? null;
}

function featuredColumns(t: AnyContentTable, featured: boolean) {
  return {
    featured,
    featuredAt: featured ? sql`case when ${t.featured} then coalesce(${t.featuredAt}, now()) else now() end` : null,
  };
}

/** PRODUCT.md "Content": the featured toggle, admin only, featured and featured_at changed in one statement. */
export async function setFeatured(type: AdminContentType, id: string, featured: boolean): Promise<boolean> {
  if (!ADMIN_TYPES[type].featurable || !isUuid(id)) return false;
  const db = await getDb();
  const t = tableFor(type);
  const rows = await db.update(t).set(featuredColumns(t, featured)).where(eq(t.id, id)).returning({ id: t.id });
  if (rows.length > 0) await announceContentChange();
  return rows.length > 0;
}

export async function deleteContent(type: AdminContentType, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const t = tableFor(type);
  const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  if (rows.length > 0) await announceContentChange();
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// Loaders and actions (the route modules stay a few lines)

function logFailure(what: string, request: Request, error: unknown) {
  console.error(`[admin] ${what} failed (${request.method} ${new URL(request.url).pathname}):`, error);
}

export async function contentListLoader(type: AdminContentType, request: Request, _admin: CurrentUser) {
  const url = new URL(request.url);
  // The public search's rule: control characters become spaces (PRODUCT.md "Security").
  const q = parseQuery(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  try {
    return { type, q, ...(await listContent(type, { q, page })), error: null };
  } catch (error) {
    logFailure(`listing ${type}`, request, error);
    // PRODUCT.md "Admin list messages": 'Error' / 'Failed to fetch videos' (shown by the page).
    return { type, q, items: [], total: 0, page, totalPages: 0, error: adminTexts(type).fetchFailed };
  }
}

export interface ListActionResult {
  ok: boolean;
  intent: string;
  id?: string;
  featured?: boolean;
  message: string;
}

/** The list's mutations, told apart by `intent`: delete and (videos, podcasts) feature. */
export async function contentListAction(type: AdminContentType, request: Request, _admin: CurrentUser) {
  const texts = adminTexts(type);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const reply = (result: ListActionResult, status = 200) => data(result, { status });

  if (intent === "delete") {
    try {
      const deleted = await deleteContent(type, id);
      return deleted
        ? reply({ ok: true, intent, id, message: texts.deleted })
        : reply({ ok: false, intent, id, message: texts.deleteFailed }, 404);
    } catch (error) {
      logFailure(`deleting ${type} ${id}`, request, error);
      return reply({ ok: false, intent, id, message: texts.deleteFailed }, 503);
    }
  }

  if (intent === "feature" && ADMIN_TYPES[type].featurable) {
    const value = form.get("featured");
    if (value !== "true" && value !== "false") return reply({ ok: false, intent, id, message: texts.featureFailed }, 400);
    const featured = value === "true";
    try {
      const updated = await setFeatured(type, id, featured);
      return updated
        ? reply({ ok: true, intent, id, featured, message: featured ? texts.featured : texts.unfeatured })
        : reply({ ok: false, intent, id, message: texts.featureFailed }, 404);
    } catch (error) {
      logFailure(`featuring ${type} ${id}`, request, error);
      return reply({ ok: false, intent, id, message: texts.featureFailed }, 503);
    }
  }

  return reply({ ok: false, intent, id, message: "Unknown action" }, 400);
}

export async function contentEditorLoader(
  type: AdminContentType,
  mode: EditorMode,
  request: Request,
  id: string | undefined,
  _admin: CurrentUser,
) {
  if (mode === "create") return { type, mode, id: null, values: emptyEditorValues(type) };
  const texts = adminTexts(type);
  const listPath = ADMIN_TYPES[type].listPath;
  let row: Record<string, unknown> | null;
  try {
    row = await getContent(type, id ?? "");
  } catch (error) {
    logFailure(`loading ${type} ${id}`, request, error);
    throw await redirectWithToast(listPath, { type: "error", title: "Error", description: texts.loadFailed });
  }
  if (!row) throw await redirectWithToast(listPath, { type: "error", title: "Error", description: texts.notFound });
  return { type, mode, id: row.id as string, values: editorValuesFromRow(type, row) };
}

export interface EditorActionData {
  values: EditorValues;
  fieldErrors: FieldErrors;
  /** PRODUCT.md "Admin editor messages": the create/update failure text, shown as the 'Error' toast. */
  formError: string | null;
}

/**
 * Saves the form. Bad input: 400 with field errors and the values as typed. Database failure: 503 with the
 * failure message and the values. Success: back to the list with the 'Success' toast
 * (PRODUCT.md "Admin editor messages").
 */
export async function contentEditorAction(
  type: AdminContentType,
  mode: EditorMode,
  request: Request,
  id: string | undefined,
  _admin: CurrentUser,
) {
  const texts = adminTexts(type);
  const listPath = ADMIN_TYPES[type].listPath;
  const values = editorValuesFromFormData(type, await readForm(request));
  const parsed = parseEditorValues(type, mode, values);
  if (!parsed.success) {
    return data<EditorActionData>({ values, fieldErrors: parsed.fieldErrors, formError: null }, { status: 400 });
  }
  const input = parsed.data;
  try {
    if (mode === "create") {
      await createContent(type, input);
      return redirectWithToast(listPath, {
        type: "success",
        title: "Success",
        description: input.status === "published" ? texts.published : texts.savedDraft,
      });
    }
    const updated = await updateContent(type, id ?? "", input);
    if (!updated) return redirectWithToast(listPath, { type: "error", title: "Error", description: texts.notFound });
    return redirectWithToast(listPath, { type: "success", title: "Success", description: texts.updated });
  } catch (error) {
    logFailure(`${mode === "create" ? "creating" : "updating"} ${type}`, request, error);
    return data<EditorActionData>(
      { values, fieldErrors: {}, formError: mode === "create" ? texts.createFailed : texts.updateFailed },
      { status: 503 },
    );
  }
}
