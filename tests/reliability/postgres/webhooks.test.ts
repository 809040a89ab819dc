/**
 * PRODUCT.md "Webhooks", against the built server: two instances on one PostgreSQL deliver an item published on
 * either exactly once, signed so the `standardwebhooks` reference library accepts it; a receiver that is down
 * while the servers restart still gets every event afterwards. Runs in the suite's PostgreSQL pass.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";

import { startWebhookReceiver, verifiedPayload, type WebhookReceiver } from "../../support/webhook-receiver";
import { freshSite, sameOrigin, send, signInAsAdmin, startServer, stopAllServers, until, type RunningServer, type Site } from "../harness";

const buildDir = inject("buildDir");

const sites: Site[] = [];
const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const receiver of receivers) await receiver.close();
  for (const site of sites) await site.remove();
});

/** Adds an endpoint through /admin/webhooks and reads the secret the page shows once. */
async function addEndpoint(server: RunningServer, cookie: string, url: string) {
  const answer = await send(server.origin, {
    path: "/admin/webhooks",
    headers: { ...sameOrigin(server), Cookie: cookie },
    form: { intent: "create", url, events: "content.published" },
  });
  expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  const secret = /whsec_[A-Za-z0-9+/=]+/.exec(answer.body)?.[0];
  expect(secret).toBeDefined();
  return secret!;
}

/** Publishes a new blog post through the admin's editor; returns its title. */
async function publishBlog(server: RunningServer, cookie: string, title: string) {
  const answer = await send(server.origin, {
    path: "/admin/blogs/new",
    headers: { ...sameOrigin(server), Cookie: cookie },
    form: { title, status: "published", content: "<p>Results.</p>" },
  });
  expect(answer.status, answer.body.slice(0, 300)).toBe(302);
}

/** The published items' ids the receiver got, verified, with how often each arrived (demo items going live add theirs). */
function deliveredIds(receiver: WebhookReceiver, secret: string) {
  const ids = receiver.received.map((delivery) => verifiedPayload(secret, delivery).data.id as string);
  return { ids, messages: receiver.received.map((delivery) => delivery.id) };
}

async function idOfTitle(server: RunningServer, title: string) {
  const answer = await send(server.origin, { path: "/api/v1/items?type=blog&limit=100" });
  const items = (JSON.parse(answer.body) as { items: { id: string; title: string }[] }).items;
  return items.find((item) => item.title === title)?.id;
}

describe("webhooks on two instances", () => {
  it("deliver an item published on either instance once, and lose nothing while the receiver is down across a restart", async () => {
    const site = await freshSite();
    sites.push(site);
    let receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const env = {
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      WEBHOOK_ALLOW_HOSTS: receiver.hostPort,
      // The test asks the API for ids until the other instance's cache has the new items.
      RATE_LIMIT: "off",
      // Short waits, long enough in all (about 70 s) to outlast a restart.
      WEBHOOK_RETRY_DELAYS_SECONDS: "1,2,3,5,10,20,30",
    };
    let a = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });
    let b = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });
    let cookie = await signInAsAdmin(a);
    const secret = await addEndpoint(a, cookie, receiver.url);

    // Published on A, then on B: each delivered once, although both instances' workers look.
    await publishBlog(a, cookie, "Webhook one");
    await publishBlog(b, cookie, "Webhook two");
    const one = await until("the first item's id", () => idOfTitle(a, "Webhook one"));
    const two = await until("the second item's id", () => idOfTitle(a, "Webhook two"));
    await until("both deliveries", () => {
      const { ids } = deliveredIds(receiver, secret);
      return ids.includes(one) && ids.includes(two);
    });
    let delivered = deliveredIds(receiver, secret);
    expect(delivered.ids.filter((id) => id === one)).toHaveLength(1);
    expect(delivered.ids.filter((id) => id === two)).toHaveLength(1);
    expect(new Set(delivered.messages).size).toBe(delivered.messages.length);

    // The receiver goes down; an item is published; both servers restart; another is published; the receiver
    // comes back on its address: both arrive, once each.
    const port = Number(receiver.hostPort.split(":")[1]);
    await receiver.close();
    await publishBlog(a, cookie, "While down");
    await a.stop();
    await b.stop();
    a = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });
    b = await startServer(buildDir, site, { env, readyTimeoutMs: 180_000 });
    cookie = await signInAsAdmin(b);
    await publishBlog(b, cookie, "After the restart");
    const down = await until("the third item's id", () => idOfTitle(a, "While down"));
    const after = await until("the fourth item's id", () => idOfTitle(a, "After the restart"));
    receiver = await startWebhookReceiver(port);
    receivers.push(receiver);
    await until(
      "the deliveries held back",
      () => {
        const { ids } = deliveredIds(receiver, secret);
        return ids.includes(down) && ids.includes(after);
      },
      90_000,
    );
    delivered = deliveredIds(receiver, secret);
    expect(delivered.ids.filter((id) => id === down)).toHaveLength(1);
    expect(delivered.ids.filter((id) => id === after)).toHaveLength(1);
    expect(delivered.ids).not.toContain(one);
  });
});
