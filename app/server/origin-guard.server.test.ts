import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isOwnOrigin, refuseCrossSiteRequests } from "./origin-guard.server";

const PUBLIC_URL = "https://marketwire.example";

describe("isOwnOrigin", () => {
  it.each([
    ["the configured public origin", "https://marketwire.example", "10.0.0.5:3000", true],
    ["the origin of the Host the request was sent to", "http://127.0.0.1:3000", "127.0.0.1:3000", true],
    ["the Host's origin over https", "https://www.marketwire.example", "www.marketwire.example", true],
    ["the Host's origin, default port written out", "https://www.marketwire.example", "www.marketwire.example:443", true],
    ["no Origin", undefined, "marketwire.example", false],
    ["Origin null (sandboxed frame, file://)", "null", "marketwire.example", false],
    ["another site", "https://evil.example", "marketwire.example", false],
    ["a look-alike subdomain", "https://marketwire.example.evil.example", "marketwire.example", false],
    ["the public origin on another port", "https://marketwire.example:8443", "10.0.0.5:3000", false],
    ["the public origin over http", "http://marketwire.example", "10.0.0.5:3000", false],
    ["the Host's name on another port", "http://127.0.0.1:4000", "127.0.0.1:3000", false],
    ["another scheme on the Host's name", "ftp://127.0.0.1:3000", "127.0.0.1:3000", false],
    ["an Origin with a path", "http://127.0.0.1:3000/x", "127.0.0.1:3000", false],
    ["not a URL", "marketwire.example", "marketwire.example", false],
    ["no Host and a foreign Origin", "https://evil.example", undefined, false],
  ])("%s → %s", (_, origin, host, own) => {
    expect(isOwnOrigin(origin, "https://marketwire.example", host)).toBe(own);
  });
});

describe("refuseCrossSiteRequests (an Express app behind it)", () => {
  let base: string;
  let close: () => void;
  let handled: string[];

  beforeAll(async () => {
    const app = express();
    app.use(refuseCrossSiteRequests(PUBLIC_URL));
    app.all("*splat", (req, res) => {
      handled.push(req.method);
      res.send("handled");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const send = (method: string, origin?: string) => {
    handled = [];
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (origin) headers.Origin = origin;
    return fetch(`${base}/contact`, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : "a=1" });
  };

  it.each(["GET", "HEAD", "OPTIONS"])("lets %s through without an Origin (reading changes nothing)", async (method) => {
    const response = await send(method);
    expect(response.status).toBe(200);
    expect(handled).toEqual([method]);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses %s without an Origin with 403 before the handler", async (method) => {
    const response = await send(method);
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toMatch(/^Forbidden: cross-site request refused\./);
    expect(handled).toEqual([]);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["Origin null", "null"],
  ])("refuses a POST from %s with 403", async (_, origin) => {
    const response = await send("POST", origin);
    expect(response.status).toBe(403);
    expect(handled).toEqual([]);
  });

  it("accepts a POST from the configured public origin", async () => {
    const response = await send("POST", PUBLIC_URL);
    expect(response.status).toBe(200);
    expect(handled).toEqual(["POST"]);
  });

  it("accepts a POST from the origin of the host it was sent to", async () => {
    const response = await send("POST", base);
    expect(response.status).toBe(200);
    expect(handled).toEqual(["POST"]);
  });
});
