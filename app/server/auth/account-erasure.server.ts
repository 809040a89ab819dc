/**
 * PRODUCT.md "Account": the account's own records, for the account page's deletion (readers/ erases the
 * rest of what the product keeps about the person in the same transaction).
 */
import { and, eq, or, sql } from "drizzle-orm";

import { getDb, schema, type Database } from "../db/db.server";
import { verifyPassword } from "./password.server";

/** Whether `password` is the account's password (its email-and-password sign-in). */
export async function isAccountPassword(userId: string, password: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ hash: schema.accounts.password })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.userId, userId), eq(schema.accounts.providerId, "credential")));
  return Boolean(row?.hash) && (await verifyPassword({ hash: row!.hash!, password }));
}

/**
 * Deletes the account: its sessions, sign-in methods, profile, follows and digest entries go with it
 * (foreign keys cascade), and its pending verification links are removed.
 */
export async function deleteAccountRows(tx: Pick<Database, "delete">, userId: string, email: string): Promise<void> {
  const v = schema.verifications;
  await tx.delete(v).where(or(eq(sql`lower(${v.identifier})`, email.toLowerCase()), eq(v.value, userId)));
  await tx.delete(schema.users).where(eq(schema.users.id, userId));
}
