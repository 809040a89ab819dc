/**
 * The admin content area's queries (PRODUCT.md "Admin content"): server-side search and 25-row pages for
 * all five types, create/update with the published_at rule (and its scheduled times), delete, and the admin-only
 * featured toggle.
 * The route handlers that call these are in `admin-content-handlers.server.ts`.
 */
import { count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { DISCLOSURE_FIELDS, type DisclosureField } from "~/lib/disclosure-fields";
import { emptyEditorValues, type ContentInput, type EditorValues } from "~/lib/editor-values";
import { FEATURE_TYPE_LABELS } from "~/lib/feature-types";
import { isUuid } from "~/lib/ids";
import { ADMIN_PAGE_SIZE, totalPages as countPages } from "~/lib/pagination";
import { utcInputValue } from "~/lib/publish-time";

import { getDb, schema, type Database } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { containsPattern } from "../like-pattern.server";
import { newestCreatedFirst } from "../list-order.server";
import { CONTENT_TABLES, contentColumn, type ContentTable } from "./content-tables.server";
import { deleteDailyStats } from "./daily-stats.server";
import { deleteItemCompanies, setItemCompanies } from "./item-companies.server";
import { sanitizeContentHtml } from "./sanitize.server";

export interface AdminListItem {
  id: string;
  title: string;
  status: string;
  createdAt: Date;
  publishedAt: Date | null;
  /**
   * PRODUCT.md "Scheduled publishing": published with a publication time still ahead. Decided by the
   * database's clock, so the server's render and the browser's agree.
   */
  scheduled: boolean;
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

function searchCondition(type: ContentType, q: string): SQL | undefined {
  const query = q.trim();
  if (!query) return undefined;
  const t = CONTENT_TABLES[type];
  const pattern = containsPattern(query);
  const extra = CONTENT_REGISTRY[type].extraSearchField;
  const conditions: (SQL | undefined)[] = [ilike(t.title, pattern), ilike(t.description, pattern)];
  if (extra) conditions.push(ilike(contentColumn(type, extra), pattern));
  if (extra === "featureType") {
    // 'Market Analysis' (the label an admin sees) finds market_analysis too.
    const needle = query.toLowerCase();
    const byLabel = Object.entries(FEATURE_TYPE_LABELS)
      .filter(([, label]) => label.toLowerCase().includes(needle))
      .map(([value]) => value);
    if (byLabel.length) conditions.push(inArray(contentColumn(type, extra), byLabel));
  }
  return or(...conditions);
}

/** PRODUCT.md "Admin lists": newest first, case-insensitive search, 25 a page with an exact count. */
export async function listContent(type: ContentType, options: { q?: string; page?: number } = {}): Promise<AdminListPage> {
  const db = await getDb();
  const t = CONTENT_TABLES[type];
  const info = CONTENT_REGISTRY[type];
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
      scheduled: sql<boolean>`(${t.status} = 'published' and ${t.publishedAt} > now())`.mapWith(Boolean),
      count: sql<number>`${contentColumn(type, info.counter)}`,
      featured: info.featurable ? sql<boolean>`${contentColumn(type, "featured")}` : sql<null>`null`,
      subtitle: info.extraSearchField ? sql<string | null>`${contentColumn(type, info.extraSearchField)}` : sql<null>`null`,
    })
    .from(t)
    .where(where)
    .orderBy(...newestCreatedFirst(t))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { items, total, page, totalPages: pages };
}

/** For the edit screen: all columns where id equals the route id, zero or one row. */
export async function getContent(type: ContentType, id: string): Promise<Record<string, unknown> | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const t: ContentTable = CONTENT_TABLES[type];
  const [row] = await db.select(schema.rowColumns(t)).from(t).where(eq(t.id, id));
  return row ?? null;
}

/**
 * PRODUCT.md "Editor": missing text '', tags [], status draft, featured false, numbers as text. The
 * companies are not in the row: the loader adds their ids.
 */
