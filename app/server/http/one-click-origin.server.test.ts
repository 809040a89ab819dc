/**
 * RFC 8058 one-click unsubscribe through the same chain as production (server.ts): the origin guard, then
 * React Router's request handler (with its own cross-site check for actions), then the real route modules.
 * A mail provider may post with its own Origin or `null`; the signed token is the only credential
 * (PRODUCT.md "Newsletter", "Following and alerts").
 */
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as stopAlertsRoute from "~/routes/account.alerts.stop";
import * as unsubscribeRoute from "~/routes/newsletter.unsubscribe";
import { createNewsletterToken } from "~/server/newsletter/subscriber-links.server";
import { confirmSubscriber, subscriberState, subscribeToNewsletter } from "~/server/newsletter/subscribers.server";
import { alertsAreOn, createStopAlertsToken } from "~/server/readers/alert-links.server";

import { createSignedInUser } from "../../../tests/support/auth";
import { refuseCrossSiteRequests } from "./origin-guard.server";

/** Actions of the plain route that ran: a foreign POST must never add one. */
const handled: string[] = [];

/** The document "render": the action's data as JSON, so a test reads what the page would show. */
const renderActionData: ServerBuild["entry"]["module"]["default"] = (_request, status, headers, context) => {
  headers.set("Content-Type", "application/json");
  const [actionData = null] = Object.values(context.staticHandlerContext.actionData ?? {});
  return new Response(JSON.stringify(actionData), { status, headers });
};

/** A server build with the two token routes and one ordinary form route (a resource route). */
const build = {
  entry: { module: { default: renderActionData } },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/newsletter.unsubscribe": {
      id: "routes/newsletter.unsubscribe",
      parentId: "root",
      path: "newsletter/unsubscribe",
      module: unsubscribeRoute,
    },
    "routes/account.alerts.stop": {
      id: "routes/account.alerts.stop",
      parentId: "root",
      path: "account/alerts/stop",
      module: stopAlertsRoute,
    },
    "routes/contact": {
      id: "routes/contact",
      parentId: "root",
      path: "contact",
      module: {
        action: () => {
          handled.push("contact");
          return { sent: true };
        },
      },
    },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  allowedActionOrigins: false,
} as unknown as ServerBuild;

let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  const app = express();
  // The order of server.ts: the guard, then React Router.
  app.use(refuseCrossSiteRequests(["http://localhost:3000"]));
  app.all("*splat", createRequestHandler({ build, mode: "production" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());
beforeEach(() => void handled.splice(0));

/** What Gmail and others send: no cookie, the body List-Unsubscribe=One-Click, and maybe an Origin. */
function post(path: string, origin: string | undefined, body = "List-Unsubscribe=One-Click") {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (origin) headers.Origin = origin;
  return fetch(`${base}${path}`, { method: "POST", headers, body, redirect: "manual" });
}

const ORIGINS = [
  ["a mail provider's Origin", "https://mail.example"],
  ["Origin null", "null"],
  ["no Origin", undefined],
] as const;

describe("one-click unsubscribe from any origin, the token its only credential", () => {
  it.each(ORIGINS)("/newsletter/unsubscribe with %s unsubscribes", async (_, origin) => {
    await subscribeToNewsletter("ann@example.com");
    await confirmSubscriber("ann@example.com");
    const response = await post(`/newsletter/unsubscribe?token=${createNewsletterToken("unsubscribe", "ann@example.com")}`, origin);
    expect([response.status, await response.json()]).toEqual([200, { state: "unsubscribed", email: "ann@example.com" }]);
    expect(await subscriberState("ann@example.com")).toBeNull();
  });

  it.each(ORIGINS)("/account/alerts/stop with %s turns alerts off", async (_, origin) => {
    const { user } = await createSignedInUser();
    expect(await alertsAreOn(user.id)).toBe(true);
    const response = await post(`/account/alerts/stop?token=${createStopAlertsToken(user.id)}`, origin);
    expect([response.status, await response.json()]).toEqual([200, { state: "off" }]);
    expect(await alertsAreOn(user.id)).toBe(false);
  });

  it.each(ORIGINS)("a forged token with %s gets the page's own 'invalid link' answer and changes nothing", async (_, origin) => {
    await subscribeToNewsletter("bob@example.com");
    const unsubscribe = await post("/newsletter/unsubscribe?token=forged", origin);
    expect([unsubscribe.status, await unsubscribe.json()]).toEqual([400, { state: "invalid" }]);
    expect(await subscriberState("bob@example.com")).toBe("pending");
    const stop = await post("/account/alerts/stop?token=forged", origin);
    expect([stop.status, await stop.json()]).toEqual([400, { state: "invalid" }]);
  });
});

describe("every other POST still needs this site's Origin", () => {
  it.each([
    ["another site", "https://mail.example"],
    ["Origin null", "null"],
    ["no Origin", undefined],
  ])("a form post to another route from %s is refused with 403 before its action", async (_, origin) => {
    const response = await post("/contact", origin, "message=hi");
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/^Forbidden: cross-site request refused\./);
    expect(handled).toEqual([]);
  });

  it("the token routes' data requests and other methods get no exemption", async () => {
    const token = createNewsletterToken("unsubscribe", "ann@example.com");
    expect((await post(`/newsletter/unsubscribe.data?token=${token}`, "https://mail.example")).status).toBe(403);
    const put = await fetch(`${base}/newsletter/unsubscribe?token=${token}`, {
      method: "PUT",
      headers: { Origin: "https://mail.example" },
    });
    expect(put.status).toBe(403);
  });

  it("the same post from the site's own page reaches the action", async () => {
    const response = await post("/contact", base, "message=hi");
    expect([response.status, await response.json()]).toEqual([200, { sent: true }]);
    expect(handled).toEqual(["contact"]);
  });
});
