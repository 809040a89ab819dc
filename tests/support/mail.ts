import { asc } from "drizzle-orm";

import { getDb, schema } from "~/server/db/db.server";

/** A mail as the outbox holds it (PRODUCT.md "Mail"). */
export interface Mail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  status: string;
}

/** Every mail in the outbox, oldest first. */
export async function queuedMails(): Promise<Mail[]> {
  const db = await getDb();
  const t = schema.mailOutbox;
  return db
    .select({ kind: t.kind, to: t.toAddress, subject: t.subject, text: t.textBody, html: t.htmlBody, headers: t.headers, status: t.status })
    .from(t)
    .orderBy(asc(t.id));
}

/** Replaces what `into` holds with the outbox's mails: test files keep one `sent` list and read it after each step. */
export async function readOutboxInto(into: Mail[]) {
  into.splice(0, into.length, ...(await queuedMails()));
}

export async function emptyOutbox() {
  const db = await getDb();
  await db.delete(schema.mailOutbox);
  await db.delete(schema.contentDailyMail);
}

/** PRODUCT.md "Measurement": the mails' per-item figures, as `type:channel sends/clicks`, sorted. */
export async function mailFigures(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select().from(schema.contentDailyMail);
  return rows.map((row) => `${row.contentType}:${row.contentId}:${row.channel} ${row.sends}/${row.clicks}`).sort();
}
