/**
 * PRODUCT.md "Webhooks", on a real database and a real receiver: each delivery verifies with the `standardwebhooks`
 * reference library; retries, Retry-After, 410, the failing mark, rotation, 'Send again', the outbound guard and
 * the audit entries. The two-instances and restart cases run against the built server in
 * tests/reliability/postgres/webhooks.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { WebhookEndpointInput } from "~/lib/webhooks";

import { ADMIN_USER, createItem, insertVideos } from "../../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { PAID } from "../../../tests/support/item-promotion";
import { startWebhookReceiver, verifiedPayload, type WebhookReceiver } from "../../../tests/support/webhook-receiver";
import { recordItemEvent } from "../content-events/content-events.server";
import { getDb, schema } from "../db/db.server";
import { deliveryLog, sendAgain } from "./deliveries.server";
import { createEndpoint, deleteEndpoint, endpointById, rotateSecret, setEndpointEnabled, updateEndpoint } from "./endpoints.server";
import { deliverDueWebhooks, type WebhookWorkerOptions } from "./webhook-worker.server";

restoreEnvAfterEach(["WEBHOOK_ALLOW_HOSTS"]);

let receiver: WebhookReceiver;
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate videos, blogs, content_events, webhook_endpoints, webhook_deliveries cascade`);
  receiver = await startWebhookReceiver();
  setEnv({ WEBHOOK_ALLOW_HOSTS: receiver.hostPort });
});
afterEach(() => receiver.close());

/** No waits between retries, so a test runs the whole schedule at once; `random` 0.5: no jitter. */
function worker(overrides: Partial<WebhookWorkerOptions> = {}): WebhookWorkerOptions {
  return { allowHosts: new Set([receiver.hostPort]), retryDelaysSeconds: [0, 0, 0], random: () => 0.5, ...overrides };
}

const ALL: WebhookEndpointInput["events"] = ["content.published", "content.updated", "content.unpublished", "content.deleted"];

async function endpoint(events = ALL, url = receiver.url) {
  const saved = await createEndpoint({ url, events }, ADMIN_USER);
  if (!saved.ok || !saved.secret) throw new Error(`not saved: ${JSON.stringify(saved)}`);
  return { id: saved.id, secret: saved.secret };
}

const publishBlog = (title = "Results day") =>
  createItem("blog", { title, description: null, content: null, status: "published", tags: [], featured: false });

async function deliveries() {
  const db = await getDb();
  return db.select().from(schema.webhookDeliveries).orderBy(schema.webhookDeliveries.id);
}

