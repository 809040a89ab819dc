import { data, Link, useActionData, useFetcher } from "react-router";
import { z } from "zod";

import {
  RemoveButton,
  revalidateAfterInboxAction,
  useConfirmedRemoval,
  useInboxFailureToast,
  type PendingRemoval,
} from "~/components/admin/inbox-actions";
import { InboxPage } from "~/components/inbox-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { formatDate, truncate } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { NOINDEX } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { requireRight } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { pageUrl } from "~/server/http/page-url.server";
import { backToInbox, inboxActionFailure, loadInboxPage, type InboxActionFailure } from "~/server/inbox/inbox-page.server";
import { deleteContactMessage, listContactMessages, setMessageRead, type MessageFilter } from "~/server/inbox/inbox.server";
import { logError } from "~/server/log.server";
import { readForm } from "~/server/request-form.server";

import type { Route } from "./+types/admin.messages";

/** How much of a message the table shows before 'Show full message'. */
const EXCERPT_LENGTH = 80;

export async function loader({ request }: Route.LoaderArgs) {
  // PRODUCT.md "Inbox": 'All' or 'Unread' (?show=unread); anything else is all.
  const filter: MessageFilter = pageUrl(request).searchParams.get("show") === "unread" ? "unread" : "all";
  const { rows, total, all, unread, page, totalPages } = await loadInboxPage(request, ({ page }) => listContactMessages({ page, filter }));
  return {
    page,
    total,
    all,
    unread,
    filter,
    totalPages,
    messages: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      excerpt: truncate(row.message, EXCERPT_LENGTH),
      receivedAt: formatDate(row.createdAt),
      read: row.readAt != null,
    })),
  };
}

/**
 * A message's actions (PRODUCT.md "Inbox"): mark read or unread, delete, and `open` (its full text was
 * opened: read, without a toast).
 */
const messageActionSchema = z.object({
  intent: z.enum(["read", "unread", "open", "delete"]),
  id: z.string().refine(isUuid),
});

const TEXTS = {
  read: "Message marked as read",
  unread: "Message marked as unread",
  deleted: "Message deleted",
  updateFailed: "Failed to update message",
  deleteFailed: "Failed to delete message",
};

export async function action({ request }: Route.ActionArgs) {
  await requireRight(request, "inbox.manage");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const submission = parseSubmission(form, messageActionSchema);
  if (submission.status !== "success") {
    if (submission.error?.intent) return inboxActionFailure(intent, "Unknown action", 400);
    return inboxActionFailure(intent, intent === "delete" ? TEXTS.deleteFailed : TEXTS.updateFailed, 400);
  }
  const { id } = submission.value;
  const failure = submission.value.intent === "delete" ? TEXTS.deleteFailed : TEXTS.updateFailed;
  try {
    switch (submission.value.intent) {
      case "delete":
        if (!(await deleteContactMessage(id))) return inboxActionFailure(intent, failure, 404);
        return backToInbox(request, "/admin/messages", TEXTS.deleted);
      case "open":
        if (!(await setMessageRead(id, true))) return inboxActionFailure(intent, failure, 404);
        return data({ ok: true as const });
      case "read":
      case "unread":
        if (!(await setMessageRead(id, intent === "read"))) return inboxActionFailure(intent, failure, 404);
        return backToInbox(request, "/admin/messages", TEXTS[submission.value.intent]);
    }
  } catch (error) {
    logError(`[admin] message ${intent} ${id} failed (${pageUrl(request).pathname})`, error);
    return inboxActionFailure(intent, failure, 503);
  }
}

export const shouldRevalidate = revalidateAfterInboxAction;

export const meta: Route.MetaFunction = () => [{ title: "Messages | MarketWire Admin" }, NOINDEX];

type Message = Route.ComponentProps["loaderData"]["messages"][number];

const CONFIRM = { verb: "Delete", noun: "message" };

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, total, all, unread, filter, page, totalPages } = loaderData;
  // Without the page's scripts, a refused action comes back as the page's action data.
  const refused = useActionData<typeof action>();
  const removal = useConfirmedRemoval(
    "delete",
    CONFIRM,
    (name) => `The message “${name}” will be permanently deleted. This cannot be undone.`,
  );
  const shown = messages.filter((message) => message.id !== removal.removingId);
  const rowProps = (message: Message) => ({
    message,
    onDelete: removal.ask,
  });
  return (
    <InboxPage
      title="Messages"
      summary={
        <>
          {all === 1 ? "1 message from the contact form" : `${all.toLocaleString("en-US")} messages from the contact form`}
          {all > 0 ? ` · ${unread.toLocaleString("en-US")} unread` : null}
        </>
      }
      csvHref="/admin/messages.csv"
      total={all}
      page={page}
      totalPages={totalPages}
    >
      {refused && "message" in refused ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {refused.message}
        </p>
      ) : null}
      <MessageFilterLinks filter={filter} all={all} unread={unread} />
      {shown.length === 0 ? (
        <Card>
          <p className="px-5 py-5 text-center text-muted-foreground">
            {filter === "unread" && total === 0 ? "No unread messages" : "No messages found"}
          </p>
        </Card>
      ) : (
        <>
          {/* Narrow screens: one card per message; wide screens: a table. */}
          <ul className="flex flex-col gap-3 lg:hidden">
            {shown.map((message) => (
              <li key={message.id}>
                <MessageCard {...rowProps(message)} />
              </li>
            ))}
          </ul>
          <Card spacing="flush" display="from-lg">
            <Table>
              <TableColumns
                columns={[
                  { label: "Name", className: "pl-5" },
                  { label: "Email" },
                  { label: "Subject" },
                  { label: "Message" },
                  { label: "Received", align: "right" },
                  { label: <span className="sr-only">Actions</span>, className: "pr-5" },
                ]}
              />
              <TableBody>
                {shown.map((message) => (
                  <MessageTableRow key={message.id} {...rowProps(message)} />
                ))}
              </TableBody>
            </Table>
          </Card>
        </>
      )}
      {removal.dialog}
    </InboxPage>
  );
}

