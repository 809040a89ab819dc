import { useActionData } from "react-router";
import { z } from "zod";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ContentSearchBox } from "~/components/admin/content-search-box";
import { RemoveButton, revalidateAfterInboxAction, useConfirmedRemoval, type PendingRemoval } from "~/components/admin/inbox-actions";
import { InboxPage } from "~/components/inbox-page";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { parseQuery } from "~/lib/search";
import { NOINDEX } from "~/lib/seo";
import { requireRight } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { pageUrl } from "~/server/http/page-url.server";
import { backToInbox, inboxActionFailure, loadInboxPage } from "~/server/inbox/inbox-page.server";
import { deleteSubscriber, listSubscribers } from "~/server/inbox/inbox.server";
import { logError } from "~/server/log.server";
import { hasMailTransport } from "~/server/mail/outbox.server";
import { readForm } from "~/server/request-form.server";

import type { Route } from "./+types/admin.subscribers";

export async function loader({ request }: Route.LoaderArgs) {
  // PRODUCT.md "Inbox": the search box's rule is the admin lists' (control characters become spaces).
  const q = parseQuery(pageUrl(request).searchParams.get("q"));
  const { rows, total, confirmed, page, totalPages } = await loadInboxPage(request, ({ page }) => listSubscribers({ page, q }));
  return {
    q,
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

/** PRODUCT.md "Inbox": removing a subscriber deletes the address, as unsubscribing does. */
const subscriberActionSchema = z.object({
  intent: z.literal("remove"),
  id: z.string().refine(isUuid),
});

const TEXTS = { removed: "Subscriber removed", removeFailed: "Failed to remove subscriber" };

export async function action({ request }: Route.ActionArgs) {
  await requireRight(request, "inbox.manage");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const submission = parseSubmission(form, subscriberActionSchema);
  if (submission.status !== "success") {
    return inboxActionFailure(intent, submission.error?.intent ? "Unknown action" : TEXTS.removeFailed, 400);
  }
  const { id } = submission.value;
  try {
    if (!(await deleteSubscriber(id))) return inboxActionFailure(intent, TEXTS.removeFailed, 404);
  } catch (error) {
    logError(`[admin] removing subscriber ${id} failed (${pageUrl(request).pathname})`, error);
    return inboxActionFailure(intent, TEXTS.removeFailed, 503);
  }
  return backToInbox(request, "/admin/subscribers", TEXTS.removed);
}

export const shouldRevalidate = revalidateAfterInboxAction;

export const meta: Route.MetaFunction = () => [{ title: "Subscribers | MarketWire Admin" }, NOINDEX];

const CONFIRM = { verb: "Remove", noun: "subscriber" };

type Subscriber = Route.ComponentProps["loaderData"]["subscribers"][number];

/** `onRemove`: opens the confirmation (the button posts the form itself before the page's scripts run). */
function subscriberColumns(onRemove: (item: PendingRemoval) => void): AdminColumn<Subscriber>[] {
  return [
    {
      label: "Email",
      className: "pr-5 pl-5",
      cellClassName: "px-5 font-medium break-all",
      cell: (subscriber) => (
        <a href={`mailto:${subscriber.email}`} className="hover:underline">
          {subscriber.email}
        </a>
      ),
    },
    {
      label: "Status",
      className: "pr-5 pl-5",
      cellClassName: "px-5",
      cell: (subscriber) =>
        subscriber.state === "confirmed" ? (
          <Badge variant="success" title={`Confirmed ${subscriber.confirmedAt}`}>
            Confirmed
          </Badge>
        ) : (
          <Badge variant="outline" title="The confirmation link has not been opened">
            Pending
          </Badge>
        ),
    },
    {
      label: "Subscribed",
      align: "right",
      className: "pr-5 pl-5",
      cellClassName: "px-5 whitespace-nowrap text-muted-foreground",
      cell: (subscriber) => subscriber.subscribedAt,
    },
    {
      label: <span className="sr-only">Actions</span>,
      align: "right",
      className: "pr-5",
      cellClassName: "pr-5",
      cell: (subscriber) => (
        <RemoveButton intent="remove" text={CONFIRM} item={{ id: subscriber.id, name: subscriber.email }} onAsk={onRemove} />
      ),
    },
  ];
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, q, total, confirmed, page, totalPages, mailConfigured } = loaderData;
  // Without the page's scripts, a refused action comes back as the page's action data.
  const refused = useActionData<typeof action>();
  const removal = useConfirmedRemoval(
    "remove",
    CONFIRM,
    (email) => `${email} will be deleted from the list, as if it had unsubscribed. This cannot be undone.`,
  );
  const shown = subscribers.filter((subscriber) => subscriber.id !== removal.removingId);
  return (
    <InboxPage
      title="Subscribers"
      summary={
        <>
          {q
            ? `${total.toLocaleString("en-US")} matching "${q}"`
            : total === 1
              ? "1 newsletter subscriber"
              : `${total.toLocaleString("en-US")} newsletter subscribers`}
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
      {refused && "message" in refused ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {refused.message}
        </p>
      ) : null}
      <ContentSearchBox q={q} label="Search subscribers" />
      {/* No `paging`: InboxPage puts the pager at the foot of the page. */}
      <AdminTable columns={subscriberColumns(removal.ask)} rows={shown} empty="No subscribers found" />
      {removal.dialog}
    </InboxPage>
  );
}
