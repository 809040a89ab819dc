/**
 * PRODUCT.md "Roles": the accounts admins manage at /admin/users: every account with its role, and a role
 * change that never leaves the site without an admin and ends the account's other sessions.
 */
import { and, asc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";

import { roleOf, type Role } from "~/lib/roles";

import { appendAudit, type AuditActor } from "../audit/audit-log.server";
import { getDb, schema } from "../db/db.server";
import { readPage, type RowPage } from "../db/paged-rows.server";
import { containsPattern } from "../like-pattern.server";

const { users, profiles, sessions } = schema;

export interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export type AccountPage = RowPage<AccountRow>;

/** The name or email containing the query, ignoring case; `%` and `_` are plain. */
function searchCondition(q: string): SQL | undefined {
  const query = q.trim();
  if (!query) return undefined;
  const pattern = containsPattern(query);
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

/** Accounts A–Z by email, 25 a page with an exact count; a page past the end shows the last. */
export async function listAccounts(options: { q?: string; page?: number } = {}): Promise<AccountPage> {
  const db = await getDb();
  const listed = await readPage({
    table: users,
    where: searchCondition(options.q ?? ""),
    page: options.page,
    rows: db
      .select({
        id: users.id,
        name: sql<string>`coalesce(${profiles.displayName}, ${users.name})`,
        email: users.email,
        role: profiles.role,
        createdAt: users.createdAt,
        lastSignInAt: profiles.lastSignInAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      // Emails are unique, so the order has no ties.
      .orderBy(asc(users.email))
      .$dynamic(),
  });
  return { ...listed, items: listed.items.map((row) => ({ ...row, role: roleOf(row.role) })) };
}

export type RoleChangeResult =
  { ok: true; role: Role; sessionsEnded: number } | { ok: false; reason: "notFound" } | { ok: false; reason: "lastAdmin" };

/**
 * Gives an account a role. The last admin cannot be demoted (checked while the admins' rows are locked, so
 * two admins demoting each other at once cannot both succeed). A changed role ends the account's sessions,
 * except `keepSessionId` (an admin changing their own role stays signed in on this device).
 */
/** `by`: who changes it, for the audit log (PRODUCT.md "Audit log"); `keepSessionId`: their own session survives. */
export async function changeRole(
  userId: string,
  role: Role,
  keepSessionId?: string,
  by?: { actor: AuditActor; address: string | null },
): Promise<RoleChangeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admins = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.role, "admin")).for("update");
    const [target] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).for("update");
    if (!target) return { ok: false, reason: "notFound" } as const;
    const current = roleOf(target.role);
    if (current === role) return { ok: true, role, sessionsEnded: 0 } as const;
    if (current === "admin" && admins.length <= 1) return { ok: false, reason: "lastAdmin" } as const;
    await tx.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.userId, userId));
    if (by) {
      const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      await appendAudit(tx, {
        actor: by.actor,
        action: "role-change",
        item: { type: "account", id: userId, title: account?.email ?? null },
        detail: `${current} → ${role}`,
        address: by.address,
      });
    }
    const ended = await tx
      .delete(sessions)
      .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    return { ok: true, role, sessionsEnded: ended.length } as const;
  });
}
