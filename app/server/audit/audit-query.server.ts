/**
 * PRODUCT.md "Audit log": reading the log for /admin/audit and its CSV export, newest first, filtered by person,
 * action, item and day.
 */
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";

import type { AuditFilters } from "~/lib/audit-filters";
import { pageToShow } from "~/lib/pagination";

import { getDb, schema } from "../db/db.server";
import { containsPattern } from "../like-pattern.server";

const { auditLog } = schema;

export const AUDIT_PAGE_SIZE = 50;
/** The CSV holds at most this many entries (the newest); a narrower filter gives the rest. */
export const AUDIT_CSV_MAX = 100_000;

export type AuditEntry = typeof auditLog.$inferSelect;

function conditions({ actor, action, item, from, to }: AuditFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    actor ? eq(auditLog.actorId, actor) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    item ? or(eq(auditLog.itemId, item), ilike(auditLog.itemTitle, containsPattern(item))) : undefined,
    from ? gte(auditLog.at, new Date(`${from}T00:00:00Z`)) : undefined,
    // Inclusive of the whole day.
    to ? lt(auditLog.at, sql`${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`) : undefined,
  ];
  const present = parts.filter((part): part is SQL => part !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

export async function listAuditEntries(filters: AuditFilters, requestedPage: number) {
  const db = await getDb();
  const where = conditions(filters);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const { page, totalPages } = pageToShow(requestedPage, total, AUDIT_PAGE_SIZE);
  const entries = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries, total, page, totalPages };
}

/** Everyone the log names, for the person filter (their latest name). */
export async function auditActors(): Promise<{ id: string; name: string }[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
    .from(auditLog)
    .where(sql`${auditLog.actorId} is not null`)
    .orderBy(auditLog.actorId, desc(auditLog.id));
  return rows.map((row) => ({ id: row.id!, name: row.name ?? row.id! })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function auditEntriesForExport(filters: AuditFilters): Promise<AuditEntry[]> {
  const db = await getDb();
  return db.select().from(auditLog).where(conditions(filters)).orderBy(desc(auditLog.id)).limit(AUDIT_CSV_MAX);
}
