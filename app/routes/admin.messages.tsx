import { CsvExportReady, ExportCsvButton } from "~/components/admin/export-csv-button";
import { Pager } from "~/components/pager";
import { Card, CardContent } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, truncate } from "~/lib/format";
import { parsePage, totalPages } from "~/lib/pagination";
import { INBOX_PAGE_SIZE, exportContactMessages, listContactMessages } from "~/server/inbox.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/admin.messages";

/** How much of a message the table shows before 'Show full message'. */
const EXCERPT_LENGTH = 80;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  if (url.searchParams.get("format") === "csv") return exportContactMessages();
  const page = parsePage(url.searchParams.get("page"));
  const { rows, total } = await listContactMessages({ page });
  return {
    kind: "page" as const,
    page,
    total,
    totalPages: totalPages(total, INBOX_PAGE_SIZE),
    messages: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      excerpt: truncate(row.message, EXCERPT_LENGTH),
      receivedAt: formatDate(row.createdAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | MarketWire Admin" }];

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "csv") return <CsvExportReady data={loaderData} backTo="/admin/messages" />;
  const { messages, total, page, totalPages } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
          <p className="text-muted-foreground">
            {total === 1 ? "1 message from the contact form" : `${total.toLocaleString("en-US")} messages from the contact form`}
          </p>
        </div>
        <ExportCsvButton href="/admin/messages?format=csv" disabled={total === 0} />
      </div>
      <Card className="py-0">
        <CardContent className="px-0">
          {messages.length === 0 ? (
            <p className="px-5 py-10 text-center text-muted-foreground">No messages found</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="pl-5">Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Message</TableHead>
                  <TableHead className="pr-5 text-right">Received</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {messages.map((message) => (
                  <TableRow key={message.id} className="align-top">
                    <TableCell className="pl-5 align-top font-medium">{message.name}</TableCell>
                    <TableCell className="align-top break-all">
                      <a href={`mailto:${message.email}`} className="hover:underline">
                        {message.email}
                      </a>
                    </TableCell>
                    <TableCell className="min-w-40 align-top">{message.subject}</TableCell>
                    <TableCell className="min-w-64 align-top">
                      {message.excerpt === message.message ? (
                        <p className="whitespace-pre-wrap">{message.message}</p>
                      ) : (
                        // A native disclosure: keyboard and screen-reader friendly, works without JavaScript.
                        <details className="group">
                          <summary className="cursor-pointer list-none">
                            <span className="group-open:hidden">{message.excerpt}</span>
                            <span className="ml-1 text-xs font-medium text-primary group-open:ml-0">
                              <span className="group-open:hidden">Show full message</span>
                              <span className="hidden group-open:inline">Hide full message</span>
                            </span>
                          </summary>
                          <p className="mt-2 whitespace-pre-wrap">{message.message}</p>
                        </details>
                      )}
                    </TableCell>
                    <TableCell className="pr-5 text-right align-top whitespace-nowrap text-muted-foreground">
                      {message.receivedAt}
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
