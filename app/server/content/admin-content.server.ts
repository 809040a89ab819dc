/**
 * The admin content area's queries (PRODUCT.md "Admin content"): server-side search and 25-row pages for
 * all five types, the editor's values, delete, and the admin-only featured toggle. Saving an item is
 * `saveItem` (save-item.server.ts). The route handlers that call these are in `admin-content-handlers.server.ts`.
 */
import { and, count, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";

import { CONTENT_REGISTRY, hasTranscript } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { OTHER_PARTY, SPONSORSHIP_COLUMNS } from "~/lib/disclosure-fields";
import { emptyEditorValues, type EditorValues } from "~/lib/editor-values";
import { FEATURE_TYPE_LABELS } from "~/lib/feature-types";
import { isUuid } from "~/lib/ids";
import { isEpisodeType } from "~/lib/measurement";
import { ADMIN_PAGE_SIZE, pageToShow } from "~/lib/pagination";
import { utcInputValue } from "~/lib/publish-time";

import type { CurrentUser } from "../auth/session.server";
import { getDb, schema } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { containsPattern } from "../like-pattern.server";
import { newestCreatedFirst } from "../list-order.server";
import { auditItem } from "./content-audit.server";
import { CONTENT_TABLES, contentColumn, type ContentTable } from "./content-tables.server";
import { deleteItemCompanies } from "./item-companies.server";
import { itemState, recordItemChange } from "./item-events.server";

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
  /** PRODUCT.md "Measurement": IAB downloads from the podcast feed (podcasts and interviews); null for other types. */
  downloads: number | null;
  /** null for types without the flag. */
  featured: boolean | null;
  /** Author (blogs), interviewee (interviews) or feature type (special features). */
  subtitle: string | null;
  /** PRODUCT.md "Transcripts": published audio or video without a transcript ('Needs transcript'); false for other types. */
  needsTranscript: boolean;
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

/**
 * PRODUCT.md "Measurement": an episode's IAB downloads, its recent per-listener rows and the daily figures
 * the downloads job rolled the older days up into.
 */
function episodeDownloads(type: ContentType, id: AnyColumn) {
  return sql<number>`((select count(*) from podcast_downloads d where d.episode_type = ${type} and d.episode_id = ${id})
    + (select coalesce(sum(a.downloads), 0) from podcast_daily_downloads a where a.episode_type = ${type} and a.episode_id = ${id}))`.mapWith(
    Number,
  );
}

/** PRODUCT.md "Admin lists": newest first, case-insensitive search, 25 a page with an exact count. */
export async function listContent(type: ContentType, options: { q?: string; page?: number } = {}): Promise<AdminListPage> {
  const db = await getDb();
  const t = CONTENT_TABLES[type];
  const info = CONTENT_REGISTRY[type];
  const where = searchCondition(type, options.q ?? "");
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  const { page, totalPages, offset } = pageToShow(options.page, total, ADMIN_PAGE_SIZE);
  const items = await db
    .select({
      id: t.id,
      title: t.title,
      status: t.status,
      createdAt: t.createdAt,
      publishedAt: t.publishedAt,
      scheduled: sql<boolean>`(${t.status} = 'published' and ${t.publishedAt} > now())`.mapWith(Boolean),
      count: sql<number>`${contentColumn(type, info.counter)}`,
      downloads: isEpisodeType(type) ? episodeDownloads(type, t.id) : sql<null>`null`,
      featured: info.featurable ? sql<boolean>`${contentColumn(type, "featured")}` : sql<null>`null`,
      subtitle: info.extraSearchField ? sql<string | null>`${contentColumn(type, info.extraSearchField)}` : sql<null>`null`,
      needsTranscript: hasTranscript(type)
        ? sql<boolean>`(${t.status} = 'published' and ${contentColumn(type, "transcript")} is null)`.mapWith(Boolean)
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(t)
    .where(where)
    .orderBy(...newestCreatedFirst(t))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return { items, total, page, totalPages };
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
  for (const column of SPONSORSHIP_COLUMNS) if (column !== "sponsorCompanyId") values[column] = text(row[column]);
  // numeric(16,2) reads back as '7500.00'; the editor shows what was typed, '7500'.
  values.considerationAmount = values.considerationAmount.replace(/\.00$/, "");
  values.paidBy = row.sponsorCompanyId ? text(row.sponsorCompanyId) : row.disclosureSponsor ? OTHER_PARTY : "";
  if (row.publishedAt instanceof Date) values.publishAt = utcInputValue(row.publishedAt);
  for (const field of CONTENT_REGISTRY[type].fields) values[field] = text(row[field]);
  return values;
}

/**
 * Drizzle types a table's insert and update values per table; these are built from the registry's field
 * names, which are the table's own properties, so the per-table check is the registry's.
 */
export const asTableValues = (values: Record<string, unknown>) => values as never;

/** PRODUCT.md "Content": featured and featured_at together; featured_at kept while the item stays featured. */
export function featuredColumns(type: ContentType, featured: boolean) {
  const flag = contentColumn(type, "featured");
  const since = contentColumn(type, "featuredAt");
  return {
    featured,
    featuredAt: featured ? sql`case when ${flag} then coalesce(${since}, now()) else now() end` : null,
  };
}

/** PRODUCT.md "Content": the featured toggle, admin only, featured and featured_at changed in one statement. */
/** `by`: who, for the audit log (PRODUCT.md "Audit log"); the entry commits with the change. */
export async function setFeatured(type: ContentType, id: string, featured: boolean, by?: CurrentUser): Promise<boolean> {
  if (!CONTENT_REGISTRY[type].featurable || !isUuid(id)) return false;
  const db = await getDb();
  const t: ContentTable = CONTENT_TABLES[type];
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set(asTableValues(featuredColumns(type, featured)))
      .where(eq(t.id, id))
      .returning({ id: t.id, title: t.title, status: t.status });
    if (row && by) await auditItem(tx, by, featured ? "feature" : "unfeature", { type, id, title: row.title });
    return row;
  });
  // PRODUCT.md "Page cache": featuring a draft changes no public page.
  if (updated?.status === "published") await announceContentChange({ type });
  return updated !== undefined;
}

export async function deleteContent(type: ContentType, id: string, by?: CurrentUser): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const t: ContentTable = CONTENT_TABLES[type];
  // PRODUCT.md "Companies": the item's company tags go with it, in the same transaction (no foreign key
  // spans five tables); a hit arriving after finds no item. PRODUCT.md "Views over time", "Client reports":
  // its daily figures stay, and an item readers could see is listed in deleted_items for its clients' reports.
  const deleted = await db.transaction(async (tx) => {
    const stateBefore = await itemState(tx, type, id);
    const rows = await tx
      .delete(t)
      .where(eq(t.id, id))
      .returning({ id: t.id, title: t.title, status: t.status, publishedAt: t.publishedAt });
    // PRODUCT.md "Content events": a deleted item readers could see leaves a tombstone.
    if (rows[0]) await recordItemChange(tx, type, id, stateBefore);
    if (rows[0] && by) await auditItem(tx, by, "delete", { type, id, title: rows[0].title });
    if (rows[0]) {
      const companyIds = await deleteItemCompanies(type, id, tx);
      const { title, publishedAt } = rows[0];
      if (stateBefore?.public && publishedAt) {
        await tx.insert(schema.deletedItems).values({ contentType: type, contentId: id, title, publishedAt, companyIds });
      }
      // PRODUCT.md "Review": its review goes too; its revisions stay, the record of what was said.
      const { contentReviews: reviews } = schema;
      await tx.delete(reviews).where(and(eq(reviews.contentType, type), eq(reviews.contentId, id)));
    }
    return rows[0];
  });
  // PRODUCT.md "Page cache": deleting a draft changes no public page.
  if (deleted?.status === "published") await announceContentChange({ type });
  return deleted !== undefined;
}
