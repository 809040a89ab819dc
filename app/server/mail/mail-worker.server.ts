/**
 * The mail worker (PRODUCT.md "Mail"): runs in every server process and sends what the outbox holds. Each
 * instance claims a few due mails at a time under one advisory lock (so the sending rate is counted across
 * instances) with FOR UPDATE SKIP LOCKED, sends them, and records each result, with the time its attempt
 * began, as soon as the SMTP server answers. A claim is short and renewed while its worker lives; one that
 * runs out (a process killed mid-send) hands the mail to the next worker within that time.
 */
import { sql } from "drizzle-orm";

import { getDb } from "../db/db.server";
import { isDatabaseUnavailable } from "../http/database-outage.server";
import { log, logFolded } from "../log.server";
import { wakeableSleep } from "../wakeable-sleep.server";
import { onMailQueued } from "./outbox.server";
import { MailSendError, type MailMessage, type MailTransport } from "./smtp-transport.server";

/** The advisory lock every instance's claim takes ('MWML'), so two claims never count the rate at once. */
const CLAIM_LOCK = 0x4d574d4c;

export interface MailWorkerOptions {
  transport: MailTransport;
  /** MAIL_RATE_PER_MINUTE: attempts across all instances in any minute. */
  ratePerMinute: number;
  /** Mails taken per claim. */
  batchSize?: number;
  /** Mails sent at once by this process (SMTP connections). */
  concurrency?: number;
  /** How long an idle worker waits before it looks again (another instance may have queued mail). */
  pollMs?: number;
  /** How long a claim holds a mail against other workers; renewed every third of it while the worker sends. */
  claimMs?: number;
  /** After this many temporary failures the mail is recorded as failed. */
  maxAttempts?: number;
  /** The wait before attempt `attempt + 1`, after `attempt` temporary failures. */
  backoffMs?: (attempt: number) => number;
}

export const MAIL_DEFAULTS = {
  batchSize: 100,
  concurrency: 4,
  pollMs: 5_000,
  claimMs: 30_000,
  maxAttempts: 8,
} as const;

/** One minute after the first temporary failure, doubling to at most an hour (PRODUCT.md "Mail"). */
export function backoffAfter(attempt: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

interface ClaimedMail extends MailMessage {
  attempts: number;
}

async function claimDueMails(batchSize: number, ratePerMinute: number, claimMs: number): Promise<ClaimedMail[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const { rows } = await tx.execute<{
      id: number | string;
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      headers: Record<string, string> | string;
      attempts: number;
    }>(sql`
      -- The rate counts attempts by the time each began (recorded with its result), and every mail claimed and
      -- not yet answered as one about to be attempted: so no minute, however a batch's sends spread, holds more.
      with budget as (
        select greatest(0, ${ratePerMinute}::int
          - (select count(*) from mail_outbox where status = 'sending')
          - (select count(*) from mail_outbox where attempted_at > now() - interval '1 minute' and status <> 'sending')
        )::int as n
      )
      update mail_outbox
      set status = 'sending', attempts = attempts + 1, attempted_at = now(),
          claimed_until = now() + ${claimMs}::int * interval '1 millisecond'
      where id in (
        select id from mail_outbox
        where (status = 'queued' and not_before <= now()) or (status = 'sending' and claimed_until < now())
        order by id
        limit least(${batchSize}::int, (select n from budget))
        for update skip locked
      )
      returning id, to_address, subject, text_body, html_body, headers, attempts`);
    return rows
      .map((row) => ({
        id: Number(row.id),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
        attempts: row.attempts,
      }))
      .sort((a, b) => a.id - b.id);
  });
}

/**
 * `began`: when the attempt began, which the sending rate counts (not when the mail was claimed). In the same
 * statement, each item the mail carries counts one send on the day (PRODUCT.md "Measurement"), once: a mail
 * a second worker took over and sent as well is marked sent only once.
 */
async function recordSent(id: number, began: Date) {
  const db = await getDb();
  await db.execute(sql`
    with sent as (
      update mail_outbox set status = 'sent', sent_at = now(), attempted_at = ${began}, claimed_until = null, last_error = null
      where id = ${id} and status <> 'sent'
      returning kind, items, sent_at
    )
    insert into content_daily_mail (content_type, content_id, day, channel, sends)
    select item ->> 'type', (item ->> 'id')::uuid, (sent.sent_at at time zone 'UTC')::date,
      case sent.kind when 'edition' then 'newsletter' else 'alert' end, 1
    from sent cross join lateral jsonb_array_elements(sent.items) as item
    where sent.kind in ('edition', 'alert')
    on conflict (content_type, content_id, day, channel) do update set sends = content_daily_mail.sends + 1`);
}

async function recordFailure(
  mail: ClaimedMail,
  began: Date,
  error: MailSendError,
  maxAttempts: number,
  backoffMs: (attempt: number) => number,
) {
  const db = await getDb();
  const final = error.permanent || mail.attempts >= maxAttempts;
  const reason = error.message;
  if (final) {
    await db.execute(sql`
      update mail_outbox set status = 'failed', attempted_at = ${began}, claimed_until = null, last_error = ${reason}
      where id = ${mail.id}`);
  } else {
    const wait = backoffMs(mail.attempts);
    await db.execute(sql`
      update mail_outbox set status = 'queued', attempted_at = ${began}, claimed_until = null, last_error = ${reason},
        not_before = now() + ${wait}::int * interval '1 millisecond'
      where id = ${mail.id}`);
  }
  logFolded(
    "warn",
    final ? "A mail could not be sent and will not be tried again" : "A mail could not be sent and will be tried again",
    error,
    { mailId: mail.id },
  );
}

