/**
 * The content event log (PRODUCT.md "Content events"): written in the transaction of the change it records
 * (the outbox pattern of mail/outbox.server.ts), so a change and its event commit or roll back together.
 */
import { sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

import { getDb, schema, type Database } from "../db/db.server";
import { CONTENT_EVENTS } from "../db/schema";

export { CONTENT_EVENTS };
export type ContentEventName = (typeof CONTENT_EVENTS)[number];
export type ItemEventName = Exclude<ContentEventName, "company.updated">;

/** The database or a transaction. */
type Executor = Pick<Database, "insert" | "execute">;

/** Records an item's event in the caller's transaction. */
export async function recordItemEvent(
  executor: Executor,
  event: ItemEventName,
  item: { type: ContentType; id: string },
  payload: Record<string, unknown> = {},
): Promise<void> {
  await executor.insert(schema.contentEvents).values({ event, contentType: item.type, contentId: item.id, payload });
}

/** Records a change to a company (its page, name, ticker) in the caller's transaction. */
export async function recordCompanyEvent(executor: Executor, companyId: string, payload: Record<string, unknown> = {}) {
  await executor.insert(schema.contentEvents).values({ event: "company.updated", companyId, payload });
}

/** An item readers could see and no longer can: its last unpublishing or deletion. */
export interface Tombstone {
  id: string;
  type: ContentType;
  at: Date;
}

/**
 * PRODUCT.md "Content API": the items unpublished or deleted after `since` that are not public now (one
 * published again since is simply an item again), newest first, each once with its latest such event.
 */
export async function tombstonesSince(since: Date, limit: number): Promise<Tombstone[]> {
  const db = await getDb();
  // content/published.server.ts's PUBLIC_NOW_SQL, which this folder (below content/) cannot import.
  const publicNow = sql.join(
    CONTENT_TYPE_LIST.map(
      ({ key, tableName }) =>
        sql`select ${key}::text as content_type, id from ${sql.identifier(tableName)} where status = 'published' and published_at <= now()`,
    ),
    sql` union all `,
  );
  const { rows } = await db.execute<{ content_type: ContentType; content_id: string; at: string | Date }>(sql`
    select e.content_type, e.content_id, max(e.occurred_at) as at
    from content_events e
    where e.event in ('content.unpublished', 'content.deleted') and e.occurred_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from (${publicNow}) as live where live.content_type = e.content_type and live.id = e.content_id)
    group by e.content_type, e.content_id
    order by at desc, e.content_id desc
    limit ${limit}`);
  return rows.map((row) => ({ id: row.content_id, type: row.content_type, at: new Date(row.at) }));
}
