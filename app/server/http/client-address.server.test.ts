import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";

import { action as authApiAction } from "~/routes/api.auth.$";
import { action as newsletterAction } from "~/routes/resources.newsletter";

import { BASE_URL } from "../../../tests/support/auth";
import { turnOnRateLimits } from "../../../tests/support/env";
import { parseTrustProxy, type Env } from "../env.server";
import { installClientAddress, plainHttpBehindHttpsWarning, warnOfPlainHttpBehindHttps } from "./client-address.server";

turnOnRateLimits();

/**
 * The chain in production, in process: server.ts's client-address step in a real Express app on a real
 * socket (127.0.0.1), then the route modules with a Request built from the Node headers as React
 * Router's Express adapter builds it.
 */
async function startApp(trustProxy: Env["TRUST_PROXY"]) {
  const app = express();
  installClientAddress(app, trustProxy);
  app.use(express.text({ type: "*/*" }));
  const toRequest = (req: express.Request) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    headers.set("origin", BASE_URL);
    return new Request(`${BASE_URL}${req.originalUrl}`, { method: "POST", headers, body: req.body as string });
  };
  const send = async (res: express.Response, result: unknown) => {
    if (result instanceof Response) res.status(result.status).send(await result.text());
    else
      res.status(((result as { init?: ResponseInit }).init?.status as number) ?? 200).json((result as { data?: unknown }).data ?? result);
  };
  app.get("/echo", (req, res) => {
    res.json({ forwarded: req.headers["x-forwarded-for"] });
  });
  app.post("/api/auth/*splat", async (req, res) =>
    send(res, await authApiAction({ request: toRequest(req), params: {}, context: {} } as never)),
  );
  app.post("/resources/newsletter", async (req, res) =>
    send(res, await newsletterAction({ request: toRequest(req), params: {}, context: {} } as never)),
  );
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    signIn: (forwarded: string | undefined, email: string) =>
      fetch(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(forwarded ? { "X-Forwarded-For": forwarded } : {}) },
        body: JSON.stringify({ email, password: "wrong-password" }),
      }).then((r) => r.status),
    newsletter: (forwarded: string, email: string) =>
      fetch(`${origin}/resources/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwarded },
        body: new URLSearchParams({ email }).toString(),
      }).then((r) => r.status),
    forwardedSeen: (forwarded?: string) =>
      fetch(`${origin}/echo`, { headers: forwarded ? { "X-Forwarded-For": forwarded } : {} })
        .then((r) => r.json() as Promise<{ forwarded: string }>)
        .then((body) => body.forwarded),
  };
}

let run = 0;
/** A fresh account name per attempt, so only the per-address limit is measured. */
const someone = () => `probe${++run}@example.com`;

describe("no proxy trusted (TRUST_PROXY=false, the default)", () => {
  it("hands on the socket address whatever X-Forwarded-For the client sends", async () => {
    const app = await startApp(false);
    expect(await app.forwardedSeen()).toBe("127.0.0.1");
    expect(await app.forwardedSeen("203.0.113.5")).toBe("127.0.0.1");
    expect(await app.forwardedSeen("203.0.113.5, 10.0.0.1")).toBe("127.0.0.1");
    await app.close();
  });

  it("a rotating X-Forwarded-For gets 10 sign-in tries in 30, not 30", async () => {
    const app = await startApp(false);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await app.signIn(`203.0.113.${i + 1}`, someone()));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    await app.close();
  });
});

describe("one proxy hop trusted (TRUST_PROXY=1)", () => {
  it("takes the address the proxy appended, not the client's own entries", async () => {
    const app = await startApp(1);
    expect(await app.forwardedSeen("198.51.100.7")).toBe("198.51.100.7");
    expect(await app.forwardedSeen("1.2.3.4, 198.51.100.7")).toBe("198.51.100.7");
    expect(await app.forwardedSeen()).toBe("127.0.0.1");
    await app.close();
  });

  it("a client rotating its own leftmost entries gets 10 sign-in tries in 30", async () => {
    const app = await startApp(1);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await app.signIn(`10.1.${i}.1, 198.51.100.8`, someone()));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    await app.close();
  });

  it("a chained header ('a, <client>') is not one bucket for everyone: ten bad tries lock out only their sender", async () => {
    const app = await startApp(1);
    for (let i = 0; i < 10; i++) expect(await app.signIn("a, 198.51.100.9", someone())).toBe(401);
    expect(await app.signIn("a, 198.51.100.9", someone())).toBe(429);
    expect(await app.signIn("a, 198.51.100.10", someone())).toBe(401);
    expect(await app.signIn("a, 198.51.100.9, 198.51.100.13", someone())).toBe(401);
    await app.close();
  });

  it("the newsletter limit keys on the same address: 15 posts with rotating leftmost entries, 10 accepted", async () => {
    const app = await startApp(1);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push(await app.newsletter(`10.2.${i}.1, 198.51.100.11`, `reader${i}@example.com`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    await app.close();
  });

  it("refuses a request whose resolved address is not an address (it bypassed the proxy)", async () => {
    const app = await startApp(1);
    const response = await fetch(`${app.origin}/echo`, { headers: { "X-Forwarded-For": "not-an-address" } });
    expect(response.status).toBe(400);
    await app.close();
  });
});

describe("trusted proxy addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)", () => {
  it("walks past the trusted proxies from the right to the first untrusted address", async () => {
    const app = await startApp(["127.0.0.1", "10.0.0.0/8"]);
    expect(await app.forwardedSeen("1.2.3.4, 198.51.100.12, 10.0.0.5")).toBe("198.51.100.12");
    expect(await app.forwardedSeen("198.51.100.12")).toBe("198.51.100.12");
    await app.close();
  });
});

describe("parseTrustProxy", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 2001:db8::/32,loopback", ["10.0.0.0/8", "2001:db8::/32", "loopback"]],
  ])("reads %j as %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each([["true"], ["TRUE"], ["10.0.0.0/33"], ["yes"], ["10.0.0.1,"], ["2001:db8::/129"], ["-1"]])(
    "refuses %j with a message",
    (value) => {
      expect(typeof parseTrustProxy(value)).toBe("string");
    },
  );
});

describe("plainHttpBehindHttpsWarning (an https site behind a proxy that ends TLS)", () => {
  it("warns at start-up when the site is https and no proxy is trusted, saying what that costs", () => {
    const warning = plainHttpBehindHttpsWarning("https://marketwire.example", false);
    expect(warning).toMatch(/^BETTER_AUTH_URL is https but TRUST_PROXY is not set\. Behind a proxy that ends TLS: /);
    // What was measured: React Router's page forms are refused, its resource routes and Better Auth's API are not.
    expect(warning).toContain("the site's own forms (sign-in and sign-up on /auth, contact, the admin's) are refused with 400");
    expect(warning).toContain("(the JSON API under /api/auth and /resources posts still work)");
    // The proxy's address is everyone's (the rate-limit tests above show one bucket for every X-Forwarded-For).
    expect(warning).toContain("every reader has the proxy's address");
    expect(warning).toContain("use up the sign-in and form rate limits for everyone");
    expect(warning).toContain("views count at most 20 per item per 30 minutes for all readers together");
    expect(warning).toContain("the proxy's X-Request-Id is replaced by one of ours");
    expect(warning).toMatch(/Set TRUST_PROXY to the proxy \(\.env\.example\) and have it send X-Forwarded-Proto: https\.$/);
    expect(plainHttpBehindHttpsWarning("https://marketwire.example", 1)).toBeNull();
    expect(plainHttpBehindHttpsWarning("http://localhost:3000", false)).toBeNull();
  });

  it("warns of a request over plain http to an https site, naming the missing header when a proxy is trusted", () => {
    const untrusted = plainHttpBehindHttpsWarning("https://marketwire.example", false, "http");
    expect(untrusted).toMatch(/^BETTER_AUTH_URL is https but a request arrived over plain http: the site's own forms .* refused with 400/);
    expect(untrusted).toContain("every reader has the proxy's address");
    const trusted = plainHttpBehindHttpsWarning("https://marketwire.example", 1, "http");
    expect(trusted).toMatch(
      /arrived over plain http without X-Forwarded-Proto: https from a trusted proxy: on such requests the site's own forms/,
    );
    // The proxy is trusted: addresses and request ids are right, only the protocol is missing.
    expect(trusted).not.toContain("proxy's address");
    expect(plainHttpBehindHttpsWarning("https://marketwire.example", 1, "https")).toBeNull();
    expect(plainHttpBehindHttpsWarning("http://localhost:3000", false, "http")).toBeNull();
  });

  it("is said once however many such requests arrive", async () => {
    const warnings: string[] = [];
    const app = express();
    installClientAddress(app, 1);
    app.use(warnOfPlainHttpBehindHttps("https://marketwire.example", 1, (message) => warnings.push(message)));
    app.get("/", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(origin, { headers: { "X-Forwarded-Proto": "https" } });
      expect(warnings).toEqual([]);
      await fetch(origin);
      await fetch(origin);
      expect(warnings).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