export function editorValuesFromRow(type: ContentType, row: Record<string, unknown>): EditorValues {
  const values = emptyEditorValues(type);
  const text = (v: unknown) => (v == null ? "" : String(v));
  values.title = text(row.title);
  values.description = text(row.description);
  values.content = text(row.content);
  values.status = text(row.status) || "draft";
  values.tags = Array.isArray(row.tags) ? row.tags.map(String) : [];
  values.featured = row.featured === true;
  values.paidPromotion = row.paidPromotion === true;
  for (const field of DISCLOSURE_FIELD_NAMES) values[field] = text(row[field]);
  if (row.publishedAt instanceof Date) values.publishAt = utcInputValue(row.publishedAt);
  for (const field of CONTENT_REGISTRY[type].fields) values[field] = text(row[field]);
  return values;
}

/** Column values for insert/update from parsed input. Rich content is sanitised on write. */
function columnsFrom(type: ContentType, input: ContentInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    title: input.title,
    description: input.description,
    content: input.content == null ? null : sanitizeContentHtml(input.content) || null,
    tags: input.tags,
    status: input.status,
  };
  if (input.paidPromotion !== undefined) {
    // PRODUCT.md "Paid promotion": the flag and its disclosure are saved together.
    columns.paidPromotion = input.paidPromotion;
    for (const field of DISCLOSURE_FIELD_NAMES) columns[field] = input[field] ?? null;
  }
  for (const field of CONTENT_REGISTRY[type].fields) columns[field] = input[field] ?? null;
  return columns;
}

const DISCLOSURE_FIELD_NAMES = Object.keys(DISCLOSURE_FIELDS) as DisclosureField[];

/** A save refused because of the chosen companies (PRODUCT.md "Companies"): the message for the field; nothing was saved. */
export interface CompaniesRefused {
  ok: false;
  companiesError: string;
}

export type SaveContentResult = { ok: true; id: string } | CompaniesRefused;

