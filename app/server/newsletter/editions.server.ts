/**
 * Newsletter editions (PRODUCT.md "Newsletter editions"): written as drafts, sent now or at a scheduled
 * time by whichever instance looks first. Sending marks the edition sent to the subscribers confirmed then;
 * its mails are queued in the background, a chunk per transaction, each subscriber's once.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";

import { appendAudit, type AuditActor } from "../audit/audit-log.server";
import { sanitizeContentHtml } from "../content/sanitize.server";
import { getDb, schema } from "../db/db.server";
import type { EditionItemRef, EditionStatus } from "../db/schema";
import { announceContentChange } from "../http/content-events.server";
import { mailCountsByBatch, queueMail, wakeMailWorker, type MailCounts, type OutgoingMail } from "../mail/outbox.server";
import { absoluteUrl } from "../seo/site-url.server";
import { liveEditionItems } from "./edition-items.server";
import { editionHtml, editionText, type EditionContent } from "./edition-mail.server";
import { newsletterLink } from "./subscriber-links.server";

const t = schema.newsletterEditions;

export interface EditionInput {
  subject: string;
  introHtml: string;
  items: EditionItemRef[];
}

export interface Edition extends EditionInput {
  id: string;
  status: EditionStatus;
  sendAt: Date | null;
  sentAt: Date | null;
  recipients: number | null;
  /** While a sent edition's mails are queued: how many so far; `queuedAt` once all are. */
  queued: number;
  queuedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const editionPath = (id: string) => `/newsletter/${id}`;
export const editionBatch = (id: string) => `edition:${id}`;

export async function createEdition(input: EditionInput, createdBy: string | null): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(t)
    .values({ subject: input.subject, introHtml: sanitizeContentHtml(input.introHtml), items: input.items, createdBy })
    .returning({ id: t.id });
  return row!.id;
}

/** Saves a draft or scheduled edition; false when it has been sent (a sent edition never changes). */
export async function updateEdition(id: string, input: EditionInput): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(t)
    .set({ subject: input.subject, introHtml: sanitizeContentHtml(input.introHtml), items: input.items, updatedAt: sql`now()` })
    .where(and(eq(t.id, id), sql`${t.status} <> 'sent'`))
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function getEdition(id: string): Promise<Edition | null> {
  const db = await getDb();
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row ?? null;
}

export interface EditionSummary {
  id: string;
  subject: string;
  status: EditionStatus;
  sendAt: Date | null;
  sentAt: Date | null;
  recipients: number | null;
  counts: MailCounts;
}

/** Every edition, newest first, with its mails' counts (queued, sent, failed). */
export async function listEditions(): Promise<EditionSummary[]> {
  const db = await getDb();
  const rows = await db.select().from(t).orderBy(desc(t.createdAt));
  // Every edition's counts in one statement.
  const counts = await mailCountsByBatch(rows.map((row) => editionBatch(row.id)));
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    status: row.status,
    sendAt: row.sendAt,
    sentAt: row.sentAt,
    recipients: row.recipients,
    counts: counts.get(editionBatch(row.id))!,
  }));
}

/** The sent editions, newest first: the public archive. */
export async function sentEditions(limit = 100) {
  const db = await getDb();
  return db
    .select({ id: t.id, subject: t.subject, sentAt: t.sentAt })
    .from(t)
    .where(eq(t.status, "sent"))
    .orderBy(desc(t.sentAt))
    .limit(limit);
}

/** The edition's content as readers get it: only items still live when it is built. */
export async function editionContent(edition: Pick<Edition, "subject" | "introHtml" | "items">): Promise<EditionContent> {
  return { subject: edition.subject, introHtml: edition.introHtml, items: await liveEditionItems(edition.items) };
}

/**
 * Where each subscriber's own unsubscribe link goes: the edition is rendered once with this in its place, and
 * each copy gets its link put in. Random, so no text an editor writes can be taken for it.
 */
const UNSUBSCRIBE_SLOT = `https://unsubscribe.invalid/${randomUUID()}`;

/** A URL as React writes it into an attribute. */
const attributeText = (url: string) =>
  url.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The edition rendered once (its HTML and text parts are the costly part), and a function giving one
 * subscriber's copy: their own unsubscribe link, in the text, the HTML and RFC 8058's headers.
 */
export function editionMailer(id: string, content: EditionContent): (to: string) => OutgoingMail {
  const links = { webVersion: absoluteUrl(editionPath(id)), unsubscribe: UNSUBSCRIBE_SLOT };
  const html = editionHtml(content, links);
  const text = editionText(content, links);
  return (to) => {
    const unsubscribe = newsletterLink("unsubscribe", to);
    return {
      kind: "edition",
      to,
      subject: content.subject,
      text: text.replaceAll(UNSUBSCRIBE_SLOT, unsubscribe),
      html: html.replaceAll(UNSUBSCRIBE_SLOT, attributeText(unsubscribe)),
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      items: content.items.map((item) => ({ type: item.type, id: item.id })),
    };
  };
}

/** One subscriber's copy (a test copy, one address). */
export function editionMail(id: string, content: EditionContent, to: string): OutgoingMail {
  return editionMailer(id, content)(to);
}

export type SendOutcome = { sent: true; recipients: number } | { sent: false; reason: "missing" | "already-sent" };

/** Who a scheduled edition is sent by in the audit log: its time came, nobody pressed. */
const SCHEDULE_ACTOR: AuditActor = { id: null, name: "Schedule", role: null };

const subscribers = schema.newsletterSubscribers;

