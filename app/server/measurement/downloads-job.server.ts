/**
 * PRODUCT.md "Measurement": the job that turns the counting route's records into downloads, every
 * MEASUREMENT_INTERVAL_SECONDS on whichever instance takes its advisory lock first (the others skip that
 * turn). Each run looks at the listeners with a record written since its last run (by the database's clock,
 * less LATE_MS: a batch's time is taken when its transaction starts, before it commits), reads all their
 * records of the day and applies the IAB rules
 * (download-rules.server.ts); a listener counted before is not counted again (podcast_downloads' key). It
 * then deletes the spent daily salts and the records past MEASUREMENT_RETENTION_DAYS, in batches, and rolls
 * the downloads of days past it up into daily figures per episode (podcast_daily_downloads), deleting their
 * per-listener rows: after retention only daily aggregates stay.
 */
import { sql } from "drizzle-orm";

import type { EpisodeType } from "~/lib/measurement";

import { deleteSpentSalts } from "../daily-salt.server";
import { getDb, schema } from "../db/db.server";
import { isDatabaseUnavailable } from "../http/database-outage.server";
import { logFolded } from "../log.server";
import { countDownloads, type ServedRequest } from "./download-rules.server";
import { classifyUserAgent } from "./user-agents/classify-user-agent.server";

/** The advisory lock of the downloads job ('MWDL'): one instance runs it at a time. */
const JOB_LOCK = 0x4d57444c;
const JOB = "podcast-downloads";
/** How far before its last run a run reads again: a batch's `recorded_at` is taken before it commits. */
export const LATE_MS = 60_000;
/** Records deleted (or downloads rolled up) per statement when pruning, so a prune never holds the table long. */
const PRUNE_BATCH = 10_000;

export interface JobRun {
  /** Listeners' records read. */
  requests: number;
  /** Downloads newly counted. */
  downloads: number;
  pruned: number;
  /** Per-listener downloads rolled up into daily figures (and deleted). */
  rolledUp: number;
}

type RequestRow = {
  at: Date | string;
  episode_type: EpisodeType;
  episode_id: string;
  method: string;
  status: number;
  range: string | null;
  first_byte: number | string | null;
  bytes_sent: number | string;
  file_bytes: number | string;
  threshold_bytes: number | string;
  user_agent: string;
  listener: string;
};

function servedRequest(row: RequestRow): ServedRequest {
  return {
    at: new Date(row.at),
    episodeType: row.episode_type,
    episodeId: row.episode_id,
    method: row.method,
    status: Number(row.status),
    range: row.range,
    firstByte: row.first_byte === null ? null : Number(row.first_byte),
    bytesSent: Number(row.bytes_sent),
    fileBytes: Number(row.file_bytes),
    thresholdBytes: Number(row.threshold_bytes),
    userAgent: row.user_agent,
    listener: row.listener,
  };
}

