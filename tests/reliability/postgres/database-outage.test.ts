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

/** A relay from `port` to PostgreSQL that can be cut (all connections dropped, new ones refused) and restored. */
function databaseRelay(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let listener: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      listener = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
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
  return { open, cut };
}

const sites: Site[] = [];
const relays: { cut: () => Promise<void> }[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const relay of relays) await relay.cut();
  for (const site of sites) await site.remove();
});

describe("PostgreSQL outage", () => {
  it("pages answer 5xx within seconds while the database is away, and the same process serves again once it is back", async () => {
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

    // The page cache would answer from memory: every request here must reach the database.
    const server = await startServer(buildDir, site, {
      env: { DATABASE_URL: throughRelay.toString(), PAGE_CACHE: "off" },
      readyTimeoutMs: 180_000,
    });
    expect((await send(server.origin, { path: "/videos" })).status).toBe(200);

    await relay.cut();
    const outage: { status: number; ms: number }[] = [];
    for (const path of ["/videos", "/", "/blog", "/search?q=market"]) {
      const started = Date.now();
      const answer = await send(server.origin, { path, timeoutMs: 15_000 });
      outage.push({ status: answer.status, ms: Date.now() - started });
    }
    console.info(`During the outage: ${outage.map((a) => `${a.status} in ${a.ms} ms`).join(", ")}`);
    for (const answer of outage) {
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.ms).toBeLessThan(10_000);
    }

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
