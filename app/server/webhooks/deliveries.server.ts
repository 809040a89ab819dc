/**
 * PRODUCT.md "Webhooks": an endpoint's delivery log (newest first: the event, status, the receiver's last
 * answer, how long it took, attempts) and 'Send again', which queues a delivery for the next look with a fresh
 * retry schedule, whatever became of it.
 */
import { sql } from "drizzle-orm";

import { getDb } from "../db/db.server";
import type { WebhookDeliveryStatus } from "../db/schema";

export const DELIVERY_LOG_LENGTH = 50;

export interface DeliveryLogRow {
  id: number;
  event: string;
  subject: string;
  occurredAt: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
}

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

export async function deliveryLog(endpointId: string, limit = DELIVERY_LOG_LENGTH): Promise<DeliveryLogRow[]> {
  const db = await getDb();
  const { rows } = await db.execute<{
    id: number | string;
    event: string;
    subject: string;
    occurred_at: string | Date;
    status: WebhookDeliveryStatus;
    attempts: number;
    last_status_code: number | null;
    last_duration_ms: number | null;
    last_error: string | null;
    last_attempt_at: string | Date | null;
    next_attempt_at: string | Date;
    delivered_at: string | Date | null;
  }>(sql`
    select d.id, ev.event, coalesce(ev.content_type || ' ' || ev.content_id, 'company ' || ev.company_id) as subject, ev.occurred_at,
      d.status, d.attempts, d.last_status_code, d.last_duration_ms, d.last_error, d.last_attempt_at, d.next_attempt_at, d.delivered_at
    from webhook_deliveries d join content_events ev on ev.seq = d.event_seq
    where d.endpoint_id = ${endpointId}
    order by d.id desc
    limit ${limit}`);
  return rows.map((row) => ({
    id: Number(row.id),
    event: row.event,
    subject: row.subject,
    occurredAt: new Date(row.occurred_at),
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastDurationMs: row.last_duration_ms,
    lastError: row.last_error,
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    nextAttemptAt: new Date(row.next_attempt_at),
    deliveredAt: dateOrNull(row.delivered_at),
  }));
}

/** Queues a delivery of this endpoint again, unless a worker is sending it now. False: no such delivery (or in flight). */
export async function sendAgain(endpointId: string, deliveryId: number): Promise<boolean> {
  const db = await getDb();
  const { rows } = await db.execute(sql`
    update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null
    where id = ${deliveryId} and endpoint_id = ${endpointId} and status <> 'sending'
    returning id`);
  return rows.length === 1;
}
