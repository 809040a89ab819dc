/**
 * PRODUCT.md "Webhooks": what /admin/webhooks and /admin/webhooks/:id load and do, for admins only
 * (`webhooks.manage`). A new or rotated secret is answered in the action's data, shown once and never again;
 * every other change goes back to the page with a toast.
 */
import { data } from "react-router";
import { z } from "zod";

import { formatUtcMinute } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { WEBHOOK_TEXTS, webhookEndpointSchema, WEBHOOKS_PATH } from "~/lib/webhooks";

import type { CurrentUser } from "../auth/session.server";
import { parseSubmission } from "../form-submission.server";
import { readForm } from "../request-form.server";
import { redirectWithToast } from "../toast.server";
import { deliveryLog, sendAgain, type DeliveryLogRow } from "./deliveries.server";
import {
  createEndpoint,
  deleteEndpoint,
  endpointById,
  listEndpoints,
  rotateSecret,
  setEndpointEnabled,
  updateEndpoint,
  type EndpointSave,
  type WebhookEndpointView,
} from "./endpoints.server";

const when = (at: Date | null) => (at ? { at: at.toISOString(), text: formatUtcMinute(at) } : null);

function shownEndpoint(endpoint: WebhookEndpointView) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    status: endpoint.status,
    statusReason: endpoint.statusReason,
    statusChanged: when(endpoint.statusChangedAt),
    previousSecretUntil: when(endpoint.previousSecretUntil),
    created: when(endpoint.createdAt)!,
  };
}

export async function webhooksLoader() {
  const endpoints = await listEndpoints();
  return {
    endpoints: endpoints.map((endpoint) => ({
      ...shownEndpoint(endpoint),
      waiting: endpoint.waiting,
      failed: endpoint.failed,
      lastDelivered: when(endpoint.lastDeliveredAt),
    })),
  };
}

function shownDelivery(row: DeliveryLogRow) {
  return {
    id: row.id,
    event: row.event,
    subject: row.subject,
    occurred: when(row.occurredAt)!,
    status: row.status,
    attempts: row.attempts,
    code: row.lastStatusCode,
    durationMs: row.lastDurationMs,
    error: row.lastError,
    lastAttempt: when(row.lastAttemptAt),
    nextAttempt: row.status === "pending" ? when(row.nextAttemptAt) : null,
  };
}

export async function webhookLoader(id: string | undefined) {
  const endpoint = isUuid(id ?? "") ? await endpointById(id!) : null;
  if (!endpoint) throw data({ error: WEBHOOK_TEXTS.notFound }, { status: 404 });
  return { endpoint: shownEndpoint(endpoint), deliveries: (await deliveryLog(endpoint.id)).map(shownDelivery) };
}

/** What a failed action answers: a message, and the fields' own messages when the form was wrong. */
export interface WebhookActionFailure {
  ok: false;
  message: string;
  fields?: Record<string, string[] | null>;
}

/** A secret made by the action: shown once. */
export interface WebhookSecretShown {
  ok: true;
  secret: string;
  endpointId: string;
  url: string;
}

const failure = (message: string, status: number, fields?: WebhookActionFailure["fields"]) =>
  data<WebhookActionFailure>({ ok: false, message, fields }, { status });

const backTo = (path: string, description: string) => redirectWithToast(path, { type: "success", title: "Success", description });

function savedOrFailure(saved: EndpointSave) {
  if (saved.ok) return null;
  if (saved.reason === "notFound") return failure(WEBHOOK_TEXTS.notFound, 404);
  return failure(saved.message, 400, { url: [saved.message] });
}

export async function webhooksAction(request: Request, admin: CurrentUser) {
  const form = await readForm(request);
  if (form.get("intent") !== "create") return failure("Unknown action", 400);
  const submission = parseSubmission(form, webhookEndpointSchema);
  if (submission.status !== "success") return failure(WEBHOOK_TEXTS.failed, 400, submission.error ?? undefined);
  const saved = await createEndpoint(submission.value, admin);
  const refused = savedOrFailure(saved);
  if (refused || !saved.ok) return refused!;
  return data<WebhookSecretShown>({ ok: true, secret: saved.secret!, endpointId: saved.id, url: submission.value.url });
}

const intentSchema = z.object({ intent: z.enum(["save", "rotate", "enable", "disable", "delete", "resend"]) });
const resendSchema = z.object({ deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function webhookAction(request: Request, id: string | undefined, admin: CurrentUser) {
  if (!isUuid(id ?? "")) return failure(WEBHOOK_TEXTS.notFound, 404);
  const endpointId = id!;
  const form = await readForm(request);
  const intent = intentSchema.safeParse({ intent: form.get("intent") });
  if (!intent.success) return failure("Unknown action", 400);
  const here = `${WEBHOOKS_PATH}/${endpointId}`;
  switch (intent.data.intent) {
    case "save": {
      const submission = parseSubmission(form, webhookEndpointSchema);
      if (submission.status !== "success") return failure(WEBHOOK_TEXTS.failed, 400, submission.error ?? undefined);
      const refused = savedOrFailure(await updateEndpoint(endpointId, submission.value, admin));
      return refused ?? backTo(here, WEBHOOK_TEXTS.updated);
    }
    case "rotate": {
      const secret = await rotateSecret(endpointId, admin);
      if (!secret) return failure(WEBHOOK_TEXTS.notFound, 404);
      const endpoint = await endpointById(endpointId);
      return data<WebhookSecretShown>({ ok: true, secret, endpointId, url: endpoint?.url ?? "" });
    }
    case "enable":
    case "disable": {
      const enabled = intent.data.intent === "enable";
      if (!(await setEndpointEnabled(endpointId, enabled, admin))) return failure(WEBHOOK_TEXTS.notFound, 404);
      return backTo(here, enabled ? WEBHOOK_TEXTS.enabled : WEBHOOK_TEXTS.disabled);
    }
    case "delete": {
      if (!(await deleteEndpoint(endpointId, admin))) return failure(WEBHOOK_TEXTS.notFound, 404);
      return backTo(WEBHOOKS_PATH, WEBHOOK_TEXTS.deleted);
    }
    case "resend": {
      const resend = resendSchema.safeParse({ deliveryId: form.get("deliveryId") });
      if (!resend.success || !(await sendAgain(endpointId, resend.data.deliveryId))) return failure(WEBHOOK_TEXTS.deliveryNotFound, 404);
      return backTo(here, WEBHOOK_TEXTS.resent);
    }
  }
}
