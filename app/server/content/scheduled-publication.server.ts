/**
 * The next scheduled publication (PRODUCT.md "Scheduled publishing"): no job runs when an item's time
 * comes, so whatever keeps pages (PRODUCT.md "Page cache") asks here how long they may stay.
 */
import { sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

import { getDb } from "../db/db.server";
import { cacheKeysAffectedBy } from "../http/page-scope.server";
import { CONTENT_TABLES } from "./content-tables.server";

/** The next scheduled publication: when, and the types of the items due then. */
export interface NextPublication {
  at: Date;
  types: ContentType[];
}

/**
 * The earliest publication time after `since` among published items of every type, with the types due
 * then, or null when none is ahead. One statement; each part is a single step down the (status,
 * published_at) index.
 */
export async function nextPublicationAfter(since: Date): Promise<NextPublication | null> {
  const db = await getDb();
  const after = sql`${since.toISOString()}::timestamptz`;
  // In whole milliseconds, rounded up: the database keeps microseconds, and the item must be visible by then.
  const firsts = CONTENT_TYPE_LIST.map(
    ({ key }) => sql`(select ${key}::text as type, ceil(extract(epoch from min(${CONTENT_TABLES[key].publishedAt})) * 1000)::float8 as next
      from ${CONTENT_TABLES[key]}
      where ${CONTENT_TABLES[key].status} = 'published' and ${CONTENT_TABLES[key].publishedAt} > ${after})`,
  );
  const { rows } = await db.execute<{ type: ContentType; next: number | string | null }>(sql.join(firsts, sql` union all `));
  const due = rows.filter((row) => row.next != null).map((row) => ({ type: row.type, at: Number(row.next) }));
  if (due.length === 0) return null;
  const at = Math.min(...due.map((row) => row.at));
  return { at: new Date(at), types: due.filter((row) => row.at === at).map((row) => row.type) };
}

/**
 * PRODUCT.md "Page cache": when the page cache must next drop pages, and which: those that can show the
 * items then due (their types' pages and the mixed ones), not every page.
 */
export async function nextPageExpiry(since: Date) {
  const next = await nextPublicationAfter(since);
  if (!next) return null;
  const covers = next.types.map((type) => cacheKeysAffectedBy({ type })!);
  return { at: next.at, covers: (key: string) => covers.some((test) => test(key)) };
}