describe("delivering", () => {
  it("posts each event once, signed to Standard Webhooks 1.0, with a thin payload", async () => {
    const { secret } = await endpoint();
    const { id } = await publishBlog();
    expect(await deliverDueWebhooks(worker())).toBe(1);
    expect(await deliverDueWebhooks(worker())).toBe(0);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.headers["content-type"]).toBe("application/json");
    expect(delivery!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    const payload = verifiedPayload(secret, delivery!);
    expect(payload).toEqual({
      type: "content.published",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        id,
        type: "blog",
        url: `http://localhost:3000/blog/${id}`,
        api_url: expect.stringContaining(`/api/v1/items/${id}`),
        disclosure: null,
      },
    });
    // A forged body does not verify.
    expect(() => verifiedPayload(secret, { ...delivery!, body: delivery!.body.replace("blog", "video") })).toThrow();
    expect(await deliveries()).toMatchObject([{ status: "delivered", attempts: 1, lastStatusCode: 200 }]);
  });

  it("carries a paid item's disclosure", async () => {
    const { secret } = await endpoint();
    const [video] = await insertVideos([{ title: "Paid", ...PAID }]);
    const db = await getDb();
    await recordItemEvent(db, "content.published", { type: "video", id: video!.id });
    await deliverDueWebhooks(worker());
    const payload = verifiedPayload(secret, receiver.received[0]!);
    expect(payload.data.disclosure).toEqual({
      statement: expect.stringContaining("MarketWire received A$5,000 in cash from Halcyon Investor Relations"),
      payer: "Halcyon Investor Relations",
      paid: "A$5,000 in cash",
      agreement_date: "2026-09-01",
    });
  });

  it("only the events an endpoint asked for, and only events after it was added", async () => {
    await publishBlog("Before");
    const { secret } = await endpoint(["content.deleted"]);
    const { id } = await publishBlog("After");
    const db = await getDb();
    await recordItemEvent(db, "content.deleted", { type: "blog", id });
    await deliverDueWebhooks(worker());
    expect(receiver.received.map((delivery) => verifiedPayload(secret, delivery).type)).toEqual(["content.deleted"]);
  });

  it("500, 500, then 200: delivered on the third try, with the same id and body each time", async () => {
    const { secret } = await endpoint();
    receiver.answers.push({ status: 500 }, { status: 500 });
    await publishBlog();
    await deliverDueWebhooks(worker());
    expect(receiver.received.map((delivery) => delivery.id)).toEqual(Array(3).fill(receiver.received[0]!.id));
    expect(new Set(receiver.received.map((delivery) => delivery.body)).size).toBe(1);
    for (const delivery of receiver.received) verifiedPayload(secret, delivery);
    expect(await deliveries()).toMatchObject([{ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null }]);
    expect((await endpointById((await deliveries())[0]!.endpointId))?.status).toBe("active");
  });

  it("waits as the schedule says, with jitter, or longer when the receiver's Retry-After asks", async () => {
    await endpoint();
    receiver.answers.push({ status: 503, headers: { "Retry-After": "600" } }, { status: 500 });
    await publishBlog();
    const before = Date.now();
    await deliverDueWebhooks(worker({ retryDelaysSeconds: [5, 300], random: () => 0 }));
    const [waiting] = await deliveries();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503, lastError: "HTTP 503" });
    expect(waiting!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(599_000);
    expect(waiting!.nextAttemptAt.getTime() - before).toBeLessThan(610_000);

    // Due now: the second failure waits the schedule's 300 s, 20% less at the lowest jitter.
    const db = await getDb();
    await db.update(schema.webhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    const second = Date.now();
    await deliverDueWebhooks(worker({ retryDelaysSeconds: [5, 300], random: () => 0 }));
    const [again] = await deliveries();
    expect(again).toMatchObject({ status: "pending", attempts: 2 });
    expect(again!.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(239_000);
    expect(again!.nextAttemptAt.getTime() - second).toBeLessThan(250_000);
  });

  it("a spent schedule fails the delivery and marks the endpoint failing, until a delivery succeeds", async () => {
    const { id } = await endpoint();
    receiver.answers.push(...Array(4).fill({ status: 502 }));
    await publishBlog("Lost");
    await deliverDueWebhooks(worker());
    expect(await deliveries()).toMatchObject([{ status: "failed", attempts: 4, lastStatusCode: 502 }]);
    expect(await endpointById(id)).toMatchObject({
      status: "failing",
      statusReason: "A delivery of content.published failed after 4 attempts (last: HTTP 502)",
    });

    await publishBlog("Found");
    await deliverDueWebhooks(worker());
    expect(await endpointById(id)).toMatchObject({ status: "active", statusReason: null });
  });

  it("410 Gone disables the endpoint: nothing more is sent or queued until an admin enables it", async () => {
    const { id } = await endpoint();
    receiver.answers.push({ status: 410 });
    await publishBlog("First");
    await deliverDueWebhooks(worker());
    expect(await endpointById(id)).toMatchObject({ status: "disabled", statusReason: expect.stringContaining("410 Gone") });
    await publishBlog("While disabled");
    expect(await deliverDueWebhooks(worker())).toBe(0);
    expect(await deliveries()).toHaveLength(1);

    await setEndpointEnabled(id, true, ADMIN_USER);
    await publishBlog("After");
    await deliverDueWebhooks(worker());
    expect(receiver.received).toHaveLength(2);
  });

  it("a redirect is an answer, never followed", async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      await endpoint();
      receiver.answers.push({ status: 307, headers: { Location: elsewhere.url } });
      await publishBlog();
      await deliverDueWebhooks(worker({ retryDelaysSeconds: [60] }));
      expect(elsewhere.received).toHaveLength(0);
      expect(await deliveries()).toMatchObject([{ status: "pending", lastStatusCode: 307 }]);
    } finally {
      await elsewhere.close();
    }
  });

  it("two workers at once deliver each event once", async () => {
    const { secret } = await endpoint();
    for (let i = 0; i < 12; i++) await publishBlog(`Item ${i}`);
    await Promise.all([deliverDueWebhooks(worker({ batchSize: 3 })), deliverDueWebhooks(worker({ batchSize: 3 }))]);
    const ids = receiver.received.map((delivery) => delivery.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    for (const delivery of receiver.received) verifiedPayload(secret, delivery);
  });

  it("a receiver that refuses the connection is tried again", async () => {
    setEnv({ WEBHOOK_ALLOW_HOSTS: "127.0.0.1:9" });
    await endpoint(ALL, "http://127.0.0.1:9/hooks"); // the discard port: nothing listens here
    await publishBlog();
    await deliverDueWebhooks(worker({ allowHosts: new Set(["127.0.0.1:9"]), retryDelaysSeconds: [60] }));
    expect(await deliveries()).toMatchObject([
      { status: "pending", attempts: 1, lastStatusCode: null, lastError: expect.stringContaining("ECONNREFUSED") },
    ]);
  });
});

