import { Pager } from "~/components/pager";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/format";
import { parsePage, totalPages } from "~/lib/pagination";
import { INBOX_PAGE_SIZE, listSubscribers } from "~/server/inbox.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/admin.subscribers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const { rows, total } = await listSubscribers({ page });
  return {
    page,
    total,
    totalPages: totalPages(total, INBOX_PAGE_SIZE),
    subscribers: rows.map((row) => ({ id: row.id, email: row.email, subscribedAt: formatDate(row.createdAt) })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Subscribers | MarketWire Admin" }];

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, page, totalPages } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Subscribers</h1>
          <p className="text-muted-foreground">
            {total === 1 ? "1 newsletter subscriber" : `${total.toLocaleString("en-US")} newsletter subscribers`}
          </p>
        </div>
        {total === 0 ? (
          <Button asChild variant="outline">
            <span aria-disabled="true" className="pointer-events-none opacity-50">
              <Icon name="download" />
              Export CSV
            </span>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <a href="/admin/subscribers.csv" download>
              <Icon name="download" />
              Export CSV
            </a>
          </Button>
        )}
      </div>
      <Card className="py-0">
        <CardContent className="px-0">
          {subscribers.length === 0 ? (
            <p className="px-5 py-10 text-center text-muted-foreground">No subscribers found</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="px-5">Email</TableHead>
                  <TableHead className="px-5 text-right">Subscribed</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {subscribers.map((subscriber) => (
                  <TableRow key={subscriber.id}>
                    <TableCell className="px-5 font-medium break-all">
                      <a href={`mailto:${subscriber.email}`} className="hover:underline">
                        {subscriber.email}
                      </a>
                    </TableCell>
                    <TableCell className="px-5 text-right whitespace-nowrap text-muted-foreground">
                      {subscriber.subscribedAt}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Pager page={page} totalPages={totalPages} />
    </div>
  );
}