/**
 * Gives back claimed mails this worker did not start (a clean stop): they go to the next worker at once, and
 * no attempt is counted for them.
 */
async function releaseClaims(ids: number[]) {
  if (ids.length === 0) return;
  const db = await getDb();
  await db.execute(sql`
    update mail_outbox set status = 'queued', attempts = attempts - 1, attempted_at = null, claimed_until = null
    where status = 'sending' and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/**
 * Extends this worker's claim on the mails it has not answered yet. A mail another worker took over (its claim
 * ran out while the database was away) has a higher attempt count, so it is not touched.
 */
async function renewClaims(mails: ClaimedMail[], claimMs: number) {
  if (mails.length === 0) return;
  const db = await getDb();
  const ids = sql.join(
    mails.map((mail) => sql`(${mail.id}::bigint, ${mail.attempts}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update mail_outbox set claimed_until = now() + ${claimMs}::int * interval '1 millisecond'
    where status = 'sending' and (id, attempts) in (${ids})`);
}

export interface MailWorker {
  /** Finishes the mails being sent, gives back the rest of the claim, and stops. */
  stop: () => Promise<void>;
}

interface Settings extends Required<Omit<MailWorkerOptions, "transport">> {
  transport: MailTransport;
}

function settingsOf(options: MailWorkerOptions): Settings {
  return { ...MAIL_DEFAULTS, backoffMs: backoffAfter, ...options };
}

/**
 * Claims one batch and sends it; returns how many mails were claimed. `shouldStop` is asked before each
 * mail: what is left when it says yes is given back.
 */
async function sendOneBatch(settings: Settings, shouldStop: () => boolean): Promise<number> {
  const claimed = await claimDueMails(settings.batchSize, settings.ratePerMinute, settings.claimMs);
  // The mails not answered yet: their claim is renewed every third of its length while this worker lives.
  const open = new Set(claimed);
  const renewal = setInterval(() => {
    renewClaims([...open], settings.claimMs).catch((error: unknown) =>
      logFolded("error", "The mail worker could not renew its claim", error),
    );
  }, settings.claimMs / 3);
  // Each answer is written the moment it arrives, and the lane sends its next mail meanwhile: a lane's
  // pace is the SMTP server's, not the SMTP server's plus a database commit (docs/PERFORMANCE.md "Mail").
  const records: Promise<void>[] = [];
  const answered = (mail: ClaimedMail, record: Promise<void>) => records.push(record.then(() => void open.delete(mail)));
  let next = 0;
  const lane = async () => {
    while (next < claimed.length && !shouldStop()) {
      const mail = claimed[next++]!;
      const began = new Date();
      try {
        await settings.transport.send(mail);
      } catch (error) {
        const failure = error instanceof MailSendError ? error : new MailSendError(String(error), false);
        answered(mail, recordFailure(mail, began, failure, settings.maxAttempts, settings.backoffMs));
        continue;
      }
      answered(mail, recordSent(mail.id, began));
    }
  };
  let written: PromiseSettledResult<unknown>[];
  try {
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, claimed.length) }, lane));
    written = await Promise.allSettled(records);
  } finally {
    clearInterval(renewal);
  }
  await releaseClaims(claimed.slice(next).map((mail) => mail.id));
  // A record that could not be written leaves its mail claimed: another worker takes it over when the
  // claim runs out (the database was away, most likely, and the caller logs it).
  const unwritten = written.find((result) => result.status === "rejected");
  if (unwritten) throw unwritten.reason;
  return claimed.length;
}

/**
 * Sends until nothing is due (or the rate allows no more); returns how many mails were claimed. For tests
 * and `npm run bench:mail`; the server runs `startMailWorker`.
 */
export async function sendDueMails(options: MailWorkerOptions): Promise<number> {
  const settings = settingsOf(options);
  let total = 0;
  for (;;) {
    const claimed = await sendOneBatch(settings, () => false);
    total += claimed;
    if (claimed === 0) return total;
  }
}

/** Starts this process's worker; `onMailQueued` lets a mail queued here be sent without waiting for a look. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const settings = settingsOf(options);
  let stopping = false;
  let woken = false;
  const pause = wakeableSleep();
  onMailQueued(() => {
    woken = true;
    pause.wake();
  });

  const running = (async () => {
    while (!stopping) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await sendOneBatch(settings, () => stopping);
      } catch (error) {
        // The database is away, most likely: the mails wait in the outbox for the next look.
        // A database outage is said by /readyz and by the requests that meet it; the mails wait for it.
        logFolded(isDatabaseUnavailable(error) ? "warn" : "error", "The mail worker could not reach the outbox", error);
      }
      if (claimed < settings.batchSize && !woken && !stopping) await pause.sleep(settings.pollMs);
    }
  })();

  return {
    async stop() {
      stopping = true;
      onMailQueued(undefined);
      pause.wake();
      await running;
      settings.transport.close();
      log.info("The mail worker has stopped");
    },
  };
}
