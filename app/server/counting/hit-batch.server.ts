/**
 * PRODUCT.md "Counters", group commit: views and listens arriving together are written together. Every
 * hit waiting when the previous batch finished goes into ONE statement that checks which items are
 * published, records the once-per-visitor and per-address allowances (PRODUCT.md "Security"), adds to the
 * lifetime counters and the day's figures; each hit is answered when that statement has committed, so an
 * acknowledged count is never lost. Under a spike a batch holds hundreds of hits; on a quiet site it holds
 * one and starts at once.
 */
import { sql, type SQL } from "drizzle-orm";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";

import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { hasErrorCode } from "../db/driver-errors.server";
import { withoutDatabaseDeadline } from "../db/request-deadline.server";
import { pruneExpiredRateLimits } from "../rate-limit.server";
import { utcDay } from "./daily-stats.server";
import { COUNT_ONCE_RULE, COUNTS_PER_ADDRESS_RULE, type Visitor } from "./visitor.server";

/** One view or listen to record: `visitor` null (a bot, no address) is answered the count, never counted. */
export interface Hit {
  type: ContentType;
  id: string;
  visitor: Visitor | null;
  /** When it arrived (ms since the epoch): the allowances' windows and the day's figure use it. */
  at: number;
}

/** The item's live count as of this hit (its own included when it counted); null: no such published item. */
export type HitCount = number | null;

/** Hits per statement, however many wait: bounds one statement's size and time. */
export const MAX_HITS_PER_BATCH = 1_000;

/** PostgreSQL's deadlock and serialization failures: the statement was rolled back whole, so it is retried. */
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);
const MAX_ATTEMPTS = 3;

// Both allowances share the 30-minute window, which is what lets one statement compute them together.
export const ALLOWANCE_WINDOW_MS = COUNT_ONCE_RULE.windowSeconds * 1000;
if (COUNTS_PER_ADDRESS_RULE.windowSeconds !== COUNT_ONCE_RULE.windowSeconds || COUNT_ONCE_RULE.max !== 1) {
  throw new Error("hit-batch: the visitor and address allowances must share one window, and a visitor counts once");
}

/** The rate_limits key of a visitor's view (or listen) of an item, as `visitor.server.ts` has always named it. */
export function viewAllowanceKey(type: ContentType, id: string, visitorId: string): string {
  return `${CONTENT_REGISTRY[type].counter === "listens" ? "listen" : "view"}:${id}:${visitorId}`;
}

/** The allowances' keys in rate_limits. */
function allowanceKeys(hit: Hit) {
  if (!hit.visitor) return null;
  const counter = CONTENT_REGISTRY[hit.type].counter === "listens" ? "listen" : "view";
  return {
    visitor: viewAllowanceKey(hit.type, hit.id, hit.visitor.id),
    address: `${counter}:${hit.id}:address:${hit.visitor.address}`,
  };
}

/** `select … union all select …` over the given types, from the registry (names never come from input). */
export function eachType(types: readonly ContentType[], part: (type: ContentType, table: SQL, counter: SQL) => SQL) {
  return sql.join(
    types.map((type) => {
      const info = CONTENT_REGISTRY[type];
      return part(type, sql`${sql.identifier(info.tableName)}`, sql`${sql.identifier(info.counter)}`);
    }),
    sql` union all `,
  );
}

/**
 * The items named by the rows of `source` (a name in the statement) that are published now, as
 * (content_type, content_id): a batch counts nothing for a draft, a scheduled or a deleted item.
 */
export function publishedItemsOf(types: readonly ContentType[], source: string) {
  return eachType(
    types,
    (type, table) => sql`
          select ${type}::text as content_type, id as content_id from ${table}
          where id in (select content_id from ${sql.identifier(source)} where content_type = ${type}) and ${PUBLIC_NOW_SQL}`,
  );
}

/**
 * One more under each row's `key` of `source` (a name in the statement) in rate_limits, in key order; a key
 * whose 30-minute window has passed starts again at 1. Returns each key's count: 1 is the window's first.
 */
