/**
 * PRODUCT.md "Metrics": Prometheus's text format on /metrics, per instance. Requests by route pattern and
 * status, their latency, the page cache's hits, misses and stale answers, PostgreSQL's pool, and the
 * process (event-loop lag, memory, CPU) from prom-client's default collectors.
 *
 * Served two ways, either or both: on the site's port to a request bearing METRICS_TOKEN (404 when it is
 * unset, so the endpoint does not exist for the public), or without a token on METRICS_PORT, bound to
 * 127.0.0.1 so only the machine itself (an agent or a sidecar) can read it.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import type { PoolStats } from "../db/db.server";

/** The methods named as themselves; anything else is counted as OTHER, so labels stay few. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Page-cache statuses (the X-Cache header), lower-cased as labels. */
const CACHE_RESULTS = new Set(["HIT", "STALE", "MISS", "BYPASS"]);

/** One answered request, as the access log sees it. */
export interface Answer {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  /** The X-Cache header, when the page cache answered or passed. */
  cache?: string;
}

export interface Metrics {
  registry: Registry;
  /** A request has arrived: it is in flight until its answer is recorded. */
  recordArrival: () => void;
  recordAnswer: (answer: Answer) => void;
}

export interface MetricsSources {
  /** PostgreSQL's pool now; undefined on the embedded database, which has none. */
  poolStats?: () => PoolStats | undefined;
  /**
   * The mail outbox by status (PRODUCT.md "Mail"); shared by every instance. Read behind each scrape, which
   * answers from memory with the previous reading, so a scrape never waits for the database.
   */
  mailCounts?: () => Promise<Record<string, number>>;
}

export function createMetrics({ poolStats, mailCounts }: MetricsSources = {}): Metrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), memory (process_resident_memory_bytes, nodejs_heap_*), CPU,
  // open handles and garbage collection.
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "marketwire_http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const duration = new Histogram({
    name: "marketwire_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by method and route pattern.",
    labelNames: ["method", "route"],
    // From a page-cache hit (~1 ms) to the statement timeout and beyond.
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Requests received and not yet answered: what a stop would wait for (PRODUCT.md "Operations").
  const inFlight = new Gauge({
    name: "marketwire_http_requests_in_flight",
    help: "Requests received and not yet answered (a scrape on the site's port counts itself).",
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "marketwire_page_cache_requests_total",
    help: "Anonymous page requests by what the page cache did: hit, stale (served, refreshed behind), miss, bypass.",
    labelNames: ["result"],
    registers: [registry],
  });
  for (const result of CACHE_RESULTS) pageCache.inc({ result: result.toLowerCase() }, 0);
  new Gauge({
    name: "marketwire_db_pool_connections",
    help: "PostgreSQL pool connections: in use, idle, and requests waiting for one.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  // The outbox's last reading, and whether a reading is under way (one at a time, whatever the scrapes do).
  let outbox: Record<string, number> | undefined;
  let readingOutbox = false;
  const readOutbox = () => {
    if (!mailCounts || readingOutbox) return;
    readingOutbox = true;
    mailCounts()
      .then((counts) => void (outbox = counts))
      // A database outage leaves the previous reading in place; the next scrape tries again.
      .catch(() => {})
      .finally(() => void (readingOutbox = false));
  };
  new Gauge({
    name: "marketwire_mail_outbox",
    help: "Mails in the outbox (all instances share it), by status: queued, sending, sent, failed. As of the previous scrape.",
    labelNames: ["status"],
    registers: [registry],
    collect() {
      readOutbox();
      for (const [status, n] of Object.entries(outbox ?? {})) this.set({ status }, n);
    },
  });
  return {
    registry,
    recordArrival() {
      inFlight.inc();
    },
    recordAnswer({ method, route, status, durationMs, cache }) {
      inFlight.dec();
      const methodLabel = KNOWN_METHODS.has(method) ? method : "OTHER";
      requests.inc({ method: methodLabel, route, status: String(status) });
      duration.observe({ method: methodLabel, route }, durationMs / 1000);
      if (cache && CACHE_RESULTS.has(cache)) pageCache.inc({ result: cache.toLowerCase() });
    },
  };
}

async function sendMetrics(registry: Registry, res: http.ServerResponse) {
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(body);
}

function sameToken(given: string, expected: string) {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /metrics on the site's port: passed on (to the 404 page) without METRICS_TOKEN; 401 unless the
 * request says `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!token) return next();
    const given = /^Bearer (\S+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !sameToken(given, token)) {
      res
        .status(401)
        .set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" })
        .type("text/plain")
        .send("Unauthorized\n");
      return;
    }
    sendMetrics(metrics.registry, res).catch(next);
  };
}

/** The METRICS_PORT listener on 127.0.0.1: GET /metrics, 404 for anything else. */
export function startMetricsServer(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    sendMetrics(metrics.registry, res).catch(() => {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics failed\n");
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      // Never the reason a stopping process stays alive.
      server.unref();
      resolve(server);
    });
  });
}
