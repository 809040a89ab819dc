/**
 * Company alerts (PRODUCT.md "Following and alerts"). When an item goes live (content/publications), each
 * reader following a company it names gets one mail for it, or an entry in their daily digest, queued in
 * the transaction that marks the item as announced: an item is announced once, by one instance (the rows
 * is claimed by the statement that marks it), and the outbox's dedupe key guards each mail again. The item and the
 * followers are read when the mail is built, so an item no longer live, or a company unfollowed, sends nothing.
 */
import { sql } from "drizzle-orm";

import type { ContentType } from "~/lib/content-types";

import { recordDuePublications } from "../content/publications.server";
import { getDb, type Database } from "../db/db.server";
import type { AlertFrequency } from "../db/schema";
import { queueMail, wakeMailWorker } from "../mail/outbox.server";
import { liveEditionItems, type EditionItem } from "../newsletter/edition-items.server";
import { digestMail, instantAlertMail } from "./alert-mail.server";

/** Items announced per transaction. */
const ITEMS_PER_LOOK = 20;
/** Readers whose digests are built per round. */
const DIGEST_READERS_PER_LOOK = 500;
/** PRODUCT.md "Following and alerts": daily digests leave at 07:00 UTC with what went live before then. */
export const DIGEST_HOUR_UTC = 7;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

type Follower = {
  id: string;
  email: string;
  frequency: AlertFrequency;
  companies: string[];
};

/** The readers following a company the item names, with those companies' names ('Name (ASX:TIC)'). */
async function followersOf(tx: Tx, type: ContentType, id: string): Promise<Follower[]> {
  const { rows } = await tx.execute<Follower>(sql`
    select u.id, u.email, coalesce(p.alert_frequency, 'instant') as frequency,
      array_agg(c.name || ' (' || c.exchange || ':' || c.ticker || ')' order by c.name) as companies
    from content_companies cc
    join company_follows f on f.company_id = cc.company_id
    join companies c on c.id = cc.company_id
    join users u on u.id = f.user_id
    left join profiles p on p.user_id = u.id
    where cc.content_type = ${type} and cc.content_id = ${id}
    group by u.id, u.email, p.alert_frequency`);
  return rows;
}

/** Queues the item's alerts in `tx`, to its followers as they are now; returns how many mails were queued. */
async function announce(tx: Tx, item: EditionItem): Promise<number> {
  const followers = await followersOf(tx, item.type, item.id);
  const daily = followers.filter((reader) => reader.frequency === "daily");
  if (daily.length > 0) {
    const values = daily.map((reader) => sql`(${reader.id}, ${item.type}, ${item.id}::uuid)`);
    await tx.execute(sql`insert into alert_digest_entries (user_id, content_type, content_id)
      values ${sql.join(values, sql`, `)} on conflict do nothing`);
  }
  const mails = followers
    .filter((reader) => reader.frequency === "instant")
    .map((reader) => instantAlertMail(reader, item, reader.companies));
  return mails.length > 0 ? queueMail(tx, mails) : 0;
}

/**
 * Records the scheduled items whose time came, then announces every item gone live and not yet announced.
 * Any instance may run it at any time: an item is claimed by the statement that marks it announced, in
 * the transaction that queues its mails, so a second instance finds it taken. Returns how many were announced.
 */
export async function announcePublications(): Promise<number> {
  await recordDuePublications();
  const db = await getDb();
  let announced = 0;
  let queued = 0;
  for (;;) {
    const { rows } = await db.execute<{ content_type: ContentType; content_id: string }>(sql`
      select content_type, content_id from content_publications where alerted_at is null
      order by live_at, content_id limit ${ITEMS_PER_LOOK}`);
    // Read before the transaction (the embedded database has one connection): an item no longer live is left out.
    const live = await liveEditionItems(rows.map((row) => ({ type: row.content_type, id: row.content_id })));
    for (const row of rows) {
      const item = live.find((entry) => entry.type === row.content_type && entry.id === row.content_id);
      await db.transaction(async (tx) => {
        const { rows: claimed } = await tx.execute(sql`update content_publications set alerted_at = now()
          where content_type = ${row.content_type} and content_id = ${row.content_id} and alerted_at is null returning 1`);
        if (claimed.length === 0) return; // another instance announced it
        announced += 1;
        if (item) queued += await announce(tx, item);
      });
    }
    if (rows.length < ITEMS_PER_LOOK) break;
  }
  if (queued > 0) wakeMailWorker();
  return announced;
}

/** The latest digest time at or before `now`: today's at DIGEST_HOUR_UTC, or yesterday's. */
export function lastDigestTime(now: Date): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  return today <= now ? today : new Date(today.getTime() - 24 * 3_600_000);
}

/**
 * Queues the daily digests due at `now`: each reader's entries from before the last digest time, in one
 * mail per reader and day, leaving out items no longer live and companies no longer followed (and everything
 * for a reader who turned alerts off). The entries are removed as their digest is queued.
 */
export async function sendDailyDigests(now = new Date()): Promise<number> {
  const cut = lastDigestTime(now).toISOString();
  const day = cut.slice(0, 10);
  const db = await getDb();
  let queued = 0;
  for (;;) {
    const { rows: readers } = await db.execute<{ user_id: string; email: string }>(sql`
      select distinct e.user_id, u.email from alert_digest_entries e join users u on u.id = e.user_id
      where e.created_at < ${cut}::timestamptz order by e.user_id limit ${DIGEST_READERS_PER_LOOK}`);
    for (const reader of readers) {
      const { rows: entries } = await db.execute<{ content_type: ContentType; content_id: string }>(sql`
        select e.content_type, e.content_id from alert_digest_entries e left join profiles p on p.user_id = e.user_id
        where e.user_id = ${reader.user_id} and e.created_at < ${cut}::timestamptz
          and coalesce(p.alert_frequency, 'instant') <> 'off'
          and exists (select 1 from content_companies cc join company_follows f on f.company_id = cc.company_id
            where f.user_id = e.user_id and cc.content_type = e.content_type and cc.content_id = e.content_id)
        order by e.created_at`);
      // Read before the transaction (the embedded database has one connection): items no longer live are left out.
      const items = await liveEditionItems(entries.map((entry) => ({ type: entry.content_type, id: entry.content_id })));
      await db.transaction(async (tx) => {
        // Taking the entries claims the digest: another instance finds none left.
        const { rows: taken } = await tx.execute<{ content_type: ContentType; content_id: string }>(sql`
          delete from alert_digest_entries where user_id = ${reader.user_id} and created_at < ${cut}::timestamptz
          returning content_type, content_id`);
        const mine = items.filter((item) => taken.some((row) => row.content_type === item.type && row.content_id === item.id));
        if (mine.length > 0) queued += await queueMail(tx, digestMail({ id: reader.user_id, email: reader.email }, mine, day));
      });
    }
    if (readers.length < DIGEST_READERS_PER_LOOK) break;
  }
  if (queued > 0) wakeMailWorker();
  return queued;
}
