import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { getEnv } from "../env.server";
import { UPLOAD_BODY_TIMEOUT_MS } from "./body-timeout.server";
import { trackRequests } from "./http-drain.server";
import { applyTimeouts } from "./server-timeouts.server";

restoreEnvAfterEach(["KEEP_ALIVE_TIMEOUT_SECONDS"]);

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * A listener set up as server.ts sets up its own: the timeouts from the environment, the drain tracker.
 * `baseKeepAliveMs` stands in for Node's 5 s default, which applyTimeouts must override.
 */
async function listen(
  keepAliveSeconds: string | undefined,
  { applied = true, baseKeepAliveMs }: { applied?: boolean; baseKeepAliveMs?: number } = {},
) {
  setEnv({ KEEP_ALIVE_TIMEOUT_SECONDS: keepAliveSeconds });
  const server = http.createServer((req, res) => res.end(`answer to ${req.url}`));
  servers.push(server);
  if (baseKeepAliveMs !== undefined) server.keepAliveTimeout = baseKeepAliveMs;
  if (applied) applyTimeouts(server, getEnv());
  const tracker = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, tracker, port: (server.address() as AddressInfo).port };
}

/** One connection, as a load balancer's pooled one: sends a GET, resolves with the answer's head. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let waiting: (() => void) | undefined;
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString();
    waiting?.();
  });
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
  socket.on("error", () => {});
  return {
    closed,
    get: (path: string) =>
      new Promise<string>((resolve, reject) => {
        received = "";
        waiting = () => {
          if (received.includes(`answer to ${path}`)) resolve(received);
        };
        socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`, (error) => error && reject(error));
      }),
    isOpen: () => !socket.destroyed && socket.readyState === "open",
    destroy: () => socket.destroy(),
  };
}

describe("applyTimeouts: keep-alive longer than a load balancer's idle timeout", () => {
  it("sets keepAliveTimeout from KEEP_ALIVE_TIMEOUT_SECONDS (65 s by default), headersTimeout 5 s above it", async () => {
    const byDefault = (await listen(undefined)).server;
    expect([byDefault.keepAliveTimeout, byDefault.headersTimeout, byDefault.requestTimeout]).toEqual([
      65_000,
      70_000,
      UPLOAD_BODY_TIMEOUT_MS,
    ]);
    const longer = (await listen("620")).server;
    expect([longer.keepAliveTimeout, longer.headersTimeout]).toEqual([620_000, 625_000]);
  });

  it("tells clients the keep-alive timeout and keeps an idle connection open past Node's default", async () => {
    // Node's default made 200 ms (Node adds a second to it), so that outliving it is an event to wait for, not 6 s.
    const { port } = await listen(undefined, { baseKeepAliveMs: 200 });
    const connection = connect(port);
    expect(await connection.get("/first")).toMatch(/^Keep-Alive: timeout=65\r$/im);
    // The same default without applyTimeouts: its connection, answered after ours, is closed once idle that long.
    const bare = connect((await listen(undefined, { applied: false, baseKeepAliveMs: 200 })).port);
    await bare.get("/first");
    await bare.closed;
    expect(connection.isOpen()).toBe(true);
    // Reused as a load balancer reuses it: answered, not reset.
    expect(await connection.get("/second")).toMatch(/^HTTP\/1\.1 200 OK/);
    connection.destroy();
  });

  it("closes an idle connection once KEEP_ALIVE_TIMEOUT_SECONDS has passed", { timeout: 10_000 }, async () => {
    const { port } = await listen("1");
    const connection = connect(port);
    await connection.get("/only");
    const answeredAt = Date.now();
    const idle = (await connection.closed) - answeredAt;
    expect(idle).toBeGreaterThanOrEqual(900);
    expect(idle).toBeLessThan(3_000);
  });

  it("does not delay a stop: the drain closes an idle 65 s keep-alive connection within a second", async () => {
    const { tracker, port } = await listen(undefined);
    const connection = connect(port);
    await connection.get("/before-the-stop");
    const started = Date.now();
    await tracker.drain();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await connection.closed) - started).toBeLessThan(1_000);
  });
});
