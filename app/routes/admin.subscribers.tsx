import { InboxPage } from "~/components/inbox-page";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/format";
import { NOINDEX } from "~/lib/seo";
import { loadInboxPage } from "~/server/inbox-page.server";
import { listSubscribers } from "~/server/inbox.server";
import { hasMailTransport } from "~/server/mail.server";

import type { Route } from "./+types/admin.subscribers";

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, total, confirmed, page, totalPages } = await loadInboxPage(request, listSubscribers);
  return {
    page,
    total,
    confirmed,
    totalPages,
    // PRODUCT.md "Newsletter": without a mail transport nobody can confirm, and the page says why.
    mailConfigured: hasMailTransport(),
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      subscribedAt: formatDate(row.createdAt),
      state: row.confirmedAt ? ("confirmed" as const) : ("pending" as const),
      confirmedAt: row.confirmedAt ? formatDate(row.confirmedAt) : null,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Subscribers | MarketWire Admin" }, NOINDEX];

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, confirmed, page, totalPages, mailConfigured } = loaderData;
  return (
    <InboxPage
      title="Subscribers"
      summary={
        <>
          {total === 1 ? "1 newsletter subscriber" : `${total.toLocaleString("en-US")} newsletter subscribers`}
          {total > 0 ? ` · ${confirmed.toLocaleString("en-US")} confirmed, ${(total - confirmed).toLocaleString("en-US")} pending` : null}
        </>
      }
      csvHref="/admin/subscribers.csv"
      total={total}
      page={page}
      totalPages={totalPages}
    >
      {mailConfigured ? null : (
        <p role="note" className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          <Icon name="triangle-alert" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <span>
            No mail transport is set (<code>SMTP_URL</code>), so no confirmation links can be sent: new subscribers stay pending. Only
            confirmed addresses may be sent the newsletter.
          </span>
        </p>
      )}
      <Card className="py-0">
        <CardContent className="px-0">
          {subscribers.length === 0 ? (
            <p className="px-5 py-10 text-center text-muted-foreground">No subscribers found</p>
          ) : (
            <Table>
              <TableColumns
                columns={[
                  { label: "Email", className: "px-5" },
                  { label: "Status", className: "px-5" },
                  { label: "Subscribed", className: "px-5 text-right" },
                ]}
              />
              <TableBody>
                {subscribers.map((subscriber) => (
                  <TableRow key={subscriber.id}>
                    <TableCell className="px-5 font-medium break-all">
                      <a href={`mailto:${subscriber.email}`} className="hover:underline">
                        {subscriber.email}
                      </a>
                    </TableCell>
                    <TableCell className="px-5">
                      {subscriber.state === "confirmed" ? (
                        <Badge variant="success" title={`Confirmed ${subscriber.confirmedAt}`}>
                          Confirmed
                        </Badge>
                      ) : (
                        <Badge variant="outline" title="The confirmation link has not been opened">
                          Pending
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell className="px-5 text-right whitespace-nowrap text-muted-foreground">{subscriber.subscribedAt}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </InboxPage>
  );
}
