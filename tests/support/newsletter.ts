import { within } from "@testing-library/dom";
import { afterEach, beforeEach } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { resetEnvCache } from "~/server/env.server";

import { emptyOutbox, type Mail } from "./mail";

/** The path (with its token) of the newsletter page a mail links to, or undefined. */
export function mailedLink(mail: Mail | undefined, page: "confirm" | "unsubscribe") {
  const found = mail?.text.match(new RegExp(`https?://\\S+/newsletter/${page}\\?token=\\S+`))?.[0];
  if (!found) return undefined;
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
}

/** A rendered page's first form: how it is sent, where, and its button's text. */
export function formOf(page: ParentNode) {
  const form = page.querySelector("form");
  if (!form) return undefined;
  return { method: form.getAttribute("method"), action: form.getAttribute("action"), button: within(form).getByRole("button").textContent };
}

/**
 * The setup of a test file whose subscribers are mailed: before each test, no mail recorded in `sent`
 * (the file reads the outbox into it), SMTP_URL set so subscribing mails a confirmation link,
 * and no subscribers; after each test, SMTP_URL unset again.
 */
export function mailingBeforeEach(sent: Mail[]) {
  beforeEach(async () => {
    sent.length = 0;
    await emptyOutbox();
    process.env.SMTP_URL = "smtp://mail.test:2525";
    resetEnvCache();
    await onlySubscribers([]);
  });
  afterEach(() => {
    delete process.env.SMTP_URL;
    resetEnvCache();
  });
}

/** Empties the subscriber table, then stores exactly these subscribers. */
export async function onlySubscribers(rows: (typeof schema.newsletterSubscribers.$inferInsert)[]) {
  const db = await getDb();
  await db.delete(schema.newsletterSubscribers);
  if (rows.length > 0) await db.insert(schema.newsletterSubscribers).values(rows);
}

/** Stores `count` subscribers `${name}{i}@example.com`, subscriber i subscribing `i` steps of `stepMs` after `from`, so later ones are newer. */
export async function insertSubscribers(count: number, name: string, from: Date, stepMs: number) {
  const db = await getDb();
  await db
    .insert(schema.newsletterSubscribers)
    .values(
      Array.from({ length: count }, (_, i) => ({ email: `${name}${i}@example.com`, createdAt: new Date(from.getTime() + i * stepMs) })),
    );
}