/** Thrown inside a save's transaction to roll it back when its companies are refused. */
class CompaniesRefusal extends Error {
  constructor(readonly message: string) {
    super(message);
  }
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs `write` (the row) and then saves the item's companies, when given, in one transaction: a company
 * refused rolls the row back too.
 */
async function saveWithCompanies(
  type: ContentType,
  input: ContentInput,
  write: (tx: Transaction) => Promise<{ id: string } | undefined>,
): Promise<SaveContentResult | null> {
  const db = await getDb();
  try {
    const saved = await db.transaction(async (tx) => {
      const row = await write(tx);
      if (!row || input.companyIds === undefined) return row ?? null;
      const companies = await setItemCompanies(type, row.id, input.companyIds, tx);
      if (!companies.ok) throw new CompaniesRefusal(companies.reason === "itemNotFound" ? "The item is gone" : companies.message);
      return row;
    });
    if (!saved) return null;
    await announceContentChange();
    return { ok: true, id: saved.id };
  } catch (error) {
    if (error instanceof CompaniesRefusal) return { ok: false, companiesError: error.message };
    throw error;
  }
}

/**
 * Drizzle types a table's insert and update values per table; these are built from the registry's field
 * names, which are the table's own properties, so the per-table check is the registry's.
 */
const asTableValues = (values: Record<string, unknown>) => values as never;

/** Inserts the item and its companies (PRODUCT.md "Companies") together; a refused company saves nothing. */
export async function createContent(type: ContentType, input: ContentInput): Promise<SaveContentResult> {
  const t: ContentTable = CONTENT_TABLES[type];
  const now = new Date();
  const values: Record<string, unknown> = {
    ...columnsFrom(type, input),
    // PRODUCT.md "Content": published_at is set when an item becomes published; PRODUCT.md "Scheduled
    // publishing": to the time chosen, when there is one (ahead: scheduled; past: back-dated).
    publishedAt: input.status === "published" ? (input.publishAt ?? now) : null,
  };
  if (CONTENT_REGISTRY[type].featurable) {
    values.featured = input.featured;
    values.featuredAt = input.featured ? now : null;
  }
  const saved = await saveWithCompanies(type, input, async (tx) => {
    const [row] = await tx.insert(t).values(asTableValues(values)).returning({ id: t.id });
    return row;
  });
  // An insert always gives its row.
  return saved!;
}

/**
 * published_at on an update that leaves the item published (PRODUCT.md "Content", PRODUCT.md "Scheduled
 * publishing"), read from the row's current values:
 * - a chosen time is saved, except that the same minute as the stored time keeps the stored one (the
 *   control shows minutes, so saving an edit unchanged must not move the item in the lists);
 * - no time: kept while the item stays published and its time has come; otherwise now (so clearing a
 *   scheduled item's time publishes it at once).
 */
function publishedAtOnUpdate(t: ContentTable, publishAt: Date | null | undefined): SQL {
  const stillPublished = sql`${t.status} = 'published'`;
  if (publishAt) {
    const chosen = sql`${publishAt.toISOString()}::timestamptz`;
    return sql`case when ${stillPublished} and date_trunc('minute', ${t.publishedAt}) = date_trunc('minute', ${chosen})
      then ${t.publishedAt} else ${chosen} end`;
  }
  return sql`case when ${stillPublished} and ${t.publishedAt} <= now() then ${t.publishedAt} else now() end`;
}

/**
 * Updates in one statement so the rules read the row's current values:
 * published_at set when the item becomes published (publishedAtOnUpdate), cleared when it leaves;
 * featured_at likewise for the featured flag; updated_at now. The item's companies, when given, are
 * replaced in the same transaction (a refused company changes nothing). Returns null if the row is gone.
 */
export async function updateContent(type: ContentType, id: string, input: ContentInput): Promise<SaveContentResult | null> {
  if (!isUuid(id)) return null;
  const t: ContentTable = CONTENT_TABLES[type];
  const values: Record<string, unknown> = {
    ...columnsFrom(type, input),
    publishedAt: input.status === "published" ? publishedAtOnUpdate(t, input.publishAt) : null,
    updatedAt: sql`now()`,
  };
  if (CONTENT_REGISTRY[type].featurable) Object.assign(values, featuredColumns(type, input.featured));
  return saveWithCompanies(type, input, async (tx) => {
    const [row] = await tx.update(t).set(asTableValues(values)).where(eq(t.id, id)).returning({ id: t.id });
    return row;
  });
}

function featuredColumns(type: ContentType, featured: boolean) {
  const flag = contentColumn(type, "featured");
  const since = contentColumn(type, "featuredAt");
  return {
    featured,
    featuredAt: featured ? sql`case when ${flag} then coalesce(${since}, now()) else now() end` : null,
  };
}

/** PRODUCT.md "Content": the featured toggle, admin only, featured and featured_at changed in one statement. */
export async function setFeatured(type: ContentType, id: string, featured: boolean): Promise<boolean> {
  if (!CONTENT_REGISTRY[type].featurable || !isUuid(id)) return false;
  const db = await getDb();
  const t: ContentTable = CONTENT_TABLES[type];
  const rows = await db
    .update(t)
    .set(asTableValues(featuredColumns(type, featured)))
    .where(eq(t.id, id))
    .returning({ id: t.id });
  if (rows.length > 0) await announceContentChange();
  return rows.length > 0;
}

export async function deleteContent(type: ContentType, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const t: ContentTable = CONTENT_TABLES[type];
  // PRODUCT.md "Views over time", "Companies": the item's daily figures and company tags go with it (no
  // foreign key spans five tables).
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id });
    if (rows.length > 0) {
      await deleteDailyStats(type, id, tx);
      await deleteItemCompanies(type, id, tx);
    }
    return rows.length > 0;
  });
  if (deleted) await announceContentChange();
  return deleted;
}
