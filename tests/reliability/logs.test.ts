/**
 * PRODUCT.md "Logs", on the production server: every answer carries an X-Request-Id (refusals and
 * page-cache hits included), every request writes one JSON access line with that id, an id from a
 * trusted proxy is kept and anyone else's replaced, and no line holds the admin's password or a session
 * cookie.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import {
  ADMIN,
  freshSite,
  logLines,
  logsSettled,
  send,
  signInAsAdmin,
  startServer,
  stopAllServers,
  until,
  type Answer,
  type LogLine,
  type RunningServer,
  type Site,
} from "./harness";

const buildDir = inject("buildDir");
const seededDataDir = inject("seededDataDir") || undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sites: Site[] = [];
let server: RunningServer;
beforeAll(async () => {
  const site = await freshSite(seededDataDir);
  sites.push(site);
  server = await startServer(buildDir, site);
});
afterAll(async () => {
  await stopAllServers();
  for (const site of sites) await site.remove();
});

/** The access lines (those with a route and a status) of the request `requestId`, once they are written. */
async function accessLinesOf(requestId: string): Promise<LogLine[]> {
  const linesOf = () => logLines(server.output()).filter((line) => line.requestId === requestId && line.status !== undefined);
  await until(`the access line of ${requestId}`, () => linesOf().length > 0);
  // A second line, if there were one, is written before a later request's.
  await logsSettled(server);
  return linesOf();
}

function requestIdOf(answer: Answer): string {
  const id = answer.headers["x-request-id"];
  expect(typeof id).toBe("string");
  return id as string;
}

describe("request ids and access lines", () => {
  it("a page answers with a request id and writes one access line naming its route pattern", async () => {
    const answer = await send(server.origin, { path: "/blog/no-such-article" });
    expect(answer.status).toBe(404);
    const id = requestIdOf(answer);
    expect(id).toMatch(UUID);
    const lines = await accessLinesOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", method: "GET", route: "/blog/:id", status: 404 });
    expect(lines[0]!.durationMs).toEqual(expect.any(Number));
    expect(lines[0]!.bytes).toBe(Buffer.byteLength(answer.body));
    expect(JSON.stringify(lines[0])).not.toContain("no-such-article");
  });

  it("a page-cache hit carries its own request id and the cache status", async () => {
    const answer = await until("a page-cache hit on /videos", async () => {
      const candidate = await send(server.origin, { path: "/videos" });
      return candidate.headers["x-cache"] === "HIT" && candidate;
    });
    const lines = await accessLinesOf(requestIdOf(answer));
    expect(lines).toMatchObject([{ method: "GET", route: "/videos", status: 200, cache: "HIT" }]);
  });

  it("a refusal by an early guard carries a request id and has its access line too", async () => {
    const answer = await send(server.origin, { method: "PUT", path: "/videos" });
    expect(answer.status).toBe(405);
    const lines = await accessLinesOf(requestIdOf(answer));
    expect(lines).toMatchObject([{ method: "PUT", route: "/videos", status: 405 }]);
  });

  it("two requests never share an id; a client's own X-Request-Id is replaced when no proxy is trusted", async () => {
    const first = await send(server.origin, { path: "/healthz", headers: { "X-Request-Id": "client-chosen-id" } });
    const second = await send(server.origin, { path: "/healthz", headers: { "X-Request-Id": "client-chosen-id" } });
    expect(requestIdOf(first)).toMatch(UUID);
    expect(requestIdOf(second)).toMatch(UUID);
    expect(requestIdOf(first)).not.toBe(requestIdOf(second));
    expect(server.output()).not.toContain("client-chosen-id");
  });

  it("no line holds the admin's password or session cookie", async () => {
    const cookie = await signInAsAdmin(server);
    expect((await send(server.origin, { path: "/admin", headers: { Cookie: cookie } })).status).toBe(200);
    await send(server.origin, {
      path: "/api/auth/sign-in/email",
      headers: { Origin: server.origin },
      json: { email: ADMIN.email, password: "wrong-password-1" },
    });
    await logsSettled(server);
    const sessionToken = cookie.split(";")[0]!.split("=")[1]!;
    expect(sessionToken.length).toBeGreaterThan(10);
    const output = server.output();
    expect(output).not.toContain(ADMIN.password);
    expect(output).not.toContain("wrong-password-1");
    expect(output).not.toContain(sessionToken);
    expect(output).not.toContain(decodeURIComponent(sessionToken));
  });
});

describe("behind a trusted proxy", () => {
  it("its X-Request-Id is kept when sane, replaced when not", async () => {
    const site = await freshSite(seededDataDir);
    sites.push(site);
    const proxied = await startServer(buildDir, site, { env: { TRUST_PROXY: "loopback" } });
    const kept = await send(proxied.origin, { path: "/healthz", headers: { "X-Request-Id": "lb-4f1c9a" } });
    expect(kept.headers["x-request-id"]).toBe("lb-4f1c9a");
    for (const insane of ["has space", "x".repeat(201), "caf\u00e9"]) {
      const replaced = await send(proxied.origin, { path: "/healthz", headers: { "X-Request-Id": insane } });
      expect(replaced.headers["x-request-id"]).toMatch(UUID);
    }
    await until("the kept id's access line", () =>
      logLines(proxied.output()).some((line) => line.requestId === "lb-4f1c9a" && line.route === "/healthz"),
    );
  });
});
