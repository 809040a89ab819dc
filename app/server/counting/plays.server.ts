/**
 * PRODUCT.md "Measurement": the players' marks, `/api/{slug}/{id}/play?mark=…&s=…` for videos, interviews and
 * podcasts. A mark counts once per view: only while the visitor's view (or listen) of the item is counted in
 * its 30-minute window, and each mark once in that window, so plays can never outnumber views and inherit
 * their per-address allowance. Marks arriving together are written in one statement (group commit), into
 * `content_daily_plays`; nothing names the reader.
 */
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";

import { NO_STORE } from "~/lib/cache-headers";
import { type ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";
import { isPlayMark, markSeconds, PLAY_MARK_MESSAGES, PLAY_ROUTES, type PlayMark } from "~/lib/play-marks";

import { getDb } from "../db/db.server";
import { noteRequestError } from "../http/database-outage.server";
import { logError } from "../log.server";
import { addressFromForwardedFor } from "../rate-limit.server";
import { utcDay } from "./daily-stats.server";
import {
  ALLOWANCE_WINDOW_MS,
  countInWindow,
  createBatcher,
  MAX_HITS_PER_BATCH,
  publishedItemsOf,
  viewAllowanceKey,
  windowCounts,
} from "./hit-batch.server";
import { referrerHostOf, UNKNOWN_EMBED_HOST } from "./referrer-group.server";
import { visitorFrom } from "./visitor.server";

/** One mark to record. `visitorId` null (a bot, no address): answered, never counted. */
export interface PlayMarkHit {
  type: ContentType;
  id: string;
  mark: PlayMark;
  seconds: number;
  /** '' on our pages; the embedding site's host in an embed. */
  host: string;
  visitorId: string | null;
  at: number;
}

/** Whether the item is a published one of its type (its mark was then considered). */
type Found = boolean;

function playsStatement(rows: { content_type: ContentType }[]) {
  const types = [...new Set(rows.map((row) => row.content_type))];
  return sql`
    with marks as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as m(seq int, content_type text, content_id uuid, view_key text, mark_key text, at bigint, day date,
             mark text, seconds int, host text)
    ),
    items as (${publishedItemsOf(types, "marks")}),
    -- A mark counts only while the view it belongs to is counted: its allowance is in its window.
    allowed as (
      select m.* from marks m join items i using (content_type, content_id)
      where m.mark_key is not null and exists (
        select 1 from rate_limits r where r.key = m.view_key and r.last_request > m.at - ${ALLOWANCE_WINDOW_MS})
    ),
    mark_rows as (${countInWindow("allowed", "mark_key")}),
    mark_counts as ${windowCounts("mark_rows")},
    counted as (select a.* from allowed a, mark_counts c where (c.counts ->> a.mark_key)::int = 1),
    daily as (
      insert into content_daily_plays (content_type, content_id, day, host, plays, q25, q50, q75, q100, seconds)
      select content_type, content_id, day, host,
             count(*) filter (where mark = 'play'), count(*) filter (where mark = '25'), count(*) filter (where mark = '50'),
             count(*) filter (where mark = '75'), count(*) filter (where mark = '100'), sum(seconds)
      from counted
      group by content_type, content_id, day, host
      order by content_type, content_id, day, host
      on conflict (content_type, content_id, day, host) do update set
        plays = content_daily_plays.plays + excluded.plays, q25 = content_daily_plays.q25 + excluded.q25,
        q50 = content_daily_plays.q50 + excluded.q50, q75 = content_daily_plays.q75 + excluded.q75,
        q100 = content_daily_plays.q100 + excluded.q100, seconds = content_daily_plays.seconds + excluded.seconds
    )
    select m.seq, i.content_id is not null as found
    from marks m left join items i using (content_type, content_id)`;
}

/** Writes the marks in one statement; answers, for each, whether its item is published. */
export async function writePlayMarks(marks: readonly PlayMarkHit[]): Promise<Found[]> {
  if (marks.length === 0) return [];
  const seen = new Set<string>();
  const rows = marks.map((hit, seq) => {
    // A mark sent twice in one batch counts once, as two batches would: one conflict per key per statement.
    let markKey = hit.visitorId ? `play:${hit.mark}:${hit.id}:${hit.visitorId}:${hit.host}` : null;
    if (markKey && seen.has(markKey)) markKey = null;
    if (markKey) seen.add(markKey);
    return {
      seq,
      content_type: hit.type,
      content_id: hit.id,
      view_key: hit.visitorId ? viewAllowanceKey(hit.type, hit.id, hit.visitorId) : null,
      mark_key: markKey,
      at: hit.at,
      day: utcDay(new Date(hit.at)),
      mark: hit.mark,
      seconds: hit.seconds,
      host: hit.host,
    };
  });
  const db = await getDb();
  const result = await db.execute<{ seq: number; found: boolean }>(playsStatement(rows));
  const found = new Map(result.rows.map((row) => [Number(row.seq), row.found]));
  return rows.map((row) => found.get(row.seq) ?? false);
}

const batcher = createBatcher<PlayMarkHit, Found>(writePlayMarks, MAX_HITS_PER_BATCH, false);

/** What the endpoint reads of a request. */
export interface PlayCall {
  method: string;
  userAgent: string | null | undefined;
  forwardedFor: string | null | undefined;
  mark: unknown;
  seconds: unknown;
  /** `embed` when our embed frame sends the mark (PRODUCT.md "Embeds"), with `referrerHost` the embedding site's. */
  via?: unknown;
  referrerHost?: unknown;
}

/** The place of a mark: '' on our pages; in an embed, the embedding site's host, or UNKNOWN_EMBED_HOST. */
function placeOf(call: PlayCall): string {
  if (call.via !== "embed") return "";
  return referrerHostOf(call.referrerHost) ?? UNKNOWN_EMBED_HOST;
}

export interface PlayAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_NO_STORE = { ...NO_STORE, "Content-Type": "application/json; charset=utf-8" };
const error = (status: number, message: string, headers: Record<string, string> = {}): PlayAnswer => ({
  status,
  headers: { ...JSON_NO_STORE, ...headers },
  body: JSON.stringify({ error: message }),
});

/**
 * Records one mark and answers 204, whether it counted or not (a player has nothing to show); 400 for a
 * mark or seconds it cannot read, 404 for an item that is not a published one of the type, 405 but for POST.
 */
export async function answerPlay(type: ContentType, id: string | undefined, call: PlayCall, now = Date.now()): Promise<PlayAnswer> {
  if (call.method !== "POST") return error(405, "Method Not Allowed", { Allow: "POST" });
  if (!isPlayMark(call.mark)) return error(400, PLAY_MARK_MESSAGES.mark);
  const seconds = markSeconds(call.seconds);
  if (seconds == null) return error(400, PLAY_MARK_MESSAGES.seconds);
  if (!isUuid(id)) return error(404, "Not found");
  const visitor = visitorFrom(call.userAgent, addressFromForwardedFor(call.forwardedFor));
  const found = await batcher.record({
    type,
    id,
    mark: call.mark,
    seconds,
    host: placeOf(call),
    visitorId: visitor?.id ?? null,
    at: now,
  });
  return found ? { status: 204, headers: NO_STORE, body: "" } : error(404, "Not found");
}

/** The play endpoint of every played type, as Express routes (server.ts mounts them with the counters). */
export function playRoutes() {
  return PLAY_ROUTES.map(({ type, pattern }) => ({
    pattern,
    handler: ((req, res) => {
      const id = typeof req.params.id === "string" ? req.params.id : undefined;
      answerPlay(type, id, {
        method: req.method,
        userAgent: req.headers["user-agent"],
        forwardedFor: req.get("x-forwarded-for"),
        mark: req.query.mark,
        seconds: req.query.s,
        via: req.query.via,
        referrerHost: req.query.ref,
      }).then(
        (answer) => res.writeHead(answer.status, answer.headers).end(answer.body),
        (failure: unknown) => {
          noteRequestError(failure);
          logError(`Play mark ${req.path} failed`, failure);
          res.writeHead(500, JSON_NO_STORE).end(JSON.stringify({ error: "The play could not be recorded. Please try again." }));
        },
      );
    }) satisfies RequestHandler,
  }));
}
