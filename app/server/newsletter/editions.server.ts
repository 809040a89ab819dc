/**
 * Newsletter editions (PRODUCT.md "Newsletter editions"): written as drafts, sent now or at a scheduled
 * time by whichever instance looks first, and queued in the mail outbox for every confirmed subscriber
 * in the transaction that marks the edition sent: an edition is queued once, in full, or not at all.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";

import { appendAudit, type AuditActor } from "../audit/audit-log.server";
import { sanitizeContentHtml } from "../content/sanitize.server";
import { getDb, schema } from "../db/db.server";
import type { EditionItemRef, EditionStatus } from "../db/schema";
import { announceContentChange } from "../http/content-events.server";
import { newsletterLink } from "../inbox/newsletter-links.server";
import { mailCountsByBatch, queueMail, wakeMailWorker, type MailCounts, type OutgoingMail } from "../mail/outbox.server";
import { absoluteUrl } from "../seo/site-url.server";
import { liveEditionItems } from "./edition-items.server";
import { editionHtml, editionText, type EditionContent } from "./edition-mail.server";

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

/** One subscriber's copy: their own unsubscribe link, in the text, the HTML and RFC 8058's headers. */
export function editionMail(id: string, content: EditionContent, to: string): OutgoingMail {
  const unsubscribe = newsletterLink("unsubscribe", to);
  const links = { webVersion: absoluteUrl(editionPath(id)), unsubscribe };
  return {
    kind: "edition",
    to,
    subject: content.subject,
    text: editionText(content, links),
    html: editionHtml(content, links),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type SendOutcome = { sent: true; recipients: number } | { sent: false; reason: "missing" | "already-sent" };

/**
 * Queues the edition for every confirmed subscriber and marks it sent, in one transaction that holds the
 * edition's row: two instances (or two presses) send it once. Pending addresses get nothing.
 */
/** Who a scheduled edition is sent by in the audit log: its time came, nobody pressed. */
const SCHEDULE_ACTOR: AuditActor = { id: null, name: "Schedule", role: null };

export async function sendEdition(id: string, actor: AuditActor = SCHEDULE_ACTOR): Promise<SendOutcome> {
  const db = await getDb();
  const edition = await getEdition(id);
  if (!edition) return { sent: false, reason: "missing" };
  const content = await editionContent(edition);
  const outcome = await db.transaction(async (tx): Promise<SendOutcome> => {
    const [locked] = await tx.select({ status: t.status }).from(t).where(eq(t.id, id)).for("update");
    if (!locked) return { sent: false, reason: "missing" };
    if (locked.status === "sent") return { sent: false, reason: "already-sent" };
    const s = schema.newsletterSubscribers;
    const subscribers = await tx.select({ email: s.email }).from(s).where(isNotNull(s.confirmedAt));
    const mails = subscribers.map(({ email }) => ({
      ...editionMail(id, content, email),
      dedupeKey: `${editionBatch(id)}:${email}`,
      batch: editionBatch(id),
    }));
    const queued = await queueMail(tx, mails);
    await tx
      .update(t)
      .set({ status: "sent", sentAt: sql`now()`, recipients: queued, updatedAt: sql`now()` })
      .where(eq(t.id, id));
    // PRODUCT.md "Audit log": who sent which edition to how many, in the same transaction.
    await appendAudit(tx, {
      actor,
      action: "newsletter-send",
      item: { type: "newsletter_edition", id, title: edition.subject },
      detail: queued === 1 ? "1 subscriber" : `${queued} subscribers`,
    });
    return { sent: true, recipients: queued };
  });
  if (outcome.sent) {
    wakeMailWorker();
    // The archive now lists it (PRODUCT.md "Page cache").
    await announceContentChange();
  }
  return outcome;
}

/** A copy to one address (the editor's own), marked '[Test]'; the edition stays as it was. */
export async function sendTestEdition(id: string, to: string): Promise<boolean> {
  const edition = await getEdition(id);
  if (!edition) return false;
  const content = await editionContent(edition);
  const mail = editionMail(id, content, to);
  const db = await getDb();
  await queueMail(db, { ...mail, subject: `[Test] ${mail.subject}` });
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
