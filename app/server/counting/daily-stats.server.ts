/**
 * Views and listens per item per day (PRODUCT.md "Views over time"), kept beside the lifetime counters on
 * the content rows: the dashboards' readers. `record-hit.server.ts` writes them; deleting an item keeps
 * its figures, for its client's report (the site's totals go on counting them). Days are UTC dates
 * ('2026-05-13'), taken from the server's clock.
 */
import { sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { getDb } from "../db/db.server";

/** PRODUCT.md "Views over time": the charts show the last 30 days, today included. */
export const DAILY_WINDOW_DAYS = 30;

/** One day of the whole site: views (every type counted in views) and listens, apart. */
export interface DailyTotal {
  day: string;
  views: number;
  listens: number;
}

/** One day of one item. */
export interface ItemDailyTotal {
  day: string;
  hits: number;
}

/** The UTC date of `at`, as PostgreSQL's `date` text. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The `days` dates ending with `today`'s (UTC) as a table `d(day)`. Counted in whole days from a `date`,
 * so the session's time zone never shifts a day (a series of timestamps would).
 */
function dayRange(days: number, today: Date) {
  const count = Math.max(1, Math.min(366, Math.floor(days)));
  return sql`(select ${utcDay(today)}::date - back as day from generate_series(0, ${count - 1}::int) as back) as d`;
}

/** The types counted as listens (podcasts); every other type's hits are views. */
const LISTEN_TYPES = CONTENT_TYPE_LIST.filter((info) => info.counter === "listens").map((info) => info.key);

/**
 * PRODUCT.md "Views over time", the dashboard: views and listens of all content for each of the last
 * `days` days, oldest first, ending today (UTC); a day without hits is a zero.
 */
export async function dailyTotals(days = DAILY_WINDOW_DAYS, today = new Date()): Promise<DailyTotal[]> {
  const db = await getDb();
  const isListen = sql`s.content_type in (${sql.join(
    LISTEN_TYPES.map((type) => sql`${type}`),
    sql`, `,
  )})`;
  const { rows } = await db.execute<{ day: string; views: number | string; listens: number | string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(sum(s.hits) filter (where not (${isListen})), 0)::bigint as views,
           coalesce(sum(s.hits) filter (where ${isListen}), 0)::bigint as listens
    from ${dayRange(days, today)}
    left join content_daily_stats s on s.day = d.day
    group by d.day
    order by d.day`);
  return rows.map((row) => ({ day: row.day, views: Number(row.views), listens: Number(row.listens) }));
}

/** PRODUCT.md "Views over time", an edit screen: one item's hits for each of the last `days` days, as dailyTotals. */
export async function itemDailyTotals(
  type: ContentType,
  id: string,
  days = DAILY_WINDOW_DAYS,
  today = new Date(),
): Promise<ItemDailyTotal[]> {
  const db = await getDb();
  // An id that is not a uuid has no rows (and must never reach the uuid column).
  const match = isUuid(id) ? sql`s.content_type = ${type} and s.content_id = ${id}` : sql`false`;
  const { rows } = await db.execute<{ day: string; hits: number | string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.hits, 0) as hits
    from ${dayRange(days, today)}
    left join content_daily_stats s on s.day = d.day and ${match}
    order by d.day`);
  return rows.map((row) => ({ day: row.day, hits: Number(row.hits) }));
}
