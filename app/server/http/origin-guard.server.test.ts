import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { isOwnOrigin, refuseCrossSiteRequests } from "./origin-guard.server";

const PUBLIC_URL = "https://marketwire.example";

describe("isOwnOrigin on an https deployment (behind a TLS proxy)", () => {
  it.each([
    ["the configured public origin", "https://marketwire.example", "10.0.0.5:3000", true],
    ["the Host's origin over https", "https://www.marketwire.example", "www.marketwire.example", true],
    ["the Host's origin, default port written out", "https://www.marketwire.example", "www.marketwire.example:443", true],
    ["the public origin over http, Host the public host", "http://marketwire.example", "marketwire.example", false],
    ["the public origin over http, Host another", "http://marketwire.example", "10.0.0.5:3000", false],
    ["the Host's origin over http", "http://www.marketwire.example", "www.marketwire.example", false],
    ["the Host's origin over http with its port", "http://127.0.0.1:3000", "127.0.0.1:3000", false],
    ["no Origin", undefined, "marketwire.example", false],
    ["Origin null (sandboxed frame, file://)", "null", "marketwire.example", false],
    ["another site", "https://evil.example", "marketwire.example", false],
    ["a look-alike subdomain", "https://marketwire.example.evil.example", "marketwire.example", false],
    ["the public origin on another port", "https://marketwire.example:8443", "10.0.0.5:3000", false],
    ["the Host's name on another port", "https://127.0.0.1:4000", "127.0.0.1:3000", false],
    ["another scheme on the Host's name", "ftp://127.0.0.1:3000", "127.0.0.1:3000", false],
    ["an Origin with a path", "https://www.marketwire.example/x", "www.marketwire.example", false],
    ["not a URL", "marketwire.example", "marketwire.example", false],
    ["no Host and a foreign Origin", "https://evil.example", undefined, false],
  ])("%s → %s", (_, origin, host, own) => {
    expect(isOwnOrigin(origin, ["https://marketwire.example"], host)).toBe(own);
  });
});

describe("isOwnOrigin on an http deployment (development: localhost, reached as 127.0.0.1 too)", () => {
  it.each([
    ["the configured public origin", "http://localhost:3000", "localhost:3000", true],
    ["the Host's origin (127.0.0.1 for localhost)", "http://127.0.0.1:3000", "127.0.0.1:3000", true],
    ["the public origin over https", "https://localhost:3000", "localhost:3000", false],
    ["the Host's origin over https", "https://127.0.0.1:3000", "127.0.0.1:3000", false],
    ["the Host's name over https on the default port", "https://localhost", "localhost", false],
    ["the Host's name on another port", "http://127.0.0.1:4000", "127.0.0.1:3000", false],
    ["another site", "http://evil.example", "localhost:3000", false],
  ])("%s → %s", (_, origin, host, own) => {
    expect(isOwnOrigin(origin, ["http://localhost:3000"], host)).toBe(own);
  });
});

describe("isOwnOrigin with PUBLIC_URL and BETTER_AUTH_URL set apart", () => {
  const publicOrigins = ["https://www.marketwire.example", "https://auth.marketwire.example"];
  it.each([
    ["PUBLIC_URL's origin", "https://www.marketwire.example", "10.0.0.5:3000", true],
    ["BETTER_AUTH_URL's origin", "https://auth.marketwire.example", "10.0.0.5:3000", true],
    ["either over http", "http://auth.marketwire.example", "auth.marketwire.example", false],
  ])("%s → %s", (_, origin, host, own) => {
    expect(isOwnOrigin(origin, publicOrigins, host)).toBe(own);
  });
});