export function countInWindow(source: string, key: string) {
  const keyColumn = sql.identifier(key);
  return sql`
      insert into rate_limits (id, key, count, last_request)
      select gen_random_uuid()::text, ${keyColumn}, 1, at from ${sql.identifier(source)} order by ${keyColumn}
      on conflict (key) do update set
        count = case when rate_limits.last_request <= excluded.last_request - ${ALLOWANCE_WINDOW_MS} then 1 else rate_limits.count + 1 end,
        last_request = case when rate_limits.last_request <= excluded.last_request - ${ALLOWANCE_WINDOW_MS}
                            then excluded.last_request else rate_limits.last_request end
      returning key, count`;
}

/**
 * The counts that `countInWindow` returned (the CTE named `rows`), as one jsonb object in which each row of
 * the batch looks its key up (`(counts ->> key)::int`, a binary search). Joined instead, each hit would be
 * compared with every key: the planner expects one row from each CTE. Materialized, so it is built once.
 */
export function windowCounts(rows: string) {
  return sql`materialized (select jsonb_object_agg(key, count) as counts from ${sql.identifier(rows)})`;
}

/** PRODUCT.md "Measurement": the audience dimensions a view adds to, each the hit's column of that name. */
const AUDIENCE_DIMENSIONS = ["referrer", "referrer_host", "embed_host", "device"] as const;

/**
 * The batch's audience insert, over only the dimensions some hit of the batch has (most batches have no
 * referring or embedding host): a shorter statement is planned faster. Empty when no hit has any.
 */
type AudienceColumns = Partial<Record<(typeof AUDIENCE_DIMENSIONS)[number], string | null>>;

function audienceInsert(rows: readonly AudienceColumns[]) {
  const present = AUDIENCE_DIMENSIONS.filter((dimension) => rows.some((row) => row[dimension] != null));
  if (present.length === 0) return sql``;
  const parts = present.map(
    (dimension) =>
      sql`select content_type, content_id, day, ${dimension}::text as dimension, ${sql.identifier(dimension)} as value
          from kept where ${sql.identifier(dimension)} is not null`,
  );
  return sql`,
    audience as (
      insert into content_daily_audience (content_type, content_id, day, dimension, value, hits)
      select content_type, content_id, day, dimension, value, count(*)::int from (${sql.join(parts, sql` union all `)}) a
      group by 1, 2, 3, 4, 5
      order by 1, 2, 3, 4, 5
      on conflict (content_type, content_id, day, dimension, value) do update set hits = content_daily_audience.hits + excluded.hits
    )`;
}

/**
 * The batch statement. `hits` carries each hit's position, item, allowance keys (null: not to be counted),
 * time and day. Rows go into rate_limits and content_daily_stats in key order, so two instances' batches
 * never wait on each other in opposite orders.
 */
