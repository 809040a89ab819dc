/**
 * The mail outbox (PRODUCT.md "Mail"): every mail is a row, written in the same transaction as what caused
 * it, and sent later by the worker of any instance (mail-worker.server.ts). Nothing here talks to SMTP.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";

import { getDb, schema, type Database } from "../db/db.server";
import type { EditionItemRef, MailKind, MailStatus } from "../db/schema";
import { getEnv } from "../env.server";

const t = schema.mailOutbox;

/** Whether mail can leave: without SMTP_URL new accounts need no verification and mails wait in the outbox. */
export function hasMailTransport() {
  return Boolean(getEnv().SMTP_URL);
}

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A second mail with the same key is never queued. */
  dedupeKey?: string;
  /** What the mail belongs to ('edition:<id>'), for its counts. */
  batch?: string;
  /** PRODUCT.md "Measurement": the items an edition or alert carries, counted as sent when it is. */
  items?: readonly EditionItemRef[];
}

/** The database or a transaction: whatever can insert. */
export type MailWriter = Pick<Database, "insert">;

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at 9 per row. */
const INSERT_CHUNK = 1_000;

/**
 * Queues mails through `db` (a transaction, when they belong with other writes: call `wakeMailWorker`
 * after it commits). Returns how many were queued; a mail whose dedupe key is already in the outbox is not.
 */
export async function queueMail(db: MailWriter, mails: OutgoingMail | readonly OutgoingMail[]): Promise<number> {
  const list = Array.isArray(mails) ? mails : [mails as OutgoingMail];
  let queued = 0;
  for (let start = 0; start < list.length; start += INSERT_CHUNK) {
    const rows = list.slice(start, start + INSERT_CHUNK).map((mail) => ({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      headers: mail.headers ?? {},
      dedupeKey: mail.dedupeKey ?? null,
      batch: mail.batch ?? null,
      items: [...(mail.items ?? [])],
    }));
    const inserted = await db.insert(t).values(rows).onConflictDoNothing({ target: t.dedupeKey }).returning({ id: t.id });
    queued += inserted.length;
  }
  return queued;
}

/** Queues mails outside any transaction and wakes this instance's worker. */
export async function sendLater(mails: OutgoingMail | readonly OutgoingMail[]): Promise<number> {
  const queued = await queueMail(await getDb(), mails);
  if (queued > 0) wakeMailWorker();
  return queued;
}

type Wake = () => void;
const holder = globalThis as typeof globalThis & { __mailWorkerWake?: Wake };

/**
 * Tells this instance's worker that a mail is waiting, so it need not wait for its next look. The hook sits
 * on globalThis: the server's entry and the route modules are separate bundles (PRODUCT.md "Mail").
 */
export function wakeMailWorker() {
  holder.__mailWorkerWake?.();
}

/** The running worker's hook (mail-worker.server.ts); undefined when it stops. */
export function onMailQueued(wake: Wake | undefined) {
  holder.__mailWorkerWake = wake;
}

export type MailCounts = Record<MailStatus, number>;

/** How many mails stand at each status, in all or in one batch. */
export async function mailCounts(batch?: string): Promise<MailCounts> {
  const db = await getDb();
  const rows = await db
    .select({ status: t.status, n: count() })
    .from(t)
    .where(batch === undefined ? undefined : eq(t.batch, batch))
    .groupBy(t.status);
  const counts: MailCounts = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The counts of several batches in one statement, by batch (a batch with no mail counts zeros). */
export async function mailCountsByBatch(batches: readonly string[]): Promise<Map<string, MailCounts>> {
  const counts = new Map<string, MailCounts>(batches.map((batch) => [batch, { queued: 0, sending: 0, sent: 0, failed: 0 }]));
  if (batches.length === 0) return counts;
  const db = await getDb();
  const rows = await db
    .select({ batch: t.batch, status: t.status, n: count() })
    .from(t)
    .where(inArray(t.batch, [...batches]))
    .groupBy(t.batch, t.status);
  for (const row of rows) counts.get(row.batch!)![row.status] = Number(row.n);
  return counts;
}

export interface OutboxRow {
  id: number;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  notBefore: Date;
  sentAt: Date | null;
}

const rowColumns = {
  id: t.id,
  kind: t.kind,
  to: t.toAddress,
  subject: t.subject,
  status: t.status,
  attempts: t.attempts,
  lastError: t.lastError,
  createdAt: t.createdAt,
  notBefore: t.notBefore,
  sentAt: t.sentAt,
};

/** The newest mails at one status, newest first. */
export async function mailsWithStatus(status: MailStatus, limit: number): Promise<OutboxRow[]> {
  const db = await getDb();
  return db.select(rowColumns).from(t).where(eq(t.status, status)).orderBy(desc(t.id)).limit(limit);
}

/** Puts a failed mail back in the queue, to be sent at once; false when it is not a failed mail. */
export async function retryFailedMail(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(t)
    .set({ status: "queued", attempts: 0, notBefore: sql`now()`, lastError: null })
    .where(and(eq(t.id, id), eq(t.status, "failed")))
    .returning({ id: t.id });
  if (rows.length > 0) wakeMailWorker();
  return rows.length > 0;
}

/**
 * PRODUCT.md "Account": a deleted account's address leaves the outbox. Mails still waiting are dropped;
 * those sent keep their row, without address or text, so an edition's counts stay true.
 */
export async function forgetAddress(tx: Pick<Database, "delete" | "update">, email: string): Promise<void> {
  const address = sql`lower(${t.toAddress}) = ${email.toLowerCase()}`;
  await tx.delete(t).where(and(address, sql`${t.status} <> 'sent'`));
  await tx
    .update(t)
    .set({ toAddress: "erased", subject: "", textBody: "", htmlBody: null, headers: {}, dedupeKey: sql`'erased:' || ${t.id}` })
    .where(address);
}
