/**
 * PostgreSQL goes away under a running server (restart, failover, network cut): pages answer 5xx fast
 * instead of hanging, and once the database is back the same process serves again, without a restart.
 * Runs only in the PostgreSQL pass of the suite (vitest.reliability.config.ts), where a server exists.
 *
 * The outage is a TCP relay between the app and PostgreSQL that the test closes and opens again: the
 * effect on the app is what a stopped server has (connections cut, new ones refused), without stopping
 * the PostgreSQL that other test runs share.
 */
import net from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";

import { freePort, freshSite, send, sleep, startServer, stopAllServers, type Site } from "../harness";

const buildDir = inject("buildDir");

/**
 * A relay from `port` to PostgreSQL that can be cut (all connections dropped, new ones refused) and
 * restored, or paused (connections stay open and new ones are accepted, but nothing passes: a database
 * server that hangs, as one stopped with SIGSTOP or on a stuck disk does) and resumed.
 */
function databaseRelay(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let listener: net.Server | undefined;
  let paused = false;
  const held: (() => void)[] = [];
  /** Forwards `from`'s bytes to `to`, holding them while the relay is paused. */
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk: Buffer) => {
      if (paused) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const open = () =>
    new Promise<void>((resolve, reject) => {
      listener = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
          socket.on("error", () => socket.destroy());
        }
        forward(client, upstream);
        forward(upstream, client);
      });
      listener.once("error", reject);
      listener.listen(port, "127.0.0.1", () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!listener) return resolve();
      listener.close(() => resolve());
      listener = undefined;
    });
  const pause = () => void (paused = true);
  const resume = () => {
    paused = false;
    for (const write of held.splice(0)) write();
  };
  return { open, cut, pause, resume };
}

const sites: Site[] = [];
const relays: { cut: () => Promise<void>; resume: () => void }[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const relay of relays) {
    relay.resume();
    await relay.cut();
  }
  for (const site of sites) await site.remove();
});

/**
 * A fresh database and a server reaching it through a relay, with the page cache off (it would answer from
 * memory: every request here must reach the database) and `env` on top.
 */
async function serverBehindRelay(env: Record<string, string> = {}) {
  const site = await freshSite();
  sites.push(site);
  const databaseUrl = new URL(site.env.DATABASE_URL!);
  const relayPort = await freePort();
  const relay = databaseRelay(databaseUrl, relayPort);
  relays.push(relay);
  await relay.open();
  const throughRelay = new URL(databaseUrl);
  throughRelay.hostname = "127.0.0.1";
  throughRelay.port = String(relayPort);
  const server = await startServer(buildDir, site, {
    env: { DATABASE_URL: throughRelay.toString(), PAGE_CACHE: "off", ...env },
    readyTimeoutMs: 180_000,
  });
  return { server, relay };
}

describe("PostgreSQL outage", () => {
  it("a database that hangs: /healthz stays up, /readyz says so within its timeout, pages answer 503 within seconds, and all serve again after", async () => {
    const metricsToken = "m".repeat(32);
    const { server, relay } = await serverBehindRelay({
      DATABASE_STATEMENT_TIMEOUT_MS: "2000",
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      READINESS_TIMEOUT_MS: "1000",
      METRICS_TOKEN: metricsToken,
    });
    expect((await send(server.origin, { path: "/videos" })).status).toBe(200);
    expect((await send(server.origin, { path: "/readyz" })).status).toBe(200);

    relay.pause();
    const timed = async (path: string) => {
      const started = Date.now();
      const headers: Record<string, string> = path === "/metrics" ? { Authorization: `Bearer ${metricsToken}` } : {};
      const answer = await send(server.origin, { path, headers, timeoutMs: 20_000 });
      return { path, status: answer.status, retryAfter: answer.headers["retry-after"], ms: Date.now() - started };
    };
    // At once, as a load balancer's checks and visitors arrive together.
    const [live, ready, metrics, ...pages] = await Promise.all(
      ["/healthz", "/readyz", "/metrics", "/videos", "/", "/blog", "/search?q=market"].map(timed),
    );
    console.info(
      `[reliability] While PostgreSQL hangs: ${[live, ready, metrics, ...pages].map((a) => `${a!.path} ${a!.status} in ${a!.ms} ms`).join(", ")}`,
    );
    expect([live!.status, live!.ms]).toEqual([200, expect.any(Number)]);
    expect(live!.ms).toBeLessThan(500);
    expect(ready!.status).toBe(503);
    expect(ready!.ms).toBeLessThan(2_500);
    // PRODUCT.md "Metrics": answered from memory, never waiting for the database.
    expect(metrics!.status).toBe(200);
    expect(metrics!.ms).toBeLessThan(1_000);
    for (const page of pages) {
      expect([page.path, page.status, page.retryAfter]).toEqual([page.path, 503, "5"]);
      // PRODUCT.md "Operations": the whole request within DATABASE_STATEMENT_TIMEOUT_MS, however many statements.
      expect(page.ms).toBeLessThan(2_000);
    }

    relay.resume();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 20_000) {
      status = (await send(server.origin, { path: "/videos", timeoutMs: 10_000 })).status;
      if (status === 200) break;
      await sleep(200);
    }
    expect(status).toBe(200);
    expect((await send(server.origin, { path: "/readyz" })).status).toBe(200);
    await server.stop();
  });

  it("a 10-second outage under light load: pages answer 5xx within seconds, a few error lines each with a request id, and the same process serves again once it is back", async () => {
    const { server, relay } = await serverBehindRelay();
    expect((await send(server.origin, { path: "/videos" })).status).toBe(200);
    const linesBefore = server.output().split("\n").length;

    await relay.cut();
    const outage: { status: number; ms: number }[] = [];
    const paths = ["/videos", "/", "/blog", "/search?q=market", "/podcasts"];
    const cutAt = Date.now();
    // Light load: a request every 250 ms or so for ten seconds, one at a time.
    for (let n = 0; Date.now() - cutAt < 10_000; n++) {
      const started = Date.now();
      const answer = await send(server.origin, { path: paths[n % paths.length]!, timeoutMs: 15_000 });
      outage.push({ status: answer.status, ms: Date.now() - started });
      await sleep(250);
    }
    console.info(`[reliability] During the outage: ${outage.length} requests, slowest ${Math.max(...outage.map((a) => a.ms))} ms`);
    for (const answer of outage) {
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.ms).toBeLessThan(10_000);
    }
    // PRODUCT.md "Logs": the same error again within a minute is counted, not logged with its stack.
    const errorLines = server
      .output()
      .split("\n")
      .slice(linesBefore - 1)
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; requestId?: string; msg: string })
      .filter((line) => line.level === "error" || line.level === "fatal");
    console.info(`[reliability] Error lines during the outage: ${errorLines.length} for ${outage.length} failed requests`);
    expect(outage.length).toBeGreaterThanOrEqual(20);
    expect(errorLines.length).toBeGreaterThan(0);
    expect(errorLines.length).toBeLessThanOrEqual(8);
    for (const line of errorLines) expect([line.msg, line.requestId]).toEqual([line.msg, expect.stringMatching(/\S/)]);

    await relay.open();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 15_000) {
      status = (await send(server.origin, { path: "/videos", timeoutMs: 10_000 })).status;
      if (status === 200) break;
      await sleep(200);
    }
    console.info(`Serving again ${Date.now() - back} ms after the database came back`);
    expect(status).toBe(200);
    expect((await send(server.origin, { path: "/" })).status).toBe(200);
    expect(server.output()).not.toMatch(/Start-up failed/);
  });
});
