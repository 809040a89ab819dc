import { AUDIT_ACTION_LABELS, type AuditAction } from "~/lib/audit";
import { parseAuditFilters } from "~/lib/audit-filters";
import { auditEntriesForExport } from "~/server/audit/audit-query.server";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";
import { csvDownload, csvFilename, toCsv } from "~/server/inbox/inbox.server";

import type { Route } from "./+types/admin.audit[.csv]";

const HEADER = [
  "Entry",
  "When (UTC)",
  "Who",
  "Role",
  "Action",
  "Item type",
  "Item id",
  "Item",
  "Revision",
  "Detail",
  "Address (hashed)",
  "Hash",
];

/** GET /admin/audit.csv: the audit log as /admin/audit shows it, with the same filters (PRODUCT.md "Audit log"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "audit.read");
  const parsed = parseAuditFilters(pageUrl(request).searchParams);
  // A day that is not a real one (?to=2026-02-30) is refused with its message, as plain text: a download has no page.
  if (!parsed.ok) {
    return new Response(`${parsed.error}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const entries = await auditEntriesForExport(parsed.filters);
  const rows = entries.map((entry) => [
    entry.id,
    entry.at.toISOString(),
    entry.actorName,
    entry.actorRole,
    AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action,
    entry.itemType,
    entry.itemId,
    entry.itemTitle,
    entry.revisionId,
    entry.detail,
    entry.addressHash,
    entry.hash,
  ]);
  return csvDownload({ filename: csvFilename("audit-log"), csv: toCsv(HEADER, rows) });
}
