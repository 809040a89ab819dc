/**
 * PRODUCT.md "Audit log": an append-only record of who did what, when and from where (the address hashed).
 * Each entry carries the hash of the one before it, keyed with a secret that is not in the database, so
 * `verifyAuditLog` (`npm run audit:verify`) finds an entry changed, removed or added by hand and names it; an
 * anchor (the newest entry's id and hash, kept outside the database: each backup and the log carry one) also
 * finds the newest entries removed, or the whole chain rewritten. Appends are serialised across instances by a
 * transaction-scoped advisory lock and commit with the change they record (the caller's transaction).
 */
import { createHash, createHmac } from "node:crypto";
import { asc, desc, gt, sql } from "drizzle-orm";

import type { AuditAction } from "~/lib/audit";

import { getDb, schema, type Database } from "../db/db.server";
import { log, logError } from "../log.server";
import { getServerSecret, secretHash } from "../secret.server";

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

/** The version entries are written with: 1, keyed (HMAC-SHA-256); 0 was a plain SHA-256, before migration 0025. */
export const CHAIN_KEY_VERSION = 1;

/**
 * The chain's key: derived from the server secret (BETTER_AUTH_SECRET, or the one generated into DATA_DIR),
 * which is not in the database, so whoever can only write to the database cannot make a valid entry.
 */
function chainKey(): Buffer {
  return createHmac("sha256", getServerSecret()).update("audit-chain").digest();
}

export function entryHash(prevHash: string, entry: Parameters<typeof hashedText>[0], keyVersion = CHAIN_KEY_VERSION): string {
  const text = `${prevHash}\n${hashedText(entry)}`;
  if (keyVersion === 0) return createHash("sha256").update(text).digest("hex");
  return createHmac("sha256", chainKey()).update(text).digest("hex");
}

/** An entry of the chain named outside the database: its id and hash, written `1234:9f86d0…`. */
export interface AuditAnchor {
  id: number;
  hash: string;
}

export const formatAuditAnchor = (anchor: AuditAnchor) => `${anchor.id}:${anchor.hash}`;

/** An anchor as `formatAuditAnchor` writes it, or null. */
export function parseAuditAnchor(text: string): AuditAnchor | null {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { id: Number(match[1]), hash: match[2]! } : null;
}

/** The newest entry as an anchor (null: the log is empty). */
export async function auditHead(executor?: Pick<Database, "select">): Promise<AuditAnchor | null> {
  const db = executor ?? (await getDb());
  const [last] = await db.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return last ?? null;
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
  await tx.insert(auditLog).values({ ...entry, prevHash, hash: entryHash(prevHash, entry), keyVersion: CHAIN_KEY_VERSION });
}

/** Appends an entry in a transaction of its own (a sign-in, which has no other write to join). */
export async function appendAuditAlone(input: AuditEntryInput): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => appendAudit(tx, input));
}

export type AuditVerification =
  | {
      ok: true;
      entries: number;
      /** Entries written before the chain was keyed (migration 0025): only an anchor proves them. */
      unkeyed: number;
      /** The newest entry, to keep as the next anchor. */
      head: AuditAnchor | null;
    }
  | { ok: false; entries: number; entryId: number; problem: string };

const VERIFY_BATCH = 1_000;

/**
 * Walks the log in order and recomputes each hash. A changed entry no longer matches its own hash; a removed one
 * breaks the next entry's link; an entry rewritten or added without the key matches no hash at all. With an
 * anchor, the entry it names must be there with its hash: newest entries removed, or the whole chain rewritten,
 * show there. The first problem is named.
 */
export async function verifyAuditLog({ anchor }: { anchor?: AuditAnchor } = {}): Promise<AuditVerification> {
  const db = await getDb();
  let prevHash = GENESIS_HASH;
  let prevId: number | null = null;
  let entries = 0;
  let unkeyed = 0;
  let keyedSince: number | null = null;
  let anchorSeen = false;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(prevId === null ? undefined : gt(auditLog.id, prevId))
      .orderBy(asc(auditLog.id))
      .limit(VERIFY_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.prevHash !== prevHash) {
        const problem =
          prevId === null
            ? `entry ${row.id} does not link to the start of the log: an entry before it was removed or changed`
            : `entry ${row.id} does not link to entry ${prevId}: an entry between them was removed, or entry ${prevId} was changed`;
        return { ok: false, entries, entryId: row.id, problem };
      }
      if (row.keyVersion === 0 && keyedSince !== null) {
        const problem = `entry ${row.id} has no key although entry ${keyedSince} before it has: it was written by hand`;
        return { ok: false, entries, entryId: row.id, problem };
      }
      if (entryHash(row.prevHash, row, row.keyVersion) !== row.hash) {
        return { ok: false, entries, entryId: row.id, problem: `entry ${row.id} was changed, or written by hand, after the log was` };
      }
      if (row.keyVersion === 0) unkeyed += 1;
      else keyedSince ??= row.id;
      if (anchor && row.id === anchor.id) {
        if (row.hash !== anchor.hash) {
          const problem = `entry ${row.id} is not the entry the anchor names: the log was rewritten up to it`;
          return { ok: false, entries, entryId: row.id, problem };
        }
        anchorSeen = true;
      }
      prevHash = row.hash;
      prevId = row.id;
      entries += 1;
    }
  }
  if (anchor && !anchorSeen) {
    const problem =
      prevId === null || anchor.id > prevId
        ? `the log ends at ${prevId === null ? "no entry" : `entry ${prevId}`}, before entry ${anchor.id} the anchor names: the newest entries were removed`
        : `entry ${anchor.id}, which the anchor names, is missing`;
    return { ok: false, entries, entryId: anchor.id, problem };
  }
  return { ok: true, entries, unkeyed, head: prevId === null ? null : { id: prevId, hash: prevHash } };
}

/** How often each instance writes the newest entry to the log, when it changed (PRODUCT.md "Audit log"). */
export const AUDIT_ANCHOR_LOG_INTERVAL_MS = 15 * 60_000;

/**
 * Writes the anchor of the newest entry to the log at start and then every 15 minutes when it changed, so the
 * log (shipped off the server) holds anchors the database cannot take back. A failed read is logged and tried
 * again next time.
 */
export function startAuditAnchorLog(intervalMs = AUDIT_ANCHOR_LOG_INTERVAL_MS): { stop: () => void } {
  let last: string | null = null;
  const write = async () => {
    try {
      const head = await auditHead();
      const anchor = head ? formatAuditAnchor(head) : null;
      if (anchor && anchor !== last) log.info("Audit log anchor", { auditAnchor: anchor });
      last = anchor;
    } catch (error) {
      logError("Audit log anchor: could not read the newest entry", error);
    }
  };
  void write();
  const timer = setInterval(() => void write(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
