/**
 * PRODUCT.md "Webhooks": the worker every server process runs. It claims due deliveries with FOR UPDATE SKIP
 * LOCKED (so however many instances run, each delivery is attempted by one at a time), posts each through the
 * outbound guard with the Standard Webhooks headers, and records the answer: 2xx delivered; 410 disables the
 * endpoint; anything else (or no answer) is tried again on the retry schedule, and once that is spent the
 * delivery is failed and its endpoint marked failing. A claim outlasts an attempt's timeout many times over; one
 * left by a process killed mid-send goes to the next worker when it runs out.
 */
import { sql } from "drizzle-orm";

import type { ContentType } from "~/lib/content-types";

import { getDb } from "../db/db.server";
import { isDatabaseUnavailable } from "../http/database-outage.server";
import { log, logFolded } from "../log.server";
import { postGuarded } from "../outbound-fetch.server";
import { wakeableSleep } from "../wakeable-sleep.server";
import { messageIdOf, payloadOf, type EventRow } from "./payload.server";
import { retryAfterMs, retryDelayMs } from "./retry-schedule.server";
import { openSecret, webhookHeaders } from "./signing.server";

export interface WebhookWorkerOptions {
  /** WEBHOOK_ALLOW_HOSTS. */
  allowHosts: ReadonlySet<string>;
  /** WEBHOOK_RETRY_DELAYS_SECONDS. */
  retryDelaysSeconds: readonly number[];
  batchSize?: number;
  /** Deliveries posted at once by this process. */
  concurrency?: number;
  /** How long an idle worker waits before it looks again. */
  pollMs?: number;
  /** How long a claim holds a delivery against other workers. */
  claimMs?: number;
  /** How long a receiver has to answer. */
  timeoutMs?: number;
  /** [0, 1): the retry schedule's jitter. */
  random?: () => number;
}

export const WEBHOOK_DEFAULTS = {
  batchSize: 50,
  concurrency: 4,
  pollMs: 1_000,
  claimMs: 60_000,
  timeoutMs: 5_000,
  random: Math.random,
} as const;

type Settings = Required<WebhookWorkerOptions>;

const USER_AGENT = "MarketWire-Webhooks/1.0";

interface ClaimedDelivery {
  id: number;
  endpointId: string;
  attempts: number;
  body: string | null;
  url: string;
  secrets: string[];
  event: EventRow;
}

async function claimDue(settings: Settings): Promise<ClaimedDelivery[]> {
  const db = await getDb();
  const { rows } = await db.execute<{
    id: number | string;
    endpoint_id: string;
    attempts: number;
    body: string | null;
    url: string;
    secret: string;
    previous_secret: string | null;
    event_id: string;
    event: string;
    content_type: ContentType | null;
    content_id: string | null;
    company_id: string | null;
    occurred_at: string | Date;
  }>(sql`
    with claimed as (
      update webhook_deliveries d
      set status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
          claimed_until = now() + ${settings.claimMs}::int * interval '1 millisecond'
      where d.id in (
        select due.id from webhook_deliveries due join webhook_endpoints e on e.id = due.endpoint_id
        where e.status <> 'disabled'
          and ((due.status = 'pending' and due.next_attempt_at <= now()) or (due.status = 'sending' and due.claimed_until < now()))
        order by due.id
        limit ${settings.batchSize}
        for update of due skip locked
      )
      returning d.id, d.endpoint_id, d.event_seq, d.attempts, d.body
    )
    select c.id, c.endpoint_id, c.attempts, c.body, e.url, e.secret,
      case when e.previous_secret_until > now() then e.previous_secret end as previous_secret,
      ev.id as event_id, ev.event, ev.content_type, ev.content_id, ev.company_id, ev.occurred_at
    from claimed c
    join webhook_endpoints e on e.id = c.endpoint_id
    join content_events ev on ev.seq = c.event_seq
    order by c.id`);
  return rows.map((row) => ({
    id: Number(row.id),
    endpointId: row.endpoint_id,
    attempts: row.attempts,
    body: row.body,
    url: row.url,
    secrets: [row.secret, row.previous_secret].filter((secret): secret is string => secret !== null),
    event: {
      id: row.event_id,
      event: row.event,
      contentType: row.content_type,
      contentId: row.content_id,
      companyId: row.company_id,
      occurredAt: new Date(row.occurred_at),
    },
  }));
}

/** The body of the delivery: made at its first attempt and kept, so every retry sends the same bytes. */
async function bodyOf(delivery: ClaimedDelivery): Promise<string> {
  if (delivery.body !== null) return delivery.body;
  const body = JSON.stringify(await payloadOf(delivery.event));
  const db = await getDb();
  await db.execute(sql`update webhook_deliveries set body = ${body} where id = ${delivery.id} and body is null`);
  return body;
}

type Outcome = { status: number; retryAfter: number | null; durationMs: number } | { error: string; durationMs: number };

async function attempt(delivery: ClaimedDelivery, settings: Settings): Promise<Outcome> {
  const began = performance.now();
  const duration = () => Math.round(performance.now() - began);
  try {
    const body = await bodyOf(delivery);
    const headers = webhookHeaders(messageIdOf(delivery.event), new Date(), body, delivery.secrets.map(openSecret));
    const answer = await postGuarded(new URL(delivery.url), body, {
      timeoutMs: settings.timeoutMs,
      allowHosts: settings.allowHosts,
      headers,
      userAgent: USER_AGENT,
    });
    return { status: answer.status, retryAfter: retryAfterMs(answer.headers["retry-after"], Date.now()), durationMs: duration() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), durationMs: duration() };
  }
}

