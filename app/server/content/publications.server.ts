/**
 * When each item first went live (PRODUCT.md "Following and alerts"): the record company alerts are built
 * from (`readers/`). An item is recorded once, by the save that publishes it now or, for a scheduled item,
 * by the first look after its time comes; nothing records it again, so no item is announced twice.
 */
import { sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

import { getDb, type Database } from "../db/db.server";
import { PUBLIC_NOW_SQL } from "./published.server";

/** The database or a transaction. */
type Executor = Pick<Database, "execute">;

/** Scheduled items whose time came this long ago at most are still announced; older ones are stale news. */
export const DUE_WINDOW_SQL = sql`interval '1 day'`;

function tableOf(type: ContentType) {
  return CONTENT_TYPE_LIST.find((entry) => entry.key === type)!.tableName;
}

/** Records the item as gone live if it is live now (in the transaction that published it). */
export async function recordPublication(db: Executor, type: ContentType, id: string): Promise<void> {
  await db.execute(sql`
    insert into content_publications (content_type, content_id)
    select ${type}, id from ${sql.identifier(tableOf(type))} where id = ${id} and ${PUBLIC_NOW_SQL}
    on conflict do nothing`);
}

/**
 * Records the scheduled items whose time has come since the last look (within a day), on whichever
 * instance looks first; returns how many were new.
 */
export async function recordDuePublications(): Promise<number> {
  const db = await getDb();
  const due = sql.join(
    CONTENT_TYPE_LIST.map(
      ({ key, tableName }) => sql`select ${key}::text as content_type, id, published_at from ${sql.identifier(tableName)}
        where ${PUBLIC_NOW_SQL} and published_at > now() - ${DUE_WINDOW_SQL}`,
    ),
    sql` union all `,
  );
  // PRODUCT.md "Content events": the same statement records each due item's 'content.published', at the time
  // it went live, unless its save recorded it (published now or back-dated), once however many instances look
  // (a unique index); also for an item live before and rescheduled since, which content_publications (alerts,
  // once an item) leaves out.
  const { rows } = await db.execute<{ content_type: string }>(sql`
    with due as (${due}),
    events as (
      insert into content_events (event, content_type, content_id, occurred_at)
      select 'content.published', content_type, id, published_at from due
      where not exists (select 1 from content_events e where e.event = 'content.published'
        and e.content_type = due.content_type and e.content_id = due.id and e.occurred_at >= due.published_at)
      on conflict (content_type, content_id, occurred_at) where event = 'content.published' do nothing
    )
    insert into content_publications (content_type, content_id, live_at)
    select content_type, id, published_at from due
    on conflict do nothing
    returning content_type`);
  return rows.length;
}

type Wake = () => void;
const holder = globalThis as typeof globalThis & { __alertsWake?: Wake };

/**
 * Tells this instance's alert look that an item went live, so its followers need not wait for the next
 * look. On globalThis: the server's entry and the route modules are separate bundles.
 */
export function wakeAlerts() {
  holder.__alertsWake?.();
}

/** The running alert look's hook (readers/alert-scheduler.server.ts); undefined when it stops. */
export function onPublication(wake: Wake | undefined) {
  holder.__alertsWake = wake;
}