function batchStatement(rows: ({ content_type: ContentType } & AudienceColumns)[]) {
  // Only the types in the batch (most often one): a smaller statement is planned faster, which is most of
  // what a batch of one view costs.
  const types = CONTENT_TYPE_LIST.map((info) => info.key).filter((type) => rows.some((row) => row.content_type === type));
  const counterUpdates = types
    .map((type) => CONTENT_REGISTRY[type])
    .map(
      (info) => sql`
    ${sql.identifier(`bump_${info.key}`)} as (
      update ${sql.identifier(info.tableName)} t set ${sql.identifier(info.counter)} = t.${sql.identifier(info.counter)} + p.n
      from per_item p where p.content_type = ${info.key} and t.id = p.content_id
      returning p.content_type, t.id as content_id, t.${sql.identifier(info.counter)} as count
    ),`,
    );
  return sql`
    with hits as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as h(seq int, content_type text, content_id uuid, visitor_key text, address_key text, at bigint, day date,
             daily_key text, device text, referrer text, referrer_host text, embed_host text)
    ),
    items as (
      ${eachType(
        types,
        (type, table, counter) => sql`
          select ${type}::text as content_type, id as content_id, ${counter}::bigint as count from ${table}
          where id in (select content_id from hits where content_type = ${type}) and ${PUBLIC_NOW_SQL}`,
      )}
    ),
    live as (
      select h.* from hits h join items i using (content_type, content_id) where h.visitor_key is not null
    ),
    visitor_rows as (${countInWindow("live", "visitor_key")}),
    visitor_counts as ${windowCounts("visitor_rows")},
    first_visits as (
      select l.* from live l, visitor_counts v where (v.counts ->> l.visitor_key)::int <= ${COUNT_ONCE_RULE.max}
    ),
    address_groups as (
      select address_key, count(*)::int as n, max(at) as at from first_visits group by address_key
    ),
    address_rows as (
      insert into rate_limits (id, key, count, last_request)
      select gen_random_uuid()::text, address_key, n, at from address_groups order by address_key
      on conflict (key) do update set
        count = case when rate_limits.last_request <= excluded.last_request - ${ALLOWANCE_WINDOW_MS}
                     then excluded.count else rate_limits.count + excluded.count end,
        last_request = case when rate_limits.last_request <= excluded.last_request - ${ALLOWANCE_WINDOW_MS}
                            then excluded.last_request else rate_limits.last_request end
      returning key, count
    ),
    address_counts as ${windowCounts("address_rows")},
    counted as (
      -- The address's allowance goes to its first visitors in arrival order: the k-th of a group of n made
      -- the address's count (its new count - n + k).
      select f.* from (
        select f.*, row_number() over (partition by f.address_key order by f.seq) as rank,
               count(*) over (partition by f.address_key) as n
        from first_visits f
      ) f, address_counts a
      where (a.counts ->> f.address_key)::int - f.n + f.rank <= ${COUNTS_PER_ADDRESS_RULE.max}
    ),
    per_item as (
      select content_type, content_id, count(*)::int as n from counted group by content_type, content_id
    ),
    ${sql.join(counterUpdates, sql``)}
    bumped as (
      ${sql.join(
        types.map((type) => sql`select * from ${sql.identifier(`bump_${type}`)}`),
        sql` union all `,
      )}
    ),
    kept as (
      select c.* from counted c
      where exists (select 1 from bumped b where b.content_type = c.content_type and b.content_id = c.content_id)
    ),
    -- PRODUCT.md "Measurement": a visitor new to the item today is one more of the day's uniques.
    new_visitors as (
      insert into content_daily_visitors (content_type, content_id, day, visitor)
      select distinct content_type, content_id, day, daily_key from kept where daily_key is not null
      order by 1, 2, 3, 4
      on conflict do nothing
      returning content_type, content_id, day
    ),
    daily as (
      insert into content_daily_stats (content_type, content_id, day, hits, uniques)
      select k.content_type, k.content_id, k.day, count(*)::int,
             (select count(*) from new_visitors n
              where n.content_type = k.content_type and n.content_id = k.content_id and n.day = k.day)::int
      from kept k
      group by k.content_type, k.content_id, k.day
      order by k.content_type, k.content_id, k.day
      on conflict (content_type, content_id, day) do update
        set hits = content_daily_stats.hits + excluded.hits, uniques = content_daily_stats.uniques + excluded.uniques
    )${audienceInsert(rows)}
    select h.seq,
           coalesce(b.count, i.count) as final_count,
           i.content_id is not null as found,
           exists (select 1 from counted c where c.seq = h.seq) as counted
    from hits h
    left join items i using (content_type, content_id)
    left join bumped b using (content_type, content_id)`;
}

/** The batch's rows: a visitor's second hit of an item within the batch carries no allowance keys. */
function batchRows(hits: readonly Hit[]) {
  const seen = new Set<string>();
  return hits.map((hit, seq) => {
    let keys = allowanceKeys(hit);
    if (keys && seen.has(keys.visitor)) keys = null;
    if (keys) seen.add(keys.visitor);
    return {
      seq,
      content_type: hit.type,
      content_id: hit.id,
      visitor_key: keys?.visitor ?? null,
      address_key: keys?.address ?? null,
      at: hit.at,
      day: utcDay(new Date(hit.at)),
      daily_key: hit.visitor?.audience?.daily ?? null,
      device: hit.visitor?.audience?.device ?? null,
      referrer: hit.visitor?.audience?.referrer ?? null,
      referrer_host: hit.visitor?.audience?.referrerHost ?? null,
      embed_host: hit.visitor?.audience?.embedHost ?? null,
    };
  });
}

