/**
 * PRODUCT.md "Audit log": an append-only record of who did what, when and from where (the address hashed).
 * Each entry carries the hash of the one before it, so `verifyAuditLog` (`npm run audit:verify`) finds an entry
 * changed or removed by hand and names it. Appends are serialised across instances by a transaction-scoped
 * advisory lock and commit with the change they record (the caller's transaction).
 */
import { createHash } from "node:crypto";
import { asc, desc, gt, sql } from "drizzle-orm";

import type { AuditAction } from "~/lib/audit";

import { getDb, schema, type Database } from "../db/db.server";
import { secretHash } from "../secret.server";

const { auditLog } = schema;

/** The hash the first entry links to. */
export const GENESIS_HASH = "0".repeat(64);

/** An arbitrary constant naming the audit log's advisory lock (any two instances agree on it). */
const AUDIT_LOCK_KEY = 0x4d57_4155; // "MWAU"

/** A transaction on the database: an entry is written in the transaction of the change it records. */
type Executor = Pick<Database, "select" | "insert" | "execute">;

/** Who did it: a signed-in account, or none (a failed sign-in names only the address and the email tried). */
export interface AuditActor {
  id: string | null;
  name: string | null;
  role: string | null;
}

/** A signed-in person as the server knows them (the session's CurrentUser fits). */
export interface AuditPerson {
  id: string;
  name: string;
  email: string;
  role: string;
  address?: string | null;
}

/** How an entry names a signed-in person: their name (or email) and role then. */
export const actorOf = (person: AuditPerson): AuditActor => ({ id: person.id, name: person.name || person.email, role: person.role });

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  item?: { type: string; id: string; title?: string | null };
  revisionId?: string | null;
  /** A short line of detail ('editor → compliance', the file's name). */
  detail?: string | null;
  /** The client address as the server resolved it; stored only as a keyed hash. */
  address?: string | null;
}

/** The fields an entry's hash covers, in a fixed order. */
function hashedText(entry: {
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  itemType: string | null;
  itemId: string | null;
  itemTitle: string | null;
  revisionId: string | null;
  detail: string | null;
  addressHash: string | null;
}): string {
  return JSON.stringify([
    entry.at.toISOString(),
    entry.actorId,
    entry.actorName,
    entry.actorRole,
    entry.action,
    entry.itemType,
    entry.itemId,
    entry.itemTitle,
    entry.revisionId,
    entry.detail,
    entry.addressHash,
  ]);
}

export function entryHash(prevHash: string, entry: Parameters<typeof hashedText>[0]): string {
  return createHash("sha256")
    .update(`${prevHash}\n${hashedText(entry)}`)
    .digest("hex");
}

/** The address as the log keeps it: a keyed hash, the same for the same address on this server. */
export const auditAddressHash = (address: string) => secretHash("audit-address", address);

/** Appends an entry in the caller's transaction (the lock is held until it ends). */
export async function appendAudit(tx: Executor, input: AuditEntryInput): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const entry = {
    // Milliseconds, as JavaScript keeps them, so the stored time hashes the same when read back.
    at: new Date(),
    actorId: input.actor.id,
    actorName: input.actor.name,
    actorRole: input.actor.role,
    action: input.action,
    itemType: input.item?.type ?? null,
    itemId: input.item?.id ?? null,
    itemTitle: input.item?.title ?? null,
    revisionId: input.revisionId ?? null,
    detail: input.detail ?? null,
    addressHash: input.address ? auditAddressHash(input.address) : null,
  };
  await tx.insert(auditLog).values({ ...entry, prevHash, hash: entryHash(prevHash, entry) });
}

/** Appends an entry in a transaction of its own (a sign-in, which has no other write to join). */
export async function appendAuditAlone(input: AuditEntryInput): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => appendAudit(tx, input));
}

export type AuditVerification = { ok: true; entries: number } | { ok: false; entries: number; entryId: number; problem: string };

const VERIFY_BATCH = 1_000;

/**
 * Walks the log in order and recomputes each hash. A changed entry no longer matches its own hash; a removed
 * (or re-hashed) one breaks the next entry's link. The first problem is named.
 */
export async function verifyAuditLog(): Promise<AuditVerification> {
  const db = await getDb();
  let prevHash = GENESIS_HASH;
  let prevId: number | null = null;
  let entries = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(prevId === null ? undefined : gt(auditLog.id, prevId))
      .orderBy(asc(auditLog.id))
      .limit(VERIFY_BATCH);
    if (rows.length === 0) return { ok: true, entries };
    for (const row of rows) {
      if (row.prevHash !== prevHash) {
        const problem =
          prevId === null
            ? `entry ${row.id} does not link to the start of the log: an entry before it was removed or changed`
            : `entry ${row.id} does not link to entry ${prevId}: an entry between them was removed, or entry ${prevId} was changed`;
        return { ok: false, entries, entryId: row.id, problem };
      }
      if (entryHash(row.prevHash, row) !== row.hash) {
        return { ok: false, entries, entryId: row.id, problem: `entry ${row.id} was changed after it was written` };
      }
      prevHash = row.hash;
      prevId = row.id;
      entries += 1;
    }
  }
}