/**
 * Marks the edition sent to every subscriber confirmed now, and answers: the transaction holds the edition's
 * row, so two instances (or two presses) send it once. Its mails are queued in the background
 * (`queueSentEditions`, woken here), so the press never waits for thousands of them. Pending addresses get nothing.
 */
export async function sendEdition(id: string, actor: AuditActor = SCHEDULE_ACTOR): Promise<SendOutcome> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<SendOutcome> => {
    const [locked] = await tx.select({ status: t.status, subject: t.subject }).from(t).where(eq(t.id, id)).for("update");
    if (!locked) return { sent: false, reason: "missing" };
    if (locked.status === "sent") return { sent: false, reason: "already-sent" };
    const [{ confirmed }] = await tx.select({ confirmed: count() }).from(subscribers).where(isNotNull(subscribers.confirmedAt));
    await tx
      .update(t)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        recipients: confirmed,
        queued: 0,
        queueCursor: null,
        queuedAt: confirmed === 0 ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(t.id, id));
    // PRODUCT.md "Audit log": who sent which edition to how many, in the same transaction.
    await appendAudit(tx, {
      actor,
      action: "newsletter-send",
      item: { type: "newsletter_edition", id, title: locked.subject },
      detail: confirmed === 1 ? "1 subscriber" : `${confirmed} subscribers`,
    });
    return { sent: true, recipients: confirmed };
  });
  if (outcome.sent) {
    wakeEditionQueue();
    // The archive now lists it (PRODUCT.md "Page cache").
    await announceContentChange();
  }
  return outcome;
}

/** Mails queued per transaction while an edition goes out. */
export const EDITION_QUEUE_CHUNK = 500;

/**
 * Queues the mails of every sent edition not yet queued in full, a chunk per transaction in address order,
 * to the subscribers confirmed when it was sent (one who unsubscribes meanwhile is skipped). The edition's row
 * is taken with SKIP LOCKED, so instances share the work without queuing a mail twice (and a mail's dedupe
 * key would refuse a second copy anyway). Run by every instance's edition look and woken by a send; returns
 * how many mails it queued.
 */
export async function queueSentEditions(chunk = EDITION_QUEUE_CHUNK): Promise<number> {
  const db = await getDb();
  const pending = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, "sent"), isNull(t.queuedAt)))
    .orderBy(t.sentAt);
  let total = 0;
  for (const { id } of pending) total += await queueEditionMails(id, chunk);
  return total;
}

async function queueEditionMails(id: string, chunk: number): Promise<number> {
  const edition = await getEdition(id);
  if (!edition || edition.queuedAt) return 0;
  const mailFor = editionMailer(id, await editionContent(edition));
  const db = await getDb();
  let total = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ sentAt: t.sentAt, queued: t.queued, queueCursor: t.queueCursor, queuedAt: t.queuedAt })
        .from(t)
        .where(eq(t.id, id))
        .for("update", { skipLocked: true });
      // Queued in full, or another instance is queuing its next chunk.
      if (!row || row.queuedAt || !row.sentAt) return null;
      const next = await tx
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(
          and(
            isNotNull(subscribers.confirmedAt),
            lte(subscribers.confirmedAt, row.sentAt),
            row.queueCursor === null ? undefined : gt(subscribers.email, row.queueCursor),
          ),
        )
        .orderBy(asc(subscribers.email))
        .limit(chunk);
      const mails = next.map(({ email }) => ({ ...mailFor(email), dedupeKey: `${editionBatch(id)}:${email}`, batch: editionBatch(id) }));
      const queued = mails.length ? await queueMail(tx, mails) : 0;
      const done = next.length < chunk;
      await tx
        .update(t)
        .set({
          queued: row.queued + queued,
          queueCursor: next.at(-1)?.email ?? row.queueCursor,
          ...(done ? { queuedAt: sql`now()`, recipients: row.queued + queued } : {}),
        })
        .where(eq(t.id, id));
      return { queued, done };
    });
    if (!step) return total;
    total += step.queued;
    if (step.queued > 0) wakeMailWorker();
    if (step.done) return total;
  }
}

type Wake = () => void;
const holder = globalThis as typeof globalThis & { __editionQueueWake?: Wake };

/** Tells this instance's edition look that an edition was sent, so its mails are queued at once. */
function wakeEditionQueue() {
  holder.__editionQueueWake?.();
}

/** The running edition look's hook (edition-scheduler.server.ts); undefined when it stops. */
export function onEditionSent(wake: Wake | undefined) {
  holder.__editionQueueWake = wake;
}

/** A copy to one address (the editor's own), marked '[Test]'; the edition stays as it was. */
export async function sendTestEdition(id: string, to: string): Promise<boolean> {
  const edition = await getEdition(id);
  if (!edition) return false;
  const content = await editionContent(edition);
  const mail = editionMail(id, content, to);
  const db = await getDb();
  // An editor's test copy is no send of the items (PRODUCT.md "Measurement").
  await queueMail(db, { ...mail, subject: `[Test] ${mail.subject}`, items: [] });
  wakeMailWorker();
  return true;
}

/** Schedules a draft (or moves a scheduled edition); null `at` makes it a draft again. False once sent. */
export async function scheduleEdition(id: string, at: Date | null): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(t)
    .set({ status: at ? "scheduled" : "draft", sendAt: at, updatedAt: sql`now()` })
    .where(and(eq(t.id, id), sql`${t.status} <> 'sent'`))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Sends every scheduled edition whose time has come; run by each instance every few seconds. */
export async function sendDueEditions(): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, "scheduled"), sql`${t.sendAt} <= now()`))
    .orderBy(t.sendAt);
  let sent = 0;
  for (const { id } of due) if ((await sendEdition(id)).sent) sent += 1;
  return sent;
}
