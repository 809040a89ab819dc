/**
 * A reader's account page (PRODUCT.md "Account"): mail preferences (the newsletter, company alerts) and
 * deleting the account with everything the product keeps about the person.
 */
import { eq, sql } from "drizzle-orm";

import { deleteAccountRows, isAccountPassword } from "../auth/account-erasure.server";
import type { CurrentUser } from "../auth/session.server";
import { getDb, schema } from "../db/db.server";
import type { AlertFrequency } from "../db/schema";
import { forgetAddress as forgetInOutbox } from "../mail/outbox.server";
import { forgetAddress as forgetSubscriber, subscriberState, subscribeToNewsletter, unsubscribe } from "../newsletter/subscribers.server";

const p = schema.profiles;

export type NewsletterState = "confirmed" | "pending" | "none";

export interface MailPreferences {
  newsletter: NewsletterState;
  alerts: AlertFrequency;
}

/** The account's mail preferences: its address's newsletter subscription and its alert frequency. */
export async function mailPreferences(user: Pick<CurrentUser, "id" | "email">): Promise<MailPreferences> {
  const db = await getDb();
  const [profile] = await db.select({ alerts: p.alertFrequency }).from(p).where(eq(p.userId, user.id));
  return { newsletter: (await subscriberState(user.email.toLowerCase())) ?? "none", alerts: profile?.alerts ?? "instant" };
}

/**
 * Saves the preferences. Subscribing goes through the newsletter's own path (a confirmation mail when mail
 * can be sent, PRODUCT.md "Newsletter"); an address already on the list is left as it is.
 */
export async function saveMailPreferences(
  user: Pick<CurrentUser, "id" | "email" | "name">,
  wanted: { newsletter: boolean; alerts: AlertFrequency },
): Promise<MailPreferences> {
  const db = await getDb();
  await db
    .insert(p)
    .values({ userId: user.id, displayName: user.name, alertFrequency: wanted.alerts })
    .onConflictDoUpdate({ target: p.userId, set: { alertFrequency: wanted.alerts, updatedAt: sql`now()` } });
  const email = user.email.toLowerCase();
  const current = await subscriberState(email);
  if (wanted.newsletter && !current) await subscribeToNewsletter(email);
  if (!wanted.newsletter && current) await unsubscribe(email);
  return mailPreferences(user);
}

export type DeleteAccountResult = { ok: true } | { ok: false; reason: "password" | "staff" };

/**
 * PRODUCT.md "Account": deletes a reader's account after their password, in one transaction: the account
 * (sessions, follows, preferences), its newsletter subscription, its contact messages and its mails.
 * Staff accounts are closed by an administrator (their audit entries must keep a name).
 */
export async function deleteAccount(user: CurrentUser, password: string): Promise<DeleteAccountResult> {
  if (user.isStaff) return { ok: false, reason: "staff" };
  if (!(await isAccountPassword(user.id, password))) return { ok: false, reason: "password" };
  const db = await getDb();
  await db.transaction(async (tx) => {
    await forgetSubscriber(tx, user.email);
    await forgetInOutbox(tx, user.email);
    await deleteAccountRows(tx, user.id, user.email);
  });
  return { ok: true };
}
