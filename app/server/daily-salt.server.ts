/**
 * PRODUCT.md "Measurement": the salt of each UTC day that keys the hashes standing in for readers in the
 * measurement tables (podcast listeners, a day's unique visitors), shared by every instance through
 * measurement_salts (the first to need a day's salt writes it; the others read that one), kept in memory once
 * read, and deleted by the downloads job once its day is over, so the day's hashes can no longer be tied to
 * an address or followed into another day.
 */
import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";

import { getDb, schema } from "./db/db.server";
import { addressKey } from "./rate-limit.server";

/** A day's salt stays a little past midnight, for a request stamped just before it and hashed just after. */
export const SALT_GRACE_MS = 10 * 60_000;

const salts = new Map<string, Promise<string>>();

/** The UTC day of `at`, YYYY-MM-DD. */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

async function readOrWriteSalt(day: string): Promise<string> {
  const db = await getDb();
  const fresh = crypto.randomBytes(32).toString("base64url");
  await db.insert(schema.measurementSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db
    .select({ salt: schema.measurementSalts.salt })
    .from(schema.measurementSalts)
    .where(eq(schema.measurementSalts.day, day));
  if (!row) throw new Error(`measurement: no salt for ${day}`);
  return row.salt;
}

/** The salt of `at`'s UTC day. One database round trip per day and process; none after. */
export function saltOf(at: Date): Promise<string> {
  const day = utcDayOf(at);
  let salt = salts.get(day);
  if (!salt) {
    salt = readOrWriteSalt(day);
    salts.set(day, salt);
    salt.catch(() => salts.delete(day));
    // Only today's and yesterday's are ever asked for.
    for (const known of salts.keys()) if (known < utcDayOf(new Date(at.getTime() - 86_400_000))) salts.delete(known);
  }
  return salt;
}

/** Deletes the salts of days over for longer than the grace (the downloads job, every run). */
export async function deleteSpentSalts(now: Date): Promise<void> {
  const db = await getDb();
  await db.delete(schema.measurementSalts).where(lt(schema.measurementSalts.day, utcDayOf(new Date(now.getTime() - SALT_GRACE_MS))));
}

/** A hash of `value` under a day's salt: the same within the day, unrelated across days, irreversible once the salt is gone. */
export function dailyHash(salt: string, value: string): string {
  return crypto.createHmac("sha256", salt).update(value).digest("base64url").slice(0, 32);
}

/** A reader's address as the day's hash of its network (an IPv6 address cut to its /64). */
export function dailyAddressHash(address: string, salt: string): string {
  return dailyHash(salt, addressKey(address));
}
