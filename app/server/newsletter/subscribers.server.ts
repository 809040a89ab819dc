import { eq, sql } from "drizzle-orm";

import { CONFIRM_LINK_DAYS } from "~/lib/newsletter";

import { getDb, schema, type Database } from "../db/db.server";
import { hasMailTransport, queueMail, wakeMailWorker, type OutgoingMail } from "../mail/outbox.server";
import { newsletterLink } from "./subscriber-links.server";

/** PRODUCT.md "Newsletter": the form mails an address at most once in this long. */
export const MAIL_SPACING_MINUTES = 15;

const MAIL_SPACING = sql.raw(`interval '${MAIL_SPACING_MINUTES} minutes'`);

export type SubscriberState = "pending" | "confirmed";

const t = schema.newsletterSubscribers;

/**
 * Stores a newsletter address (already validated and normalised by `newsletterSchema`) as pending. The
 * caller answers the same whether the address is new, pending or confirmed (PRODUCT.md "Newsletter"):
 * one transaction either way, and the mail, if any, is only queued (PRODUCT.md "Mail"), so neither the
 * answer nor its timing says which it was.
 *
 * With SMTP_URL set, a new or pending address is mailed the confirmation link and a confirmed one a
 * note that it already is (with its unsubscribe link); at most once per MAIL_SPACING_MINUTES per address,
 * decided in the same statement, so concurrent sign-ups queue one mail.
 */
export async function subscribeToNewsletter(email: string): Promise<void> {
  const db = await getDb();
  const mail = hasMailTransport();
  const mailedAt = mail ? sql`now()` : null;
  const queued = await db.transaction(async (tx) => {
    const [toMail] = await tx
      .insert(t)
      .values({ email, lastMailedAt: mailedAt })
      .onConflictDoUpdate({
        target: t.email,
        set: { lastMailedAt: sql`excluded.last_mailed_at` },
        setWhere: sql`excluded.last_mailed_at is not null and (${t.lastMailedAt} is null or ${t.lastMailedAt} < now() - ${MAIL_SPACING})`,
      })
      .returning({ confirmedAt: t.confirmedAt });
    if (!mail || !toMail) return 0;
    return queueMail(tx, toMail.confirmedAt ? alreadySubscribedMail(email) : confirmationMail(email));
  });
  if (queued > 0) wakeMailWorker();
}

function confirmationMail(email: string): OutgoingMail {
  const confirm = newsletterLink("confirm", email);
  const unsubscribe = newsletterLink("unsubscribe", email);
  return {
    kind: "newsletter-confirmation",
    to: email,
    subject: "Confirm your MarketWire newsletter subscription",
    text:
      `Hello,\n\nSomeone, hopefully you, asked to receive the MarketWire newsletter at ${email}.\n` +
      `Please confirm your subscription by opening this link (it works for ${CONFIRM_LINK_DAYS} days):\n${confirm}\n\n` +
      "If you did not ask for this, ignore this email: we will send you nothing else.\n" +
      `To remove your address from our list now, open:\n${unsubscribe}\n`,
  };
}

function alreadySubscribedMail(email: string): OutgoingMail {
  const unsubscribe = newsletterLink("unsubscribe", email);
  return {
    kind: "newsletter-subscribed",
    to: email,
    subject: "You are already subscribed to the MarketWire newsletter",
    text:
      `Hello,\n\nSomeone, hopefully you, asked to subscribe ${email} to the MarketWire newsletter.\n` +
      "This address is already subscribed, so there is nothing to do.\n\n" +
      `To unsubscribe, open:\n${unsubscribe}\n`,
  };
}

/** The state of a stored address, or null when it is not (or no longer) subscribed. */
export async function subscriberState(email: string): Promise<SubscriberState | null> {
  const db = await getDb();
  const [row] = await db.select({ confirmedAt: t.confirmedAt }).from(t).where(eq(t.email, email));
  return row ? (row.confirmedAt ? "confirmed" : "pending") : null;
}

/** Confirms a stored address (keeping the first confirmation time); null when it is no longer stored. */
export async function confirmSubscriber(email: string): Promise<SubscriberState | null> {
  const db = await getDb();
  const [row] = await db
    .update(t)
    .set({ confirmedAt: sql`coalesce(${t.confirmedAt}, now())` })
    .where(eq(t.email, email))
    .returning({ id: t.id });
  return row ? "confirmed" : null;
}

/** Removes an address entirely (PRODUCT.md "Newsletter": nothing is kept about a former subscriber). */
export async function unsubscribe(email: string): Promise<void> {
  const db = await getDb();
  await db.delete(t).where(eq(t.email, email));
}

/**
 * PRODUCT.md "Account": a deleted account's address leaves the inbox too, in the deletion's transaction:
 * its newsletter subscription and the contact messages it sent.
 */
export async function forgetAddress(tx: Pick<Database, "delete">, email: string): Promise<void> {
  const address = email.toLowerCase();
  await tx.delete(t).where(eq(sql`lower(${t.email})`, address));
  await tx.delete(schema.contactMessages).where(eq(sql`lower(${schema.contactMessages.email})`, address));
}
