/**
 * The next scheduled publication (PRODUCT.md "Scheduled publishing"): no job runs when an item's time
 * comes, so whatever keeps pages (PRODUCT.md "Page cache") asks here how long they may stay.
 */
import { sql } from "drizzle-orm";

import { getDb } from "../db/db.server";
import { CONTENT_TABLES } from "./content-tables.server";

/**
 * The earliest publication time after `since` among published items of every type, or null when none
 * is ahead. One statement; each part is a single step down the (status, published_at) index.
 */
export async function nextPublicationAfter(since: Date): Promise<Date | null> {
  const db = await getDb();
  const after = sql`${since.toISOString()}::timestamptz`;
  const firsts = Object.values(CONTENT_TABLES).map(
    (t) => sql`(select min(${t.publishedAt}) from ${t} where ${t.status} = 'published' and ${t.publishedAt} > ${after})`,
  );
  // In whole milliseconds, rounded up: the database keeps microseconds, and the item must be visible by then.
  const { rows } = await db.execute<{ next: number | string | null }>(
    sql`select ceil(extract(epoch from least(${sql.join(firsts, sql`, `)})) * 1000)::float8 as next`,
  );
  const next = rows[0]?.next;
  return next == null ? null : new Date(Number(next));
}
