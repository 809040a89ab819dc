import { Link } from "react-router";

import { TableCard } from "~/components/admin/table-card";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { formatDate } from "~/lib/format";
import { REVIEW_STATE_LABELS } from "~/lib/review";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { reviewQueue, type QueueEntry } from "~/server/review/review-queue.server";

import type { Route } from "./+types/admin.review";

// PRODUCT.md "Review": the queue every staff role reads; compliance answers from each piece's review page.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "content.read");
  const queue = await reviewQueue();
  const rows = (entries: QueueEntry[]) =>
    entries.map((entry) => ({
      key: `${entry.type}-${entry.id}`,
      href: `/admin/review/${CONTENT_REGISTRY[entry.type].slug}/${entry.id}`,
      title: entry.title,
      type: CONTENT_REGISTRY[entry.type].label,
      pendingEdit: entry.pendingEdit,
      submittedBy: entry.submittedBy,
      submittedAt: entry.submittedAt ? formatDate(entry.submittedAt) : null,
      note: entry.state === "submitted" ? entry.submitNote : entry.reviewNote,
      reviewedBy: entry.reviewedBy,
    }));
  return {
    groups: [
      { id: "waiting", heading: REVIEW_STATE_LABELS.submitted, empty: "Nothing is waiting for review.", rows: rows(queue.waiting) },
      {
        id: "changes-requested",
        heading: REVIEW_STATE_LABELS.changes_requested,
        empty: "No piece is waiting for its author's changes.",
        rows: rows(queue.changesRequested),
      },
      {
        id: "approved",
        heading: "Approved, not yet published",
        empty: "No approved piece is waiting to be published.",
        rows: rows(queue.approved),
      },
    ],
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Review | MarketWire Admin" }, NOINDEX];

export default function AdminReview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Review</h1>
        <p className="text-muted-foreground">
          Paid promotion and pieces naming a client company are published only once compliance approves their text.
        </p>
      </div>
      {loaderData.groups.map((group) => (
        <section key={group.id} aria-labelledby={`review-${group.id}`} className="flex flex-col gap-3">
          <h2 id={`review-${group.id}`} className="text-lg font-semibold">
            {group.heading} <span className="text-muted-foreground">({group.rows.length})</span>
          </h2>
          <TableCard empty={group.rows.length === 0 ? group.empty : null}>
            <Table>
              <TableColumns
                columns={[
                  { label: "Piece", className: "pl-5" },
                  { label: "Sent by", className: "hidden md:table-cell" },
                  { label: "Note", className: "hidden pr-5 lg:table-cell" },
                ]}
              />
              <TableBody>
                {group.rows.map((row) => (
                  <TableRow key={row.key}>
                    <TableCell className="pl-5">
                      <Link to={row.href} className="font-medium hover:underline">
                        {row.title}
                      </Link>
                      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        {row.type}
                        {row.pendingEdit ? <Badge variant="outline">Edit of a published piece</Badge> : null}
                      </p>
                    </TableCell>
                    <TableCell className="hidden text-sm text-muted-foreground md:table-cell">
                      {row.submittedBy ?? "—"}
                      {row.submittedAt ? <span className="block text-xs">{row.submittedAt}</span> : null}
                    </TableCell>
                    <TableCell className="hidden max-w-md pr-5 text-sm whitespace-normal text-muted-foreground lg:table-cell">
                      {row.note ?? "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableCard>
        </section>
      ))}
    </div>
  );
}
