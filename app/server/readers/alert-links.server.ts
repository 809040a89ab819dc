/**
 * The 'Stop company alerts' link of every alert mail (PRODUCT.md "Following and alerts"):
 * `base64url(account id) . base64url(HMAC-SHA256)`, keyed with the server secret under its own purpose
 * label, so it can stand in for no other signature. It never expires: it works in every old mail.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";

import { STOP_ALERTS_PATH } from "~/lib/account";

import { getDb, schema } from "../db/db.server";
import { getEnv } from "../env.server";
import { secretHash } from "../secret.server";

/** Account ids are short; this refuses junk before hashing it. */
const MAX_TOKEN_LENGTH = 200;

const sign = (payload: string) => Buffer.from(secretHash("stop-alerts-link", payload), "base64url");

export function createStopAlertsToken(userId: string): string {
  const payload = Buffer.from(userId, "utf8").toString("base64url");
  return `${payload}.${sign(payload).toString("base64url")}`;
}

/** The account id a token was made for, or null for a forged or damaged one. */
export function readStopAlertsToken(token: unknown): string | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = sign(payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return Buffer.from(payload, "base64url").toString("utf8") || null;
}

/** The absolute URL of the account's stop link, as put in mails. */
export function stopAlertsLink(userId: string): string {
  const url = new URL(STOP_ALERTS_PATH, getEnv().BETTER_AUTH_URL);
  url.searchParams.set("token", createStopAlertsToken(userId));
  return url.toString();
}

/** Whether the account still gets company alerts (null: no such account any more). */
export async function alertsAreOn(userId: string): Promise<boolean | null> {
  const db = await getDb();
  const [row] = await db
    .select({ frequency: schema.profiles.alertFrequency })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.userId, schema.users.id))
    .where(eq(schema.users.id, userId));
  return row ? (row.frequency ?? "instant") !== "off" : null;
}

/** Turns the account's company alerts off (its follows stay; its waiting digest entries go). */
export async function stopAlerts(userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [account] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId));
    if (!account) return;
    await tx
      .insert(schema.profiles)
      .values({ userId, alertFrequency: "off" })
      .onConflictDoUpdate({ target: schema.profiles.userId, set: { alertFrequency: "off", updatedAt: sql`now()` } });
    await tx.delete(schema.alertDigestEntries).where(eq(schema.alertDigestEntries.userId, userId));
  });
}
