/**
 * PRODUCT.md "Measurement": a mail's link to an item, `/go/{channel}/{slug}/{id}`. It sends the reader on to
 * the item's page, tagged with the mail's utm_source, and counts the press in `content_daily_mail`: once per
 * reader, item and channel in 30 minutes (a second press, or a mail scanner opening the link as well, is one),
 * never a bot, under the keyed visitor hash the views use and nothing else of the reader. Presses arriving
 * together are written in one statement (the counters' group commit).
 */
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";

import { NO_STORE } from "~/lib/cache-headers";
import { contentTypeBySlug } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";
import { isMailChannel, mailLandingPath, type MailChannel } from "~/lib/measurement";

import { getDb } from "../db/db.server";
import { logError } from "../log.server";
import { addressFromForwardedFor } from "../rate-limit.server";
import { utcDay } from "./daily-stats.server";
import { countInWindow, createBatcher, MAX_HITS_PER_BATCH, publishedItemsOf, windowCounts } from "./hit-batch.server";
import { visitorFrom } from "./visitor.server";

export interface MailClick {
  type: ContentType;
  id: string;
  channel: MailChannel;
  /** Keyed hash of address and user agent (the views' visitor); a bot has none and is never counted. */
  visitorId: string;
  at: number;
}

function clicksStatement(rows: { content_type: ContentType }[]) {
  const types = [...new Set(rows.map((row) => row.content_type))];
  return sql`
    with clicks as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as c(content_type text, content_id uuid, channel text, click_key text, at bigint, day date)
    ),
    items as (${publishedItemsOf(types, "clicks")}),
    live as (select c.* from clicks c join items i using (content_type, content_id)),
    click_rows as (${countInWindow("live", "click_key")}),
    click_counts as ${windowCounts("click_rows")},
    counted as (select l.* from live l, click_counts c where (c.counts ->> l.click_key)::int = 1)
    insert into content_daily_mail (content_type, content_id, day, channel, clicks)
    select content_type, content_id, day, channel, count(*)::int from counted
    group by content_type, content_id, day, channel
    order by content_type, content_id, day, channel
    on conflict (content_type, content_id, day, channel) do update set clicks = content_daily_mail.clicks + excluded.clicks`;
}

/** Writes the presses in one statement; an item not published now counts nothing. */
export async function writeMailClicks(clicks: readonly MailClick[]): Promise<true[]> {
  if (clicks.length === 0) return [];
  // A press sent twice in one batch counts once, as two batches would: one conflict per key per statement.
  const seen = new Set<string>();
  const rows = clicks.flatMap((click) => {
    const key = `click:${click.channel}:${click.id}:${click.visitorId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        content_type: click.type,
        content_id: click.id,
        channel: click.channel,
        click_key: key,
        at: click.at,
        day: utcDay(new Date(click.at)),
      },
    ];
  });
  const db = await getDb();
  await db.execute(clicksStatement(rows));
  return clicks.map(() => true);
}

const batcher = createBatcher<MailClick, true>(writeMailClicks, MAX_HITS_PER_BATCH, true);

export interface MailLinkCall {
  method: string;
  channel: unknown;
  slug: unknown;
  id: unknown;
  userAgent: string | null | undefined;
  forwardedFor: string | null | undefined;
}

export interface MailLinkAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NOT_FOUND: MailLinkAnswer = {
  status: 404,
  headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
  body: "This link names no item of ours.",
};

/**
 * Answers a mail link: 302 to the item's page (whether or not it is still published: its page says so), after
 * counting a GET's press; 404 for a link naming no channel, type or id of ours, 405 for anything but GET or
 * HEAD. A failed count is logged and the reader still sent on.
 */
export async function answerMailLink(call: MailLinkCall, now = Date.now()): Promise<MailLinkAnswer> {
  if (call.method !== "GET" && call.method !== "HEAD") {
    return {
      status: 405,
      headers: { ...NO_STORE, Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
      body: "Method Not Allowed",
    };
  }
  const type = typeof call.slug === "string" ? contentTypeBySlug(call.slug) : null;
  if (!isMailChannel(call.channel) || !type || typeof call.id !== "string" || !isUuid(call.id)) return NOT_FOUND;
  const id = call.id.toLowerCase();
  const visitor = call.method === "GET" ? visitorFrom(call.userAgent, addressFromForwardedFor(call.forwardedFor)) : null;
  if (visitor) {
    try {
      await batcher.record({ type, id, channel: call.channel, visitorId: visitor.id, at: now });
    } catch (error) {
      logError("A mail link's press could not be counted", error);
    }
  }
  return { status: 302, headers: { ...NO_STORE, Location: mailLandingPath(call.channel, type, id) }, body: "" };
}

/** The mail links' Express handler (server.ts mounts it with the counters). */
export const mailLinkRoute: RequestHandler = (req, res) => {
  void answerMailLink({
    method: req.method,
    channel: req.params.channel,
    slug: req.params.slug,
    id: req.params.id,
    userAgent: req.headers["user-agent"],
    forwardedFor: req.get("x-forwarded-for"),
  }).then((answer) => res.writeHead(answer.status, answer.headers).end(answer.body));
};
