import { Form, Link, useActionData } from "react-router";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { EndpointFields, EndpointStatusBadge, SecretShownOnce, WebhookFailure } from "~/components/admin/webhook-parts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { NOINDEX } from "~/lib/seo";
import { WEBHOOK_TEXTS, WEBHOOKS_PATH } from "~/lib/webhooks";
import { requireRight } from "~/server/auth/session.server";
import { webhooksAction, webhooksLoader, type WebhookActionFailure, type WebhookSecretShown } from "~/server/webhooks/webhook-admin.server";

import type { Route } from "./+types/admin.webhooks";

// PRODUCT.md "Webhooks": the endpoints, and adding one.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "webhooks.manage");
  return webhooksLoader();
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "webhooks.manage");
  return webhooksAction(request, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | MarketWire Admin" }, NOINDEX];

type Endpoint = Route.ComponentProps["loaderData"]["endpoints"][number];

const COLUMNS: AdminColumn<Endpoint>[] = [
  {
    label: "Endpoint",
    className: "pl-5",
    cellClassName: "pl-5 whitespace-normal",
    cell: (endpoint) => (
      <>
        <Link to={`${WEBHOOKS_PATH}/${endpoint.id}`} className="font-medium break-all underline-offset-4 hover:underline">
          {endpoint.url}
        </Link>
        {endpoint.description ? <span className="block text-xs text-muted-foreground">{endpoint.description}</span> : null}
      </>
    ),
  },
  {
    label: "Status",
    cellClassName: "whitespace-normal",
    cell: (endpoint) => (
      <>
        <EndpointStatusBadge status={endpoint.status} />
        {endpoint.statusReason ? <span className="mt-1 block text-xs text-muted-foreground">{endpoint.statusReason}</span> : null}
      </>
    ),
  },
  {
    label: "Events",
    className: "hidden md:table-cell",
    cellClassName: "hidden text-sm md:table-cell",
    cell: (endpoint) => endpoint.events.length,
  },
  {
    label: "Waiting · failed",
    className: "hidden md:table-cell",
    cellClassName: "hidden text-sm md:table-cell",
    cell: (endpoint) => `${endpoint.waiting} · ${endpoint.failed}`,
  },
  {
    label: "Last delivered",
    align: "right",
    className: "hidden pr-5 lg:table-cell",
    cellClassName: "hidden pr-5 whitespace-nowrap text-sm text-muted-foreground lg:table-cell",
    cell: (endpoint) =>
      endpoint.lastDelivered ? <time dateTime={endpoint.lastDelivered.at}>{endpoint.lastDelivered.text}</time> : "Never",
  },
];

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<WebhookActionFailure | WebhookSecretShown>();
  const failure = answer && !answer.ok ? answer : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{WEBHOOK_TEXTS.listHeading}</h1>
        <p className="text-muted-foreground">{WEBHOOK_TEXTS.intro}</p>
      </div>
      {answer?.ok ? <SecretShownOnce shown={answer} heading={WEBHOOK_TEXTS.created} /> : null}
      <WebhookFailure failure={failure} />
      <AdminTable columns={COLUMNS} rows={loaderData.endpoints} empty={WEBHOOK_TEXTS.empty} />
      <Card className="max-w-3xl">
        <CardHeader>
          <h2 className="leading-tight font-semibold">{WEBHOOK_TEXTS.addHeading}</h2>
        </CardHeader>
        <CardContent>
          {/* A new key after each success, so the form starts empty again. */}
          <Form method="post" key={answer?.ok ? answer.endpointId : "add"} className="grid gap-4">
            <input type="hidden" name="intent" value="create" />
            <EndpointFields idPrefix="new-endpoint" values={{ url: "", description: "", events: [] }} failure={failure} />
            <div>
              <Button type="submit">{WEBHOOK_TEXTS.addButton}</Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
