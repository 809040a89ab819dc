import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createLogger, replaceLogger } from "../log.server";
import { accessLog, labelRoute } from "./access-log.server";
import { createMetrics, metricsRoute, startMetricsServer, type Metrics } from "./metrics.server";

const TOKEN = "a-metrics-token-of-at-least-32-characters";

beforeEach(() => replaceLogger(createLogger({ level: "silent", format: "json" })));
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  replaceLogger(undefined);
  for (const close of closers.splice(0)) await close();
});

let release!: () => void;
let heldUntil = new Promise<void>((resolve) => (release = resolve));

/** The access log counting into `metrics`, /metrics as server.ts mounts it, and a few routes, on a free port. */
async function startApp(metrics: Metrics, token: string | undefined) {
  const app = express();
  app.use(
    accessLog((pathname) => (pathname.startsWith("/items/") ? "/items/:id" : "(no route)"), metrics.recordAnswer, metrics.recordArrival),
  );
  app.get("/metrics", labelRoute("/metrics", metricsRoute(metrics, token)));
  // Answered when the test lets it go.
  app.get("/held", (_req, res) => void heldUntil.then(() => res.send("released")));
  app.get("/items/:id", (req, res) => {
    if (req.params.id === "missing") return void res.status(404).send("Not found");
    res.setHeader("X-Cache", req.params.id === "cached" ? "HIT" : "MISS");
    res.send("an item");
  });
  app.use((_req, res) => void res.status(404).send("Not found"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The value of one sample in Prometheus's text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (wanted.every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("the metrics", () => {
  it("count requests by method, route pattern and status, time them, and count the page cache's answers", async () => {
    const metrics = createMetrics();
    const origin = await startApp(metrics, TOKEN);
    for (const id of ["1", "2", "cached", "missing"]) await fetch(`${origin}/items/${id}`);
    await fetch(`${origin}/nowhere`, { method: "DELETE" });
    const text = await metrics.registry.metrics();
    expect(sample(text, "marketwire_http_requests_total", { method: "GET", route: "/items/:id", status: "200" })).toBe(3);
    expect(sample(text, "marketwire_http_requests_total", { method: "GET", route: "/items/:id", status: "404" })).toBe(1);
    expect(sample(text, "marketwire_http_requests_total", { method: "DELETE", route: "(no route)", status: "404" })).toBe(1);
    expect(sample(text, "marketwire_http_request_duration_seconds_count", { method: "GET", route: "/items/:id" })).toBe(4);
    expect(sample(text, "marketwire_http_request_duration_seconds_bucket", { route: "/items/:id", le: "+Inf" })).toBe(4);
    expect(sample(text, "marketwire_page_cache_requests_total", { result: "hit" })).toBe(1);
    expect(sample(text, "marketwire_page_cache_requests_total", { result: "miss" })).toBe(2);
    expect(sample(text, "marketwire_page_cache_requests_total", { result: "stale" })).toBe(0);
    // The process, from prom-client's default collectors.
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("count the requests in flight, until each is answered or its client goes away", async () => {
    heldUntil = new Promise<void>((resolve) => (release = resolve));
    const metrics = createMetrics();
    const origin = await startApp(metrics, TOKEN);
    const inFlight = async () => sample(await metrics.registry.metrics(), "marketwire_http_requests_in_flight");
    expect(await inFlight()).toBe(0);
    const held = [fetch(`${origin}/held`), fetch(`${origin}/held`)];
    const abandoned = new AbortController();
    const gone = fetch(`${origin}/held`, { signal: abandoned.signal }).catch(() => "aborted");
    await expect.poll(inFlight).toBe(3);
    abandoned.abort();
    expect(await gone).toBe("aborted");
    await expect.poll(inFlight).toBe(2);
    release();
    for (const answer of await Promise.all(held)) expect(await answer.text()).toBe("released");
    await expect.poll(inFlight).toBe(0);
  });

  it("name an unknown method OTHER, so a client cannot make up labels", () => {
    const metrics = createMetrics();
    metrics.recordAnswer({ method: "MADEUP", route: "(no route)", status: 405, durationMs: 1 });
    return expect(metrics.registry.metrics()).resolves.toContain('method="OTHER"');
  });

  it("read PostgreSQL's pool when scraped; the embedded database has no pool and no such samples", async () => {
    const stats = { total: 7, idle: 2, waiting: 3 };
    const text = await createMetrics({ poolStats: () => stats }).registry.metrics();
    expect(sample(text, "marketwire_db_pool_connections", { state: "in_use" })).toBe(5);
    expect(sample(text, "marketwire_db_pool_connections", { state: "idle" })).toBe(2);
    expect(sample(text, "marketwire_db_pool_connections", { state: "waiting" })).toBe(3);
    const embedded = await createMetrics({ poolStats: () => undefined }).registry.metrics();
    expect(sample(embedded, "marketwire_db_pool_connections", { state: "in_use" })).toBeUndefined();
  });

  it("answer the mail outbox's counts from memory: read behind a scrape, shown by the next, never waited for", async () => {
    const counts = { queued: 4, sending: 1, sent: 20, failed: 2 };
    const metrics = createMetrics({ mailCounts: async () => counts });
    expect(sample(await metrics.registry.metrics(), "marketwire_mail_outbox", { status: "queued" })).toBeUndefined();
    await expect.poll(async () => sample(await metrics.registry.metrics(), "marketwire_mail_outbox", { status: "queued" })).toBe(4);
    expect(sample(await metrics.registry.metrics(), "marketwire_mail_outbox", { status: "failed" })).toBe(2);

    // A database that hangs: the scrape answers at once, with the last reading, and asks only once meanwhile.
    let asked = 0;
    let answer: (value: typeof counts) => void = () => {};
    const hanging = createMetrics({
      mailCounts: () => {
        asked += 1;
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect(await hanging.registry.metrics()).toContain("marketwire_http_requests_total");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(asked).toBe(1);
    answer(counts);
    await expect.poll(async () => sample(await hanging.registry.metrics(), "marketwire_mail_outbox", { status: "sent" })).toBe(20);

    const outage = createMetrics({ mailCounts: () => Promise.reject(new Error("connection refused")) });
    await outage.registry.metrics();
    const text = await outage.registry.metrics();
    expect(sample(text, "marketwire_mail_outbox", { status: "queued" })).toBeUndefined();
    expect(text).toContain("marketwire_http_requests_total");
  });
});

describe("/metrics on the site's port", () => {
  it("answers the metrics, never cached, to a request bearing METRICS_TOKEN", async () => {
    const origin = await startApp(createMetrics(), TOKEN);
    const answer = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.text()).toContain("# TYPE marketwire_http_requests_total counter");
  });

  it.each([
    ["no Authorization header", undefined],
    ["another token", `Bearer ${TOKEN.slice(1)}x`],
    ["the token without the scheme", TOKEN],
    ["a Basic scheme", `Basic ${TOKEN}`],
  ])("refuses %s with 401 and says nothing of the metrics", async (_, authorization) => {
    const origin = await startApp(createMetrics(), TOKEN);
    const answer = await fetch(`${origin}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await answer.text()).toBe("Unauthorized\n");
  });

  it("does not exist without METRICS_TOKEN: the site's 404, whatever the request bears", async () => {
    const metrics = createMetrics();
    const origin = await startApp(metrics, undefined);
    const answer = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect([answer.status, await answer.text()]).toEqual([404, "Not found"]);
    expect(await metrics.registry.metrics()).toContain('route="(no route)",status="404"');
  });
});

describe("METRICS_PORT", () => {
  it("serves /metrics without a token on 127.0.0.1 only, and nothing else", async () => {
    const metrics = createMetrics();
    metrics.recordAnswer({ method: "GET", route: "/", status: 200, durationMs: 3, cache: "HIT" });
    const server = await startMetricsServer(metrics, 0);
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const { address, port } = server.address() as AddressInfo;
    expect(address).toBe("127.0.0.1");
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(sample(await answer.text(), "marketwire_page_cache_requests_total", { result: "hit" })).toBe(1);
    for (const path of ["/", "/metrics/x", "/healthz"]) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: "POST" })).status).toBe(404);
  });

  it("fails to start on a port in use, so the server can say so", async () => {
    const first = await startMetricsServer(createMetrics(), 0);
    closers.push(() => new Promise((resolve) => first.close(resolve)));
    await expect(startMetricsServer(createMetrics(), (first.address() as AddressInfo).port)).rejects.toMatchObject({ code: "EADDRINUSE" });
  });
});