/** A real server with the guard in front of a handler that records which requests reached it. */
async function guardedServer(publicUrls: string[]) {
  const handled: string[] = [];
  const origins: (string | undefined)[] = [];
  const app = express();
  app.use(refuseCrossSiteRequests(publicUrls));
  app.all("*splat", (req, res) => {
    handled.push(req.method);
    origins.push(req.headers.origin);
    res.send("handled");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, handled, origins, close: () => server.close() };
}

/** node:http, so a test can send the Host a proxy in front would pass on (fetch sends the address it dials). */
function send(
  port: number,
  { method = "POST", host, origin, path = "/contact" }: { method?: string; host?: string; origin?: string; path?: string },
) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (host) headers.Host = host;
  if (origin) headers.Origin = origin;
  const body = method === "GET" || method === "HEAD" ? undefined : "a=1";
  // Node's client sends no length for a DELETE's body unless told.
  if (body) headers["Content-Length"] = String(body.length);
  return new Promise<{ status: number; cacheControl?: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, cacheControl: res.headers["cache-control"], body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("refuseCrossSiteRequests (an Express app behind it)", () => {
  let server: Awaited<ReturnType<typeof guardedServer>>;
  beforeAll(async () => (server = await guardedServer([PUBLIC_URL])));
  afterAll(() => server.close());
  beforeEach(() => {
    server.handled.splice(0);
    server.origins.splice(0);
  });

  it.each(["GET", "HEAD", "OPTIONS"])("lets %s through without an Origin (reading changes nothing)", async (method) => {
    const response = await send(server.port, { method });
    expect(response.status).toBe(200);
    expect(server.handled).toEqual([method]);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses %s without an Origin with 403 before the handler", async (method) => {
    const response = await send(server.port, { method });
    expect(response.status).toBe(403);
    expect(response.cacheControl).toBe("no-store");
    expect(response.body).toMatch(/^Forbidden: cross-site request refused\./);
    expect(server.handled).toEqual([]);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["Origin null", "null"],
  ])("refuses a POST from %s with 403", async (_, origin) => {
    const response = await send(server.port, { origin });
    expect(response.status).toBe(403);
    expect(server.handled).toEqual([]);
  });

  it("lets a one-click unsubscribe POST through from a mail provider (no Origin), and nothing else on that path", async () => {
    const oneClick = await send(server.port, { path: "/newsletter/unsubscribe?token=signed" });
    expect(oneClick.status).toBe(200);
    // PRODUCT.md "Following and alerts": the alert mails' one-click 'Stop company alerts'.
    const stopAlerts = await send(server.port, { path: "/account/alerts/stop?token=signed" });
    expect(stopAlerts.status).toBe(200);
    expect(server.handled).toEqual(["POST", "POST"]);
    for (const [method, path] of [
      ["PUT", "/newsletter/unsubscribe?token=signed"],
      ["DELETE", "/newsletter/unsubscribe"],
      ["POST", "/newsletter/unsubscribe/other"],
      ["POST", "/newsletter/confirm?token=signed"],
      ["POST", "/account?token=signed"],
      ["PUT", "/account/alerts/stop?token=signed"],
    ] as const) {
      expect((await send(server.port, { method, path })).status, `${method} ${path}`).toBe(403);
    }
    expect(server.handled).toEqual(["POST", "POST"]);
  });

  it.each([
    ["a mail provider's Origin", "https://mail.example"],
    ["Origin null", "null"],
    ["this site's Origin", PUBLIC_URL],
  ])("lets a one-click POST with %s through without its Origin (React Router would refuse a foreign one with 400)", async (_, origin) => {
    for (const path of ["/newsletter/unsubscribe?token=signed", "/account/alerts/stop?token=signed"]) {
      expect((await send(server.port, { path, origin })).status, path).toBe(200);
    }
    expect(server.handled).toEqual(["POST", "POST"]);
    expect(server.origins).toEqual([undefined, undefined]);
    // Anywhere else the Origin is refused or passed on as sent.
    expect((await send(server.port, { origin })).status).toBe(origin === PUBLIC_URL ? 200 : 403);
    expect(server.origins).toEqual(origin === PUBLIC_URL ? [undefined, undefined, PUBLIC_URL] : [undefined, undefined]);
  });

  it("accepts a POST from the configured public origin", async () => {
    const response = await send(server.port, { origin: PUBLIC_URL, host: "10.0.0.5:3000" });
    expect(response.status).toBe(200);
    expect(server.handled).toEqual(["POST"]);
  });
});

describe("refuseCrossSiteRequests on an https deployment behind a TLS proxy", () => {
  // The proxy passes the browser's Host on and speaks plain http to the server.
  let server: Awaited<ReturnType<typeof guardedServer>>;
  beforeAll(async () => (server = await guardedServer([PUBLIC_URL])));
  afterAll(() => server.close());
  beforeEach(() => void server.handled.splice(0));

  it.each([
    ["marketwire.example", "http://marketwire.example"],
    ["www.marketwire.example", "http://www.marketwire.example"],
  ])("refuses a POST to Host %s from the http page %s with 403 before the handler", async (host, origin) => {
    const response = await send(server.port, { host, origin });
    expect(response.status).toBe(403);
    expect(response.body).toMatch(/^Forbidden: cross-site request refused\./);
    expect(server.handled).toEqual([]);
  });

  it.each([
    ["marketwire.example", "https://marketwire.example"],
    ["www.marketwire.example", "https://www.marketwire.example"],
  ])("accepts a POST to Host %s from the https page %s", async (host, origin) => {
    const response = await send(server.port, { host, origin });
    expect(response.status).toBe(200);
    expect(server.handled).toEqual(["POST"]);
  });
});

describe("refuseCrossSiteRequests on an http deployment", () => {
  let server: Awaited<ReturnType<typeof guardedServer>>;
  beforeAll(async () => (server = await guardedServer(["http://localhost:3000"])));
  afterAll(() => server.close());
  beforeEach(() => void server.handled.splice(0));

  it("accepts a POST from the origin of the host it was sent to (127.0.0.1 for localhost)", async () => {
    const own = `127.0.0.1:${server.port}`;
    const response = await send(server.port, { host: own, origin: `http://${own}` });
    expect(response.status).toBe(200);
    expect(server.handled).toEqual(["POST"]);
  });

  it.each([
    ["localhost:3000", "https://localhost:3000"],
    ["127.0.0.1:3000", "https://127.0.0.1:3000"],
    ["localhost", "https://localhost"],
  ])("refuses a POST to Host %s from the https page %s with 403 before the handler", async (host, origin) => {
    const response = await send(server.port, { host, origin });
    expect(response.status).toBe(403);
    expect(server.handled).toEqual([]);
  });
});

describe("a forged post with its body still on its way", () => {
  let server: Awaited<ReturnType<typeof guardedServer>>;
  beforeAll(async () => (server = await guardedServer([PUBLIC_URL])));
  afterAll(() => server.close());

  it("is refused at once, and the rest of the body is still read (no reset on unread bytes)", async () => {
    const half = Buffer.alloc(1024 * 1024, "a");
    const answer = await new Promise<{ status: number; answeredBeforeBodyDone: boolean }>((resolve, reject) => {
      let bodyDone = false;
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path: "/contact",
          headers: { Origin: "https://evil.example", "Content-Length": String(half.length * 2) },
        },
        (res) => {
          const answeredBeforeBodyDone = !bodyDone;
          res.resume();
          // The second half goes only once the answer is in: a guard that waits for the whole body never answers.
          bodyDone = true;
          req.end(half, () => resolve({ status: res.statusCode!, answeredBeforeBodyDone }));
        },
      );
      req.on("error", reject);
      req.write(half);
      setTimeout(() => {
        if (bodyDone) return;
        bodyDone = true;
        req.end(half);
      }, 2_000);
    });
    expect(answer).toEqual({ status: 403, answeredBeforeBodyDone: true });
    expect(server.handled).toEqual([]);
  });
});
