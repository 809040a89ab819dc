/**
 * The documented production set-up (PRODUCT.md "Operations"): a proxy ends TLS in front of the server,
 * BETTER_AUTH_URL is the https address, TRUST_PROXY names the proxy, and the proxy sends X-Forwarded-Proto.
 * Sign-in through it works, with a Secure cookie. Without TRUST_PROXY every form was refused with a bare
 * 400: the server now says why, at start-up and at the first such request.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";

import { ADMIN, freePort, freshSite, startServer, stopAllServers, type Site } from "./harness";

const buildDir = inject("buildDir");
const seededDataDir = inject("seededDataDir") || undefined;

// A self-signed certificate for localhost, for tests only.
const TLS = {
  key: fs.readFileSync(path.resolve("tests/support/tls/localhost-key.pem")),
  cert: fs.readFileSync(path.resolve("tests/support/tls/localhost-cert.pem")),
};

const closers: (() => void)[] = [];
const sites: Site[] = [];
afterAll(async () => {
  for (const close of closers) close();
  await stopAllServers();
  for (const site of sites) await site.remove();
});

/** A proxy ending TLS on `port` and passing requests on to the app over http, as a load balancer does. */
async function tlsProxy(port: number, appPort: number) {
  const server = https.createServer(TLS, (req, res) => {
    const headers = { ...req.headers, "x-forwarded-proto": "https", "x-forwarded-for": req.socket.remoteAddress ?? "" };
    const upstream = http.request({ host: "127.0.0.1", port: appPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  closers.push(() => server.close());
  return `https://localhost:${(server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** A request over https to the proxy, trusting the test certificate. */
function viaProxy(origin: string, path: string, options: { form?: Record<string, string>; cookie?: string } = {}): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = { Origin: origin };
  if (body)
    Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) });
  if (options.cookie) headers.Cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const request = https.request(`${origin}${path}`, { method: body ? "POST" : "GET", headers, ca: TLS.cert }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const signInForm = { intent: "signin", email: ADMIN.email, password: ADMIN.password };

describe("behind a proxy that ends TLS", () => {
  it("with TRUST_PROXY set: the sign-in form works and the session cookie is Secure", async () => {
    const site = await freshSite(seededDataDir);
    sites.push(site);
    const proxyPort = await freePort();
    const publicOrigin = `https://localhost:${proxyPort}`;
    const server = await startServer(buildDir, site, {
      env: { BETTER_AUTH_URL: publicOrigin, TRUST_PROXY: "loopback" },
      readyTimeoutMs: 180_000,
    });
    await tlsProxy(proxyPort, server.port);

    const signIn = await viaProxy(publicOrigin, "/auth", { form: signInForm });
    expect([signIn.status, signIn.headers.location]).toEqual([302, "/admin"]);
    const cookies = signIn.headers["set-cookie"] ?? [];
    const session = cookies.find((cookie) => cookie.startsWith("__Secure-better-auth.session_token="));
    expect(session).toMatch(/; Secure/);
    // The session works on the next request.
    const admin = await viaProxy(publicOrigin, "/admin", { cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") });
    expect(admin.status).toBe(200);
    expect(server.output()).not.toContain('"level":"warn"');
  });

  it("without TRUST_PROXY: the server says at start-up and at the first request why forms are refused", async () => {
    const site = await freshSite(seededDataDir);
    sites.push(site);
    const proxyPort = await freePort();
    const publicOrigin = `https://localhost:${proxyPort}`;
    const server = await startServer(buildDir, site, {
      env: { BETTER_AUTH_URL: publicOrigin, TRUST_PROXY: "false" },
      readyTimeoutMs: 180_000,
    });
    await tlsProxy(proxyPort, server.port);
    expect(server.output()).toMatch(/"level":"warn".*"msg":"BETTER_AUTH_URL is https but TRUST_PROXY is not set/);

    const signIn = await viaProxy(publicOrigin, "/auth", { form: signInForm });
    expect(signIn.status).toBe(400);
    await server.printed('"msg":"BETTER_AUTH_URL is https but a request arrived over plain http');
  });
});
