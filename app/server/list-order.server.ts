import { asc, desc, sql, type AnyColumn } from "drizzle-orm";

/**
 * The one order of every list by date: newest first, and between equal dates the lower id first, so
 * consecutive pages never overlap or skip (PRODUCT.md "Content", "Admin lists").
 */
export function newestPublishedFirst(t: { publishedAt: AnyColumn; id: AnyColumn }) {
  return [desc(t.publishedAt), asc(t.id)] as const;
}

/** The same order by creation date: admin lists and the inbox. */
export function newestCreatedFirst(t: { createdAt: AnyColumn; id: AnyColumn }) {
  return [desc(t.createdAt), asc(t.id)] as const;
}

/** `newestPublishedFirst` in SQL, for statements over several content tables (search, feeds). */
export const NEWEST_PUBLISHED_SQL = sql`published_at desc nulls last, id`;
