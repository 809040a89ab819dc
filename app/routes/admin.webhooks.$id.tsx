import { useState } from "react";
import { Form, Link, useActionData, useSubmit } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { EndpointFields, EndpointStatusBadge, IntentButton, SecretShownOnce, WebhookFailure } from "~/components/admin/webhook-parts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { NOINDEX } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { WEBHOOK_TEXTS, WEBHOOKS_PATH } from "~/lib/webhooks";
import { requireRight } from "~/server/auth/session.server";
import { webhookAction, webhookLoader, type WebhookActionFailure, type WebhookSecretShown } from "~/server/webhooks/webhook-admin.server";

import type { Route } from "./+types/admin.webhooks.$id";

// PRODUCT.md "Webhooks": one endpoint: its settings, its secret, and its delivery log with 'Send again'.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRight(request, "webhooks.manage");
  return webhookLoader(params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRight(request, "webhooks.manage");
  return webhookAction(request, params.id, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Webhook endpoint | MarketWire Admin" }, NOINDEX];

type Delivery = Route.ComponentProps["loaderData"]["deliveries"][number];

/** The receiver's last answer: its HTTP status, or why there was none. */
const answerOf = (delivery: Delivery) => (delivery.code !== null ? `HTTP ${delivery.code}` : (delivery.error ?? "–"));

const DELIVERY_COLUMNS: AdminColumn<Delivery>[] = [
  {
    label: "Event",
    className: "pl-5",
    cellClassName: "pl-5 whitespace-normal",
    cell: (delivery) => (
      <>
        <code className="font-mono text-xs">{delivery.event}</code>
        <span className="block text-xs break-all text-muted-foreground">{delivery.subject}</span>
        <time dateTime={delivery.occurred.at} className="block text-xs text-muted-foreground">
          {delivery.occurred.text}
        </time>
      </>
    ),
  },
  {
    label: "Status",
    cellClassName: "whitespace-normal",
    cell: (delivery) => (
      <>
        <span className="capitalize">{delivery.status}</span>
        {/* Below sm the answer has no column of its own. */}
        <span className="block text-xs break-all text-muted-foreground sm:hidden">{answerOf(delivery)}</span>
        {delivery.nextAttempt ? (
          <span className="block text-xs text-muted-foreground">
            Next try <time dateTime={delivery.nextAttempt.at}>{delivery.nextAttempt.text}</time>
          </span>
        ) : null}
      </>
    ),
  },
  {
    label: "Answer",
    className: "hidden sm:table-cell",
    cellClassName: "hidden whitespace-normal break-all text-sm sm:table-cell",
    cell: answerOf,
  },
  {
    label: "Duration",
    className: "hidden md:table-cell",
    cellClassName: "hidden text-sm md:table-cell",
    cell: (delivery) => (delivery.durationMs !== null ? `${delivery.durationMs} ms` : "–"),
  },
  {
    label: "Attempts",
    className: "hidden md:table-cell",
    cellClassName: "hidden text-sm md:table-cell",
    cell: (delivery) => delivery.attempts,
  },
  {
    label: <span className="sr-only">Actions</span>,
    align: "right",
    className: "pr-5",
    cellClassName: "pr-5",
    cell: (delivery) =>
      delivery.status === "sending" ? null : (
        <IntentButton
          intent="resend"
          label={WEBHOOK_TEXTS.sendAgain}
          values={{ deliveryId: delivery.id }}
          ariaLabel={`${WEBHOOK_TEXTS.sendAgain}: ${delivery.event} of ${delivery.occurred.text}`}
        />
      ),
  },
];

export default function AdminWebhook({ loaderData }: Route.ComponentProps) {
  const { endpoint, deliveries } = loaderData;
  const answer = useActionData<WebhookActionFailure | WebhookSecretShown>();
  const failure = answer && !answer.ok ? answer : undefined;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const submit = useSubmit();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "w-fit")} to={WEBHOOKS_PATH}>
          <Icon name="arrow-left" />
          Back to Webhooks
        </Link>
        <h1 className="text-2xl font-bold tracking-tight break-all">{endpoint.url}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <EndpointStatusBadge status={endpoint.status} />
          {endpoint.statusReason ?? null}
          {endpoint.previousSecretUntil ? (
            <span>
              The previous secret also signs until{" "}
              <time dateTime={endpoint.previousSecretUntil.at}>{endpoint.previousSecretUntil.text}</time>.
            </span>
          ) : null}
        </p>
      </div>
      {answer?.ok ? <SecretShownOnce shown={answer} heading={WEBHOOK_TEXTS.rotated} /> : null}
      <WebhookFailure failure={failure} />

      <div className="flex flex-wrap gap-2">
        <IntentButton intent="rotate" label={WEBHOOK_TEXTS.rotateButton} />
        {endpoint.status === "disabled" ? (
          <IntentButton intent="enable" label="Enable" />
        ) : (
          <IntentButton intent="disable" label="Disable" />
        )}
        <Button type="button" size="sm" variant="destructive" onClick={() => setConfirmingDelete(true)}>
          {WEBHOOK_TEXTS.deleteButton}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete this endpoint?"
        description="Its deliveries and their log go with it; the receiver gets nothing more."
        confirmLabel="Delete"
        onConfirm={() => void submit({ intent: "delete" }, { method: "post" })}
        onClose={() => setConfirmingDelete(false)}
      />

      <section aria-labelledby="deliveries-heading" className="flex flex-col gap-3">
        <h2 id="deliveries-heading" className="text-lg font-semibold">
          Deliveries
        </h2>
        <AdminTable columns={DELIVERY_COLUMNS} rows={deliveries} empty="No deliveries yet." />
      </section>

      <Card className="max-w-3xl">
        <CardHeader>
          <h2 className="leading-tight font-semibold">Settings</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="save" />
            <EndpointFields idPrefix="endpoint" values={endpoint} failure={failure} />
            <div>
              <Button type="submit">{WEBHOOK_TEXTS.saveButton}</Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
