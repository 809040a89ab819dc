/**
 * PRODUCT.md "Audit log": the entries content writes (create, edit, publish, review, delete, feature), each in
 * the transaction of the change it records.
 */
import type { AuditAction } from "~/lib/audit";
import type { ContentType } from "~/lib/content-types";

import { actorOf, appendAudit } from "../audit/audit-log.server";
import type { CurrentUser } from "../auth/session.server";
import type { Database } from "../db/db.server";

type Executor = Pick<Database, "select" | "insert" | "execute">;

/** PRODUCT.md "Audit log": who acted, as the log names them. */
export const auditActor = (user: CurrentUser) => actorOf(user);

/** An entry about this item, in the caller's transaction. */
export function auditItem(
  tx: Executor,
  user: CurrentUser,
  action: AuditAction,
  item: { type: ContentType; id: string; title: string },
  extra: { revisionId?: string | null; detail?: string | null } = {},
) {
  return appendAudit(tx, { actor: auditActor(user), action, item, address: user.address ?? null, ...extra });
}
