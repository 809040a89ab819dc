/**
 * PRODUCT.md "Metrics", on the production server: /metrics with METRICS_TOKEN on the site's port, and
 * without a token on METRICS_PORT (127.0.0.1); requests counted by route pattern and status, page-cache
 * answers, the process's memory and event-loop lag.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import {
  freePort,
  freshSite,
  send,
  startServer,
  stopAllServers,
  METRICS_TOKEN as TOKEN,
  until,
  type RunningServer,
  type Site,
} from "./harness";

const buildDir = inject("buildDir");
const seededDataDir = inject("seededDataDir") || undefined;

const sites: Site[] = [];
let server: RunningServer;
let metricsPort: number;
beforeAll(async () => {
  const site = await freshSite(seededDataDir);
  sites.push(site);
  metricsPort = await freePort();
  server = await startServer(buildDir, site, { env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) } });
});
afterAll(async () => {
  await stopAllServers();
  for (const site of sites) await site.remove();
});

/** One sample's value in Prometheus's text format. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{`) && candidate.includes(labels));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe("/metrics", () => {
  it("counts pages by route pattern and status and the page cache's answers, on both ways in", async () => {
    const before = await send(server.origin, { path: "/metrics", headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(before.status).toBe(200);
    const videosBefore = sample(before.body, "marketwire_http_requests_total", 'route="/videos",status="200"') ?? 0;
    // A miss, then hits once the cache holds the page.
    let hits = 0;
    await until("two page-cache hits on /videos", async () => {
      if ((await send(server.origin, { path: "/videos" })).headers["x-cache"] === "HIT") hits++;
      return hits >= 2;
    });
    expect((await send(server.origin, { path: "/blog/no-such-article" })).status).toBe(404);

    const viaPort = await send(`http://127.0.0.1:${metricsPort}`, { path: "/metrics" });
    expect(viaPort.status).toBe(200);
    expect(viaPort.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = viaPort.body;
    expect(sample(text, "marketwire_http_requests_total", 'route="/videos",status="200"')).toBeGreaterThanOrEqual(videosBefore + 3);
    expect(sample(text, "marketwire_http_requests_total", 'route="/blog/:id",status="404"')).toBe(1);
    expect(sample(text, "marketwire_page_cache_requests_total", 'result="hit"')).toBeGreaterThanOrEqual(2);
    expect(sample(text, "marketwire_http_request_duration_seconds_count", 'route="/videos"')).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);
    // No URL beyond the route pattern: an article's slug never becomes a label.
    expect(text).not.toContain("no-such-article");
  });

  it("refuses the site's port without the token, and the metrics port answers on 127.0.0.1 only", async () => {
    const refused = await send(server.origin, { path: "/metrics" });
    expect(refused.status).toBe(401);
    expect(refused.body).toBe("Unauthorized\n");
    expect((await send(server.origin, { path: "/metrics", headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
    expect(server.output()).toMatch(/"route":"\/metrics","status":401/);
  });
});
