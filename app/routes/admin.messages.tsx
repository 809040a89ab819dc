import { InboxPage } from "~/components/inbox-page";
import { Card } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { formatDate, truncate } from "~/lib/format";
import { NOINDEX } from "~/lib/seo";
import { loadInboxPage } from "~/server/inbox-page.server";
import { listContactMessages } from "~/server/inbox.server";

import type { Route } from "./+types/admin.messages";

/** How much of a message the table shows before 'Show full message'. */
const EXCERPT_LENGTH = 80;

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, total, page, totalPages } = await loadInboxPage(request, listContactMessages);
  return {
    page,
    total,
    totalPages,
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

export const meta: Route.MetaFunction = () => [{ title: "Messages | MarketWire Admin" }, NOINDEX];

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, total, page, totalPages } = loaderData;
  return (
    <InboxPage
      title="Messages"
      summary={total === 1 ? "1 message from the contact form" : `${total.toLocaleString("en-US")} messages from the contact form`}
      csvHref="/admin/messages.csv"
      total={total}
      page={page}
      totalPages={totalPages}
    >
      {messages.length === 0 ? (
        <Card>
          <p className="px-5 py-5 text-center text-muted-foreground">No messages found</p>
        </Card>
      ) : (
        <>
          {/* Narrow screens: one card per message; wide screens: a table. */}
          <ul className="flex flex-col gap-3 lg:hidden">
            {messages.map((message) => (
              <li key={message.id}>
                <Card className="gap-2 px-4 py-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium">{message.name}</p>
                      <a href={`mailto:${message.email}`} className="text-sm break-words text-muted-foreground hover:underline">
                        {message.email}
                      </a>
                    </div>
                    <p className="shrink-0 text-sm text-muted-foreground">{message.receivedAt}</p>
                  </div>
                  <p className="font-medium">{message.subject}</p>
                  <MessageText message={message} />
                </Card>
              </li>
            ))}
          </ul>
          <Card className="hidden py-0 lg:flex">
            <Table>
              <TableColumns
                columns={[
                  { label: "Name", className: "pl-5" },
                  { label: "Email" },
                  { label: "Subject" },
                  { label: "Message" },
                  { label: "Received", className: "pr-5 text-right" },
                ]}
              />
              <TableBody>
                {messages.map((message) => (
                  <TableRow key={message.id}>
                    <TableCell className="min-w-28 pl-5 align-top font-medium">{message.name}</TableCell>
                    <TableCell className="align-top whitespace-nowrap">
                      <a href={`mailto:${message.email}`} className="hover:underline">
                        {message.email}
                      </a>
                    </TableCell>
                    <TableCell className="min-w-40 align-top">{message.subject}</TableCell>
                    <TableCell className="min-w-64 align-top">
                      <MessageText message={message} />
                    </TableCell>
                    <TableCell className="pr-5 text-right align-top whitespace-nowrap text-muted-foreground">
                      {message.receivedAt}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        </>
      )}
    </InboxPage>
  );
}

/** The excerpt, with the whole message behind a native disclosure (keyboard friendly, works without JS). */
function MessageText({ message }: { message: { message: string; excerpt: string } }) {
  if (message.excerpt === message.message) return <p className="whitespace-pre-wrap">{message.message}</p>;
  return (
    <details className="group">
      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">{message.excerpt}</span>
        <span className="ml-1 text-xs font-medium text-primary group-open:ml-0">
          <span className="group-open:hidden">Show full message</span>
          <span className="hidden group-open:inline">Hide full message</span>
        </span>
      </summary>
      <p className="mt-2 whitespace-pre-wrap">{message.message}</p>
    </details>
  );
}