/** The statement that writes `hits` (its plan is tested: the work must grow with the batch, not its square). */
export function hitBatchStatement(hits: readonly Hit[]) {
  return batchStatement(batchRows(hits));
}

/**
 * Writes `hits` in one statement and answers each its count, as if they had been recorded one after the
 * other in the order given. A visitor's second hit of an item within the batch is answered, not counted.
 */
export async function writeHits(hits: readonly Hit[]): Promise<HitCount[]> {
  if (hits.length === 0) return [];
  const rows = batchRows(hits);
  const db = await getDb();
  let result: { seq: number; final_count: number | string | null; found: boolean; counted: boolean }[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      result = (await db.execute<(typeof result)[number]>(batchStatement(rows))).rows;
      break;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !hasErrorCode(error, RETRYABLE_SQLSTATES)) throw error;
    }
  }
  await pruneExpiredRateLimits(Math.max(...hits.map((hit) => hit.at)));
  await pruneDailyVisitors(Math.max(...hits.map((hit) => hit.at)));

  const bySeq = new Map(result.map((row) => [Number(row.seq), row]));
  // Each item's count before this batch's hits: its final count less the hits counted here.
  const running = new Map<string, number>();
  for (const row of result) {
    if (!row.found) continue;
    const key = `${rows[Number(row.seq)]!.content_type}:${rows[Number(row.seq)]!.content_id}`;
    running.set(key, (running.get(key) ?? Number(row.final_count)) - (row.counted ? 1 : 0));
  }
  return rows.map((row) => {
    const answer = bySeq.get(row.seq);
    if (!answer?.found) return null;
    const key = `${row.content_type}:${row.content_id}`;
    const count = running.get(key)! + (answer.counted ? 1 : 0);
    running.set(key, count);
    return count;
  });
}

let lastVisitorPrune = Number.NEGATIVE_INFINITY;

/**
 * PRODUCT.md "Measurement": a day's visitor hashes are needed only while the day's uniques can still grow;
 * those of days before yesterday go, at most once a minute per process.
 */
async function pruneDailyVisitors(now: number) {
  if (Math.abs(now - lastVisitorPrune) < 60_000) return;
  lastVisitorPrune = now;
  const db = await getDb();
  await db.execute(sql`delete from content_daily_visitors where day < ${utcDay(new Date(now - 86_400_000))}::date`);
}

interface Waiting<T, R> {
  item: T;
  resolve: (answer: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: one batch is written at a time; items arriving meanwhile wait for the next, which starts as
 * soon as it ends. An item on an idle site waits only for the end of the current turn of the event loop.
 * `write` answers each item of its batch, in order.
 */
export function createBatcher<T, R>(write: (items: readonly T[]) => Promise<R[]>, maxBatch: number, absent: R) {
  let waiting: Waiting<T, R>[] = [];
  let writing = false;

  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      try {
        const answers = await write(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(answers[i] ?? absent));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  };

  return {
    record(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (writing) return;
        writing = true;
        // The drain outlives the request that starts it (it goes on while hits keep coming).
        setImmediate(() => void withoutDatabaseDeadline(drain));
      });
    },
    /** Items waiting for a batch (tests, metrics). */
    get waiting() {
      return waiting.length;
    },
  };
}

/** The views' and listens' group commit (`writeHits` unless a test gives another write). */
export function createHitBatcher(write: (hits: readonly Hit[]) => Promise<HitCount[]> = writeHits, maxBatch = MAX_HITS_PER_BATCH) {
  return createBatcher<Hit, HitCount>(write, maxBatch, null);
}