/** One run; null when another instance holds the job. */
export async function countNewDownloads({ retentionDays }: { retentionDays: number }): Promise<JobRun | null> {
  const db = await getDb();
  const run = await db.transaction(async (tx) => {
    const [lock] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as locked`)).rows;
    if (!lock?.locked) return null;
    const [progress] = (
      await tx.execute<{ read_until: Date | string | null; now: Date | string }>(sql`
        select (select read_until from measurement_progress where job = ${JOB}) as read_until, now() as now`)
    ).rows;
    const now = new Date(progress!.now);
    const from = progress!.read_until ? new Date(new Date(progress!.read_until).getTime() - LATE_MS) : new Date(0);
    const { rows } = await tx.execute<RequestRow>(sql`
      with touched as (
        select distinct episode_id, listener, user_agent, (at at time zone 'UTC')::date as day
        from podcast_requests
        where recorded_at >= ${from.toISOString()}::timestamptz and method = 'GET' and status in (200, 206)
      )
      select r.at, r.episode_type, r.episode_id, r.method, r.status, r.range, r.first_byte, r.bytes_sent, r.file_bytes,
             r.threshold_bytes, r.user_agent, r.listener
      from podcast_requests r
      join touched t on t.episode_id = r.episode_id and t.listener = r.listener and t.user_agent = r.user_agent
                    and t.day = (r.at at time zone 'UTC')::date
      where r.method = 'GET' and r.status in (200, 206)`);
    const downloads = countDownloads(rows.map(servedRequest), classifyUserAgent);
    let counted = 0;
    for (let i = 0; i < downloads.length; i += 1_000) {
      const inserted = await tx
        .insert(schema.podcastDownloads)
        .values(downloads.slice(i, i + 1_000).map((download) => ({ ...download, country: null })))
        .onConflictDoNothing()
        .returning({ day: schema.podcastDownloads.day });
      counted += inserted.length;
    }
    await tx
      .insert(schema.measurementProgress)
      .values({ job: JOB, readUntil: now, ranAt: now })
      .onConflictDoUpdate({ target: schema.measurementProgress.job, set: { readUntil: now, ranAt: now } });
    return { requests: rows.length, downloads: counted, now };
  });
  if (!run) return null;
  await deleteSpentSalts(run.now);
  const pruned = await pruneRequests(run.now, retentionDays);
  const rolledUp = await rollUpDownloads(run.now, retentionDays);
  return { requests: run.requests, downloads: run.downloads, pruned, rolledUp };
}

/**
 * PRODUCT.md "Measurement": the downloads of the UTC days before `retentionDays` ago become daily figures per
 * episode, day, app, device and country, and their per-listener rows are deleted, a batch a statement (the
 * delete and the additions together, so a figure is never counted twice nor lost). Each batch holds the
 * job's lock, so one instance at a time rolls up; a batch that finds the lock taken leaves the rest to a
 * later turn. Figures add up exactly across batches: a listener has one row per episode and day.
 */
async function rollUpDownloads(now: Date, retentionDays: number): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString().slice(0, 10);
  let rolledUp = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = (await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as locked`)).rows;
      if (!lock?.locked) return null;
      const [row] = (
        await tx.execute<{ rolled: number | string }>(sql`
          with spent as (
            delete from podcast_downloads where (episode_type, episode_id, day, listener) in (
              select episode_type, episode_id, day, listener from podcast_downloads
              where day < ${before}::date order by day limit ${PRUNE_BATCH}
            ) returning episode_type, episode_id, day, listener, app, device, country
          ),
          added as (
            insert into podcast_daily_downloads (episode_type, episode_id, day, app, device, country, downloads, listeners)
            select episode_type, episode_id, day, app, device, country, count(*), count(distinct listener)
            from spent group by episode_type, episode_id, day, app, device, country
            on conflict on constraint podcast_daily_downloads_key do update
              set downloads = podcast_daily_downloads.downloads + excluded.downloads,
                  listeners = podcast_daily_downloads.listeners + excluded.listeners
            returning 1
          )
          select (select count(*) from spent) as rolled, (select count(*) from added) as added`)
      ).rows;
      return Number(row!.rolled);
    });
    if (batch === null) return rolledUp;
    rolledUp += batch;
    if (batch < PRUNE_BATCH) return rolledUp;
  }
}

/** Deletes the records older than `retentionDays`, a batch at a time. */
async function pruneRequests(now: Date, retentionDays: number): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  let pruned = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: number }>(sql`
      delete from podcast_requests where id in (
        select id from podcast_requests where at < ${before}::timestamptz order by at limit ${PRUNE_BATCH}
      ) returning id`);
    pruned += rows.length;
    if (rows.length < PRUNE_BATCH) return pruned;
  }
}

/** Runs the job every `everySeconds` on this instance (each run skipped when another instance is at it). */
export function startDownloadsJob({ everySeconds, retentionDays }: { everySeconds: number; retentionDays: number }) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = countNewDownloads({ retentionDays })
      // A database outage is said by /readyz and by the requests that meet it; the next run catches up.
      .catch((error: unknown) =>
        logFolded(isDatabaseUnavailable(error) ? "warn" : "error", "Podcast downloads could not be counted", error),
      )
      .finally(() => (busy = false));
  };
  const timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
