import { data, Form } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "~/lib/audit";
import { auditFilterParams, parseAuditFilters } from "~/lib/audit-filters";
import { formatUtcMinute } from "~/lib/format";
import { parsePage } from "~/lib/pagination";
import { NOINDEX } from "~/lib/seo";
import { auditActors, listAuditEntries } from "~/server/audit/audit-query.server";
import { requireRight } from "~/server/auth/session.server";
import { pageUrl } from "~/server/http/page-url.server";

import type { Route } from "./+types/admin.audit";

// PRODUCT.md "Audit log": admins and compliance read who did what, filtered by person, action, item and day.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "audit.read");
  const url = pageUrl(request);
  const parsed = parseAuditFilters(url.searchParams);
  // A day that is not a real one (?to=2026-02-30) is refused with its message, shown by the error page.
  if (!parsed.ok) throw data(parsed.error, { status: 400 });
  const { filters } = parsed;
  const [{ entries, total, page, totalPages }, actors] = await Promise.all([
    listAuditEntries(filters, parsePage(url.searchParams.get("page"))),
    auditActors(),
  ]);
  const exportParams = auditFilterParams(filters).toString();
  return {
    filters,
    actors,
    total,
    page,
    totalPages,
    csvHref: `/admin/audit.csv${exportParams ? `?${exportParams}` : ""}`,
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      atText: formatUtcMinute(entry.at),
      actor: entry.actorName ?? "—",
      role: entry.actorRole,
      action: AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action,
      item: entry.itemTitle ?? entry.itemId,
      itemType: entry.itemType,
      revision: entry.revisionId,
      detail: entry.detail,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | MarketWire Admin" }, NOINDEX];

const SELECT_CLASS = "h-9 w-full rounded-md border border-input bg-transparent px-2 text-sm";

type AuditRow = Route.ComponentProps["loaderData"]["entries"][number];

const AUDIT_COLUMNS: AdminColumn<AuditRow>[] = [
  {
    label: "When",
    className: "pl-5",
    cellClassName: "pl-5 text-sm whitespace-nowrap text-muted-foreground",
    cell: (entry) => <time dateTime={entry.at}>{entry.atText}</time>,
  },
  {
    label: "Who",
    cellClassName: "text-sm",
    cell: (entry) => (
      <>
        {entry.actor}
        {entry.role ? <span className="block text-xs text-muted-foreground">{entry.role}</span> : null}
      </>
    ),
  },
  {
    label: "What",
    cellClassName: "text-sm whitespace-normal",
    cell: (entry) => (
      <>
        <span className="font-medium">{entry.action}</span>
        {entry.item ? (
          <span className="block text-xs break-words text-muted-foreground">
            {entry.itemType ? `${entry.itemType}: ` : ""}
            {entry.item}
          </span>
        ) : null}
      </>
    ),
  },
  {
    label: "Detail",
    className: "hidden pr-5 lg:table-cell",
    cellClassName: "hidden max-w-sm pr-5 text-sm whitespace-normal text-muted-foreground lg:table-cell",
    cell: (entry) => (
      <>
        {entry.detail ?? "—"}
        {entry.revision ? <span className="block text-xs">Revision {entry.revision.slice(0, 8)}</span> : null}
      </>
    ),
  },
];

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, actors, entries, total, page, totalPages, csvHref } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit log</h1>
          <p className="text-muted-foreground">
            {total === 1 ? "1 entry" : `${total.toLocaleString("en-US")} entries`}, newest first. Entries are never changed or removed.
          </p>
        </div>
        <a className={buttonVariants({ variant: "outline" })} href={csvHref} download>
          Export CSV
        </a>
      </div>
      <Form method="get" className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-actor">Person</Label>
          <select id="audit-actor" name="actor" defaultValue={filters.actor ?? ""} className={SELECT_CLASS}>
            <option value="">Anyone</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={SELECT_CLASS}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-item">Item</Label>
          <Input id="audit-item" name="item" defaultValue={filters.item ?? ""} placeholder="Title or id" maxLength={200} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      <AdminTable columns={AUDIT_COLUMNS} rows={entries} empty="No entries match." paging={{ page, totalPages }} />
    </div>
  );
}