describe("secrets", () => {
  it("after a rotation both the new and the previous secret verify, for 24 hours", async () => {
    const { id, secret: previous } = await endpoint();
    const current = await rotateSecret(id, ADMIN_USER);
    expect(current).toMatch(/^whsec_/);
    expect(current).not.toBe(previous);
    await publishBlog();
    await deliverDueWebhooks(worker());
    const [delivery] = receiver.received;
    expect(delivery!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    verifiedPayload(current!, delivery!);
    verifiedPayload(previous, delivery!);
    expect((await endpointById(id))?.previousSecretUntil?.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600_000);

    // Once the overlap is over, only the new one signs.
    const db = await getDb();
    await db.update(schema.webhookEndpoints).set({ previousSecretUntil: new Date(Date.now() - 1000) });
    await publishBlog("Later");
    await deliverDueWebhooks(worker());
    verifiedPayload(current!, receiver.received[1]!);
    expect(() => verifiedPayload(previous, receiver.received[1]!)).toThrow();
  });

  it("are stored sealed, never as shown", async () => {
    const { secret } = await endpoint();
    const db = await getDb();
    const [row] = await db.select().from(schema.webhookEndpoints);
    expect(row!.secret).not.toContain(secret.slice(6));
    expect(row!.secret).toMatch(/^v1\./);
  });
});

describe("the outbound guard when an endpoint is saved", () => {
  it.each(["http://127.0.0.1:8080/hooks", "http://169.254.169.254/latest/meta-data", "http://[::1]:9000/", "http://10.0.0.8/hook"])(
    "refuses %s unless WEBHOOK_ALLOW_HOSTS names it",
    async (url) => {
      setEnv({ WEBHOOK_ALLOW_HOSTS: undefined });
      const refused = await createEndpoint({ url, events: ALL }, ADMIN_USER);
      expect(refused).toMatchObject({ ok: false, reason: "url", message: expect.stringContaining("is not a public address") });
      const parsed = new URL(url);
      setEnv({ WEBHOOK_ALLOW_HOSTS: `${parsed.hostname}:${parsed.port || "80"}` });
      expect(await createEndpoint({ url, events: ALL }, ADMIN_USER)).toMatchObject({ ok: true });
    },
  );

  it("refuses an edit that points an endpoint at a private address", async () => {
    const { id } = await endpoint();
    expect(await updateEndpoint(id, { url: "http://169.254.169.254/", events: ALL }, ADMIN_USER)).toMatchObject({
      ok: false,
      reason: "url",
    });
    expect((await endpointById(id))?.url).toBe(receiver.url);
  });
});

describe("the delivery log and 'Send again'", () => {
  it("lists each delivery with its answer, and sends a failed one again", async () => {
    const { id } = await endpoint();
    receiver.answers.push(...Array(4).fill({ status: 500 }));
    await publishBlog();
    await deliverDueWebhooks(worker());
    const [failed] = await deliveryLog(id);
    expect(failed).toMatchObject({ event: "content.published", status: "failed", attempts: 4, lastStatusCode: 500 });
    expect(failed!.lastDurationMs).toBeGreaterThanOrEqual(0);

    expect(await sendAgain(id, failed!.id)).toBe(true);
    expect(await sendAgain("00000000-0000-4000-8000-000000000000", failed!.id)).toBe(false);
    await deliverDueWebhooks(worker());
    expect(await deliveryLog(id)).toMatchObject([{ status: "delivered", attempts: 1, lastStatusCode: 200 }]);
    expect(receiver.received.at(-1)!.id).toBe(receiver.received[0]!.id);
  });
});

describe("the audit log", () => {
  it("records adding, changing, rotating, disabling and deleting an endpoint", async () => {
    const { id } = await endpoint();
    await updateEndpoint(id, { url: receiver.url, events: ["content.published"], description: "IR site" }, ADMIN_USER);
    await rotateSecret(id, ADMIN_USER);
    await setEndpointEnabled(id, false, ADMIN_USER);
    expect(await deleteEndpoint(id, ADMIN_USER)).toBe(true);
    expect(await deleteEndpoint(id, ADMIN_USER)).toBe(false);
    const db = await getDb();
    const entries = await db.select().from(schema.auditLog).where(eq(schema.auditLog.itemId, id)).orderBy(schema.auditLog.id);
    expect(entries.map(({ action, itemType, itemId, detail }) => ({ action, itemType, itemId, detail }))).toEqual([
      { action: "webhook-create", itemType: "webhook", itemId: id, detail: ALL.join(", ") },
      { action: "webhook-edit", itemType: "webhook", itemId: id, detail: "content.published" },
      { action: "webhook-rotate", itemType: "webhook", itemId: id, detail: null },
      { action: "webhook-edit", itemType: "webhook", itemId: id, detail: "disabled" },
      { action: "webhook-delete", itemType: "webhook", itemId: id, detail: null },
    ]);
  });
});