/** 'All' / 'Unread': links, so the filter is in the address and works without scripts. */
function MessageFilterLinks({ filter, all, unread }: { filter: MessageFilter; all: number; unread: number }) {
  const links = [
    { value: "all", label: "All", count: all, to: "/admin/messages" },
    { value: "unread", label: "Unread", count: unread, to: "/admin/messages?show=unread" },
  ] as const;
  return (
    <nav aria-label="Show messages" className="inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
      {links.map((link) => (
        <Link
          key={link.value}
          to={link.to}
          aria-current={filter === link.value ? "page" : undefined}
          className="inline-flex h-full items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
        >
          {link.label}
          <span className="tabular-nums">({link.count.toLocaleString("en-US")})</span>
        </Link>
      ))}
    </nav>
  );
}

/**
 * A message's read state as the admin sees it: what the server says, or what a pending request will
 * make it (so the row changes at once).
 */
function useReadState(message: Message) {
  const fetcher = useFetcher<InboxActionFailure | { ok: true }>();
  useInboxFailureToast(fetcher.data);
  const pending = fetcher.formData?.get("intent");
  const read = pending === "read" || pending === "open" ? true : pending === "unread" ? false : message.read;
  // PRODUCT.md "Inbox": opening the full text marks an unread message read.
  const onOpen = () => {
    if (!read) void fetcher.submit({ intent: "open", id: message.id }, { method: "post" });
  };
  return { fetcher, read, onOpen };
}

interface RowProps {
  message: Message;
  onDelete: (item: PendingRemoval) => void;
}

function MessageCard({ message, onDelete }: RowProps) {
  const { fetcher, read, onOpen } = useReadState(message);
  return (
    <Card spacing="compact" tone={read ? "default" : "highlight"} data-unread={!read || undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className={cn("flex flex-wrap items-center gap-2", read ? "font-medium" : "font-bold")}>
            {message.name}
            {read ? null : <UnreadBadge />}
          </p>
          <a href={`mailto:${message.email}`} className="text-sm break-words text-muted-foreground hover:underline">
            {message.email}
          </a>
        </div>
        <p className="shrink-0 text-sm text-muted-foreground">{message.receivedAt}</p>
      </div>
      <p className={read ? "font-medium" : "font-bold"}>{message.subject}</p>
      <MessageText message={message} onOpen={onOpen} />
      <div className="-ml-3 flex flex-wrap items-center gap-1">
        <ReadToggle fetcher={fetcher} message={message} read={read} />
        <RemoveButton intent="delete" text={CONFIRM} item={{ id: message.id, name: message.subject }} onAsk={onDelete} />
      </div>
    </Card>
  );
}

function MessageTableRow({ message, onDelete }: RowProps) {
  const { fetcher, read, onOpen } = useReadState(message);
  return (
    <TableRow className={cn(!read && "shadow-[inset_3px_0_0_var(--primary)]")} data-unread={!read || undefined}>
      <TableCell verticalAlign="top" className={cn("min-w-28 pl-5", read ? "font-medium" : "font-bold")}>
        <span className="flex flex-col items-start gap-1">
          {message.name}
          {read ? null : <UnreadBadge />}
        </span>
      </TableCell>
      <TableCell verticalAlign="top" className="whitespace-nowrap">
        <a href={`mailto:${message.email}`} className="hover:underline">
          {message.email}
        </a>
      </TableCell>
      <TableCell verticalAlign="top" className={cn("min-w-40", !read && "font-bold")}>
        {message.subject}
      </TableCell>
      <TableCell verticalAlign="top" className="min-w-64">
        <MessageText message={message} onOpen={onOpen} />
      </TableCell>
      <TableCell verticalAlign="top" className="text-right whitespace-nowrap text-muted-foreground">
        {message.receivedAt}
      </TableCell>
      <TableCell verticalAlign="top" className="pr-5">
        <div className="flex flex-col items-end gap-1">
          <ReadToggle fetcher={fetcher} message={message} read={read} />
          <RemoveButton intent="delete" text={CONFIRM} item={{ id: message.id, name: message.subject }} onAsk={onDelete} />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** Visible text, so the state is not told by weight or colour alone. */
function UnreadBadge() {
  return <Badge variant="default">Unread</Badge>;
}

/** 'Mark as read' / 'Mark as unread': a form of its own, so it works before the scripts load. */
function ReadToggle({ fetcher, message, read }: { fetcher: ReturnType<typeof useReadState>["fetcher"]; message: Message; read: boolean }) {
  const label = read ? "Mark as unread" : "Mark as read";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={message.id} />
      <Button
        type="submit"
        name="intent"
        value={read ? "unread" : "read"}
        variant="ghost"
        size="sm"
        aria-label={`${label}: ${message.subject}`}
      >
        <Icon name={read ? "mail" : "check"} />
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** The excerpt, with the whole message behind a native disclosure (keyboard friendly, works without JS). */
function MessageText({ message, onOpen }: { message: { message: string; excerpt: string }; onOpen: () => void }) {
  if (message.excerpt === message.message) return <p className="whitespace-pre-wrap">{message.message}</p>;
  return (
    <details
      className="group"
      onToggle={(event) => {
        if (event.currentTarget.open) onOpen();
      }}
    >
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
