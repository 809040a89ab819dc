/**
 * PRODUCT.md "Counters": the one way a view (or listen, for podcasts) of a published item of any type is
 * counted, by the registry's counter column. Who counts and how often is PRODUCT.md "Security"
 * (`visitor.server.ts`); the lifetime counter and the day's figure move together (`countHit`).
 */
import { sql } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { CONTENT_TABLES, contentColumn } from "../content/content-tables.server";
import { PUBLIC_NOW_SQL, publishedById } from "../content/published.server";
import { getDb } from "../db/db.server";
import { utcDay } from "./daily-stats.server";
import { isCountedHit, type Visitor } from "./visitor.server";

/**
 * Counts the hit when it is the visitor's first of this item in 30 minutes (never for a bot: `visitor`
 * null). Either way answers the live count; null when there is no such published item.
 */
export async function recordContentHit(
  type: ContentType,
  id: string | undefined,
  visitor: Visitor | null,
  now = Date.now(),
): Promise<number | null> {
  if (!isUuid(id)) return null;
  const table = CONTENT_TABLES[type];
  const counter = CONTENT_REGISTRY[type].counter;
  const column = contentColumn(type, counter);
  // Read first, so hits on unknown ids leave no rows behind in rate_limits.
  const row = await publishedById(table, id, (db) => db.select({ count: column }).from(table).$dynamic());
  if (!row) return null;
  const current = Number(row.count);
  if (!visitor || !(await isCountedHit(counter === "listens" ? "listen" : "view", id, visitor, now))) return current;
  return (await countHit(type, id)) ?? current;
}

/**
 * The write behind `recordContentHit`, which decides whether a hit counts: adds one hit to a published
 * item's lifetime counter (views, or listens for podcasts) and to its figure for the day, in ONE statement:
 * the two cannot diverge, and nothing is written for an unknown, draft, archived or scheduled item (the
 * update finds no row, so the insert has nothing to select).
 * Returns the new lifetime count, or null when there is no such published item.
 */
export async function countHit(type: ContentType, id: string | undefined, at = new Date()): Promise<number | null> {
  if (!isUuid(id)) return null;
  const { tableName, counter } = CONTENT_REGISTRY[type];
  const counterColumn = sql.identifier(counter);
  const db = await getDb();
  // Names come from the registry, never from input.
  const { rows } = await db.execute<{ count: number | string }>(sql`
    with bumped as (
      update ${sql.identifier(tableName)} set ${counterColumn} = ${counterColumn} + 1
      where id = ${id} and ${PUBLIC_NOW_SQL}
      returning id, ${counterColumn} as count
    ), daily as (
      insert into content_daily_stats (content_type, content_id, day, hits)
      select ${type}::text, id, ${utcDay(at)}::date, 1 from bumped
      on conflict (content_type, content_id, day) do update set hits = content_daily_stats.hits + 1
    )
    select count from bumped`);
  return rows[0] ? Number(rows[0].count) : null;
}
