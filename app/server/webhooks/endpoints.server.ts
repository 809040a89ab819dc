/**
 * PRODUCT.md "Webhooks": the endpoints admins register. Saving checks the URL's address against the outbound
 * guard (WEBHOOK_ALLOW_HOSTS names the private receivers allowed); every change is an audit-log entry, written
 * in the change's transaction.
 */
import { desc, eq, sql } from "drizzle-orm";

import type { WebhookEndpointInput } from "~/lib/webhooks";

import { actorOf, appendAudit, type AuditPerson } from "../audit/audit-log.server";
import { getDb, schema } from "../db/db.server";
import type { WebhookEndpointStatus } from "../db/schema";
import { getEnv } from "../env.server";
import { destinationProblem } from "../outbound-fetch.server";
import { newSigningSecret, sealSecret } from "./signing.server";

/** After a rotation the previous secret signs too, for this long (PRODUCT.md "Webhooks"). */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

const { webhookEndpoints } = schema;

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: string[];
  status: WebhookEndpointStatus;
  statusReason: string | null;
  statusChangedAt: Date | null;
  /** While a rotation's overlap lasts: when the previous secret stops signing. */
  previousSecretUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookEndpointSummary extends WebhookEndpointView {
  waiting: number;
  failed: number;
  lastDeliveredAt: Date | null;
}

const viewColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  status: webhookEndpoints.status,
  statusReason: webhookEndpoints.statusReason,
  statusChangedAt: webhookEndpoints.statusChangedAt,
  previousSecretUntil: webhookEndpoints.previousSecretUntil,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

function withoutEndedOverlap<T extends { previousSecretUntil: Date | null }>(row: T): T {
  return { ...row, previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil : null };
}

/** Every endpoint, newest first, with what waits, what failed and its last success. */
export async function listEndpoints(): Promise<WebhookEndpointSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...viewColumns,
      waiting: sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.status in ('pending', 'sending'))::int`,
      failed: sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.status = 'failed')::int`,
      lastDeliveredAt: sql<Date | null>`(select max(d.delivered_at) from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id)`,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map((row) => withoutEndedOverlap({ ...row, lastDeliveredAt: row.lastDeliveredAt ? new Date(row.lastDeliveredAt) : null }));
}

export async function endpointById(id: string): Promise<WebhookEndpointView | null> {
  const db = await getDb();
  const [row] = await db.select(viewColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? withoutEndedOverlap(row) : null;
}

/** Why the server may not post to this URL (PRODUCT.md "Webhooks"), or null. */
async function urlProblem(url: string): Promise<string | null> {
  const problem = await destinationProblem(new URL(url), getEnv().WEBHOOK_ALLOW_HOSTS);
  return problem ? `This address cannot receive webhooks: ${problem}. An operator may allow it in WEBHOOK_ALLOW_HOSTS.` : null;
}

export type EndpointSave =
  { ok: true; id: string; secret?: string } | { ok: false; reason: "url"; message: string } | { ok: false; reason: "notFound" };

/** Adds an endpoint; its secret is returned once, here, and never shown again. */
export async function createEndpoint(input: WebhookEndpointInput, admin: AuditPerson): Promise<EndpointSave> {
  const problem = await urlProblem(input.url);
  if (problem) return { ok: false, reason: "url", message: problem };
  const secret = newSigningSecret();
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, description: input.description ?? "", events: input.events, secret: sealSecret(secret) })
      .returning({ id: webhookEndpoints.id });
    await audit(tx, admin, "webhook-create", row!.id, input.url, input.events.join(", "));
    return row!.id;
  });
  return { ok: true, id, secret };
}

export async function updateEndpoint(id: string, input: WebhookEndpointInput, admin: AuditPerson): Promise<EndpointSave> {
  const problem = await urlProblem(input.url);
  if (problem) return { ok: false, reason: "url", message: problem };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ url: input.url, description: input.description ?? "", events: input.events, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!row) return { ok: false, reason: "notFound" } as const;
    await audit(tx, admin, "webhook-edit", id, input.url, input.events.join(", "));
    return { ok: true, id } as const;
  });
}

/** A new secret; the current one keeps signing beside it for ROTATION_OVERLAP_MS. Null: no such endpoint. */
export async function rotateSecret(id: string, admin: AuditPerson): Promise<string | null> {
  const secret = newSigningSecret();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: new Date(Date.now() + ROTATION_OVERLAP_MS),
        secret: sealSecret(secret),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (!row) return null;
    await audit(tx, admin, "webhook-rotate", id, row.url, null);
    return secret;
  });
}

/**
 * An admin disables an endpoint (no deliveries are made or queued for it) or enables it again (what waited is
 * sent, and it is active again). False: no such endpoint.
 */
export async function setEndpointEnabled(id: string, enabled: boolean, admin: AuditPerson): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        status: enabled ? "active" : "disabled",
        statusReason: enabled ? null : `Disabled by ${admin.name || admin.email}`,
        statusChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (!row) return false;
    await audit(tx, admin, "webhook-edit", id, row.url, enabled ? "enabled" : "disabled");
    return true;
  });
}

/** Deletes the endpoint and its delivery log. False: no such endpoint. */
export async function deleteEndpoint(id: string, admin: AuditPerson): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
    if (!row) return false;
    await audit(tx, admin, "webhook-delete", id, row.url, null);
    return true;
  });
}

type Transaction = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

function audit(
  tx: Transaction,
  admin: AuditPerson,
  action: Parameters<typeof appendAudit>[1]["action"],
  id: string,
  url: string,
  detail: string | null,
) {
  return appendAudit(tx, {
    actor: actorOf(admin),
    action,
    item: { type: "webhook", id, title: url },
    detail,
    address: admin.address ?? null,
  });
}
