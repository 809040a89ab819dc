/**
 * PRODUCT.md "Measurement": the counting route's records, written the way views are (group commit): every
 * record waiting when the previous write finished goes into one INSERT, so under a spike the database sees one
 * write per batch, not one per request. A podcast app is never kept waiting for it: the record is taken once
 * the answer is sent. A failed write keeps its records for the next attempt (a second later), up to a bound;
 * server.ts flushes what is left when it stops.
 */
import { sql } from "drizzle-orm";

import { dailyAddressHash, saltOf, utcDayOf } from "../daily-salt.server";
import { getDb, type schema } from "../db/db.server";
import { withoutDatabaseDeadline } from "../db/request-deadline.server";
import { isDatabaseUnavailable } from "../http/database-outage.server";
import { log, logFolded } from "../log.server";

/**
 * A request as the route hands it over: with the client's address, held in memory only until its batch is
 * written, when it becomes its hash under the day's salt. A batch whose salt cannot be read waits and is
 * tried again, like any failed write, so an outage loses no record and never stores an address.
 */
export type RequestRecord = Omit<typeof schema.podcastRequests.$inferInsert, "listener" | "id" | "recordedAt"> & {
  at: Date;
  address: string;
};

/** Records per INSERT: bounds one statement's size and time. */
export const MAX_RECORDS_PER_BATCH = 1_000;
/** Records kept while the database is away; past this the oldest are dropped and the drop is logged. */
export const MAX_WAITING_RECORDS = 100_000;
const RETRY_MS = 1_000;

/**
 * One INSERT for the batch, its rows as one JSON parameter: on the embedded database (which runs in this
 * process) binding sixteen parameters a row cost more than the rows themselves. `recorded_at` is the
 * database's time of writing, which the downloads job reads by (a record may be written long after its
 * request began: a long download, an outage).
 */
export async function writeRequestRecords(records: readonly RequestRecord[]): Promise<void> {
  const salts = new Map<string, string>();
  for (const record of records) {
    const day = utcDayOf(record.at);
    if (!salts.has(day)) salts.set(day, await saltOf(record.at));
  }
  const rows = records.map(({ address, ...record }) => ({
    ...record,
    at: record.at.toISOString(),
    listener: dailyAddressHash(address, salts.get(utcDayOf(record.at))!),
  }));
  const db = await getDb();
  await db.execute(sql`
    insert into podcast_requests (at, episode_type, episode_id, method, status, range, first_byte, bytes_sent, file_bytes,
                                  threshold_bytes, user_agent, referrer_host, listener, country)
    select at, "episodeType", "episodeId", method, status, range, "firstByte", "bytesSent", "fileBytes", "thresholdBytes",
           coalesce("userAgent", ''), "referrerHost", listener, country
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(at timestamptz, "episodeType" text, "episodeId" uuid, method text, status smallint, range text, "firstByte" bigint,
           "bytesSent" bigint, "fileBytes" bigint, "thresholdBytes" bigint, "userAgent" text, "referrerHost" text, listener text,
           country text)`);
}

export function createRequestLog(
  write: (records: readonly RequestRecord[]) => Promise<void> = writeRequestRecords,
  maxBatch = MAX_RECORDS_PER_BATCH,
) {
  let waiting: RequestRecord[] = [];
  let writing: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let dropped = 0;
  // Answers being sent whose record is still to come: a flush waits for them.
  const answering = new Set<Promise<unknown>>();

  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      try {
        await write(batch);
        waiting = waiting.slice(batch.length);
      } catch (error) {
        // A database outage is said by /readyz and by the requests that meet it; the records wait for it.
        logFolded(
          isDatabaseUnavailable(error) ? "warn" : "error",
          `Podcast request records could not be written (${waiting.length} waiting); trying again`,
          error,
        );
        retry = setTimeout(start, RETRY_MS);
        retry.unref();
        break;
      }
    }
    writing = null;
  };
  function start() {
    retry = null;
    if (!writing && waiting.length > 0) writing = withoutDatabaseDeadline(drain);
  }

  return {
    record(record: RequestRecord) {
      waiting.push(record);
      if (waiting.length > MAX_WAITING_RECORDS) {
        waiting.shift();
        if (dropped++ % 1_000 === 0) log.warn(`Podcast request records dropped: ${dropped} so far (the database is not taking them)`);
      }
      // Written after this turn of the event loop, with whatever else arrived meanwhile.
      // The drain outlives the request that starts it (it goes on while records keep coming).
      if (!writing && !retry) writing = withoutDatabaseDeadline(() => new Promise((resolve) => setImmediate(resolve)).then(drain));
    },
    /** Counts `answer` (a request being answered, which records itself when done) in what a flush waits for. */
    track(answer: Promise<unknown>) {
      answering.add(answer);
      void answer.finally(() => answering.delete(answer));
    },
    /** Writes everything waiting, the answers in progress included (server.ts when it stops; tests); rejects if a write fails. */
    async flush() {
      await Promise.allSettled([...answering]);
      if (retry) clearTimeout(retry);
      retry = null;
      while (writing) await writing;
      while (waiting.length > 0) {
        const batch = waiting.slice(0, maxBatch);
        await write(batch);
        waiting = waiting.slice(batch.length);
      }
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