/** Only the worker that holds the claim (same attempt count, still sending) may record the attempt. */
const held = (delivery: ClaimedDelivery) => sql`id = ${delivery.id} and attempts = ${delivery.attempts} and status = 'sending'`;

async function record(delivery: ClaimedDelivery, outcome: Outcome, settings: Settings) {
  const db = await getDb();
  const code = "status" in outcome ? outcome.status : null;
  const error = "error" in outcome ? outcome.error : code !== null && (code < 200 || code > 299) ? `HTTP ${code}` : null;
  const common = sql`claimed_until = null, last_status_code = ${code}, last_duration_ms = ${outcome.durationMs}, last_error = ${error}`;

  if (code !== null && code >= 200 && code <= 299) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update webhook_deliveries set status = 'delivered', delivered_at = now(), ${common} where ${held(delivery)}`);
      // A success ends an endpoint's failing spell.
      await tx.execute(sql`
        update webhook_endpoints set status = 'active', status_reason = null, status_changed_at = now()
        where id = ${delivery.endpointId} and status = 'failing'`);
    });
    return;
  }
  if (code === 410) {
    // PRODUCT.md "Webhooks": the receiver says it is gone for good.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update webhook_deliveries set status = 'failed', ${common} where ${held(delivery)}`);
      await tx.execute(sql`
        update webhook_endpoints set status = 'disabled', status_reason = 'The receiver answered 410 Gone: no more deliveries are made',
          status_changed_at = now()
        where id = ${delivery.endpointId} and status <> 'disabled'`);
    });
    log.warn("A webhook receiver answered 410 Gone: its endpoint is disabled", { endpointId: delivery.endpointId });
    return;
  }
  const asked = "retryAfter" in outcome ? outcome.retryAfter : null;
  const wait = retryDelayMs(delivery.attempts, settings.retryDelaysSeconds, asked, settings.random());
  if (wait === null) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update webhook_deliveries set status = 'failed', ${common} where ${held(delivery)}`);
      await tx.execute(sql`
        update webhook_endpoints
        set status = 'failing', status_changed_at = now(),
          status_reason = ${`A delivery of ${delivery.event.event} failed after ${delivery.attempts} attempts (last: ${error})`}
        where id = ${delivery.endpointId} and status = 'active'`);
    });
  } else {
    await db.execute(sql`
      update webhook_deliveries set status = 'pending', next_attempt_at = now() + ${wait}::int * interval '1 millisecond', ${common}
      where ${held(delivery)}`);
  }
  logFolded(
    "warn",
    wait === null
      ? "A webhook could not be delivered and will not be tried again"
      : "A webhook could not be delivered and will be tried again",
    new Error(error ?? "no answer"),
    { endpointId: delivery.endpointId, deliveryId: delivery.id },
  );
}

/** Gives back claimed deliveries this worker did not start (a clean stop): no attempt is counted for them. */
async function releaseClaims(deliveries: ClaimedDelivery[]) {
  if (deliveries.length === 0) return;
  const db = await getDb();
  const ids = sql.join(
    deliveries.map((delivery) => sql`(${delivery.id}::bigint, ${delivery.attempts}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update webhook_deliveries set status = 'pending', attempts = attempts - 1, claimed_until = null
    where status = 'sending' and (id, attempts) in (${ids})`);
}

/** Claims one batch and delivers it; returns how many were claimed. What is left when `shouldStop` says yes is given back. */
async function deliverOneBatch(settings: Settings, shouldStop: () => boolean): Promise<number> {
  const claimed = await claimDue(settings);
  let next = 0;
  const lane = async () => {
    while (next < claimed.length && !shouldStop()) {
      const delivery = claimed[next++]!;
      await record(delivery, await attempt(delivery, settings), settings);
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, claimed.length) }, lane));
  await releaseClaims(claimed.slice(next));
  return claimed.length;
}

function settingsOf(options: WebhookWorkerOptions): Settings {
  return { ...WEBHOOK_DEFAULTS, ...options };
}

/** Delivers until nothing is due; returns how many deliveries were attempted. For tests; the server runs `startWebhookWorker`. */
export async function deliverDueWebhooks(options: WebhookWorkerOptions): Promise<number> {
  const settings = settingsOf(options);
  let total = 0;
  for (;;) {
    const claimed = await deliverOneBatch(settings, () => false);
    total += claimed;
    if (claimed === 0) return total;
  }
}

export interface WebhookWorker {
  /** Finishes the deliveries in progress, gives back the rest of the claim, and stops. */
  stop: () => Promise<void>;
}

export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const settings = settingsOf(options);
  let stopping = false;
  const pause = wakeableSleep();

  const running = (async () => {
    while (!stopping) {
      let claimed = 0;
      try {
        claimed = await deliverOneBatch(settings, () => stopping);
      } catch (error) {
        // The database is away, most likely: the deliveries wait for the next look.
        // A database outage is said by /readyz and by the requests that meet it; waiting it out is no error of ours.
        logFolded(isDatabaseUnavailable(error) ? "warn" : "error", "The webhook worker could not reach its deliveries", error);
      }
      if (claimed < settings.batchSize && !stopping) await pause.sleep(settings.pollMs);
    }
  })();

  return {
    async stop() {
      stopping = true;
      pause.wake();
      await running;
      log.info("The webhook worker has stopped");
    },
  };
}
