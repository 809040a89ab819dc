import { Form, useActionData } from "react-router";
import { z } from "zod";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatUtcMinute } from "~/lib/format";
import { can } from "~/lib/roles";
import { NOINDEX } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { requireRight } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { backToInbox, inboxActionFailure } from "~/server/inbox/inbox-page.server";
import { hasMailTransport, mailCounts, mailsWithStatus, retryFailedMail, type OutboxRow } from "~/server/mail/outbox.server";
import { readForm } from "~/server/request-form.server";

import type { Route } from "./+types/admin.mail";

/** PRODUCT.md "Mail": the newest rows of each list the page shows. */
const LIST_LENGTH = 50;

const utc = formatUtcMinute;

function shown(row: OutboxRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    error: row.lastError,
    created: { at: row.createdAt.toISOString(), text: utc(row.createdAt) },
    next: { at: row.notBefore.toISOString(), text: utc(row.notBefore) },
    sent: row.sentAt ? { at: row.sentAt.toISOString(), text: utc(row.sentAt) } : null,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRight(request, "inbox.read");
  const [counts, failed, waiting, sent] = await Promise.all([
    mailCounts(),
    mailsWithStatus("failed", LIST_LENGTH),
    mailsWithStatus("queued", LIST_LENGTH),
    mailsWithStatus("sent", LIST_LENGTH),
  ]);
  return {
    counts,
    mailConfigured: hasMailTransport(),
    canRetry: can(user.role, "inbox.manage"),
    failed: failed.map(shown),
    waiting: waiting.map(shown),
    sent: sent.map(shown),
  };
}

/** PRODUCT.md "Mail": a failed mail can be put back in the queue, once the cause is fixed. */
const mailActionSchema = z.object({
  intent: z.literal("retry"),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const TEXTS = { retried: "Mail queued again", retryFailed: "That mail is not waiting for a retry" };

export async function action({ request }: Route.ActionArgs) {
  await requireRight(request, "inbox.manage");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const submission = parseSubmission(form, mailActionSchema);
  if (submission.status !== "success") {
    return inboxActionFailure(intent, submission.error?.intent ? "Unknown action" : TEXTS.retryFailed, 400);
  }
  if (!(await retryFailedMail(submission.value.id))) return inboxActionFailure(intent, TEXTS.retryFailed, 404);
  return backToInbox(request, "/admin/mail", TEXTS.retried);
}

export const meta: Route.MetaFunction = () => [{ title: "Mail | MarketWire Admin" }, NOINDEX];

const plural = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

type Shown = ReturnType<typeof shown>;

interface MailTableProps {
  caption: string;
  description?: string;
  rows: Shown[];
  empty: string;
  when: "next" | "sent" | "created";
  retry?: boolean;
}

/** A failed mail's Retry button (PRODUCT.md "Mail"), for those who may manage the inbox. */
const RETRY_COLUMN: AdminColumn<Shown> = {
  label: <span className="sr-only">Actions</span>,
  align: "right",
  className: "pr-5",
  cellClassName: "pr-5",
  cell: (row) => (
    <Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={row.id} />
      <Button type="submit" variant="outline" size="sm" aria-label={`Retry the mail to ${row.to}`}>
        Retry
      </Button>
    </Form>
  ),
};

function MailTable({ caption, description, rows, empty, when, retry }: MailTableProps) {
  const whenLabel = when === "next" ? "Next attempt" : when === "sent" ? "Sent" : "Queued";
  const columns: AdminColumn<Shown>[] = [
    { label: "To", className: "pl-5", cellClassName: "pl-5 font-medium break-all", cell: (row) => row.to },
    { label: "Subject", cellClassName: "whitespace-normal", cell: (row) => row.subject },
    {
      label: when === "sent" ? "Attempts" : "Attempts · last answer",
      className: "hidden md:table-cell",
      cellClassName: "hidden text-sm whitespace-normal text-muted-foreground md:table-cell",
      cell: (row) => (
        <>
          {row.attempts}
          {row.error && when !== "sent" ? <span className="block break-all">{row.error}</span> : null}
        </>
      ),
    },
    {
      label: whenLabel,
      align: "right",
      className: retry ? undefined : "pr-5",
      cellClassName: cn("text-sm whitespace-nowrap text-muted-foreground", !retry && "pr-5"),
      cell: (row) => {
        const at = row[when] ?? row.created;
        return <time dateTime={at.at}>{at.text}</time>;
      },
    },
    ...(retry ? [RETRY_COLUMN] : []),
  ];
  return (
    <section aria-labelledby={`mail-${caption.toLowerCase().replaceAll(" ", "-")}`} className="flex flex-col gap-3">
      <h2 id={`mail-${caption.toLowerCase().replaceAll(" ", "-")}`} className="text-lg font-semibold">
        {caption}
      </h2>
      {description ? <p className="-mt-2 text-sm text-muted-foreground">{description}</p> : null}
      <AdminTable columns={columns} rows={rows} empty={empty} />
    </section>
  );
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { counts, mailConfigured, canRetry, failed, waiting, sent } = loaderData;
  const refused = useActionData<typeof action>();
  const waitingCount = counts.queued + counts.sending;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Mail</h1>
        <p className="text-muted-foreground">
          {plural(counts.queued, "mail")} waiting · {counts.sending.toLocaleString("en-US")} being sent ·{" "}
          {counts.sent.toLocaleString("en-US")} sent · {counts.failed.toLocaleString("en-US")} failed
        </p>
      </div>
      {mailConfigured ? null : (
        <p role="note" className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          <Icon name="triangle-alert" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <span>
            <strong>Mail is not configured:</strong> set <code>SMTP_URL</code> and <code>MAIL_FROM</code> (docs/DEPLOY.md) and restart the
            site. Until then nothing is sent; mails wait here ({plural(waitingCount, "mail")} now). New accounts sign in without confirming
            their address, and newsletter sign-ups stay pending.
          </span>
        </p>
      )}
      {refused && "message" in refused ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {refused.message}
        </p>
      ) : null}
      <MailTable
        caption="Failed"
        description="Refused for good by the mail server (a 5xx answer), or still refused after 8 tries. Fix the cause, then retry."
        rows={failed}
        empty="No failed mail."
        when="created"
        retry={canRetry}
      />
      <MailTable
        caption="Waiting"
        description="Queued, or refused for now (a 4xx answer) and tried again later."
        rows={waiting}
        empty="Nothing is waiting."
        when="next"
      />
      <MailTable caption="Recently sent" rows={sent} empty="Nothing sent yet." when="sent" />
    </div>
  );
}
