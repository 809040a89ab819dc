/**
 * PRODUCT.md "Content API" and "Page cache": /api/v1 served as production serves it, through the in-memory
 * rate limit and the page cache in front of the route modules. A second identical GET is a cache hit, a
 * content change or a scheduled publication drops the cached answers, and the rate limit's headers are
 * each request's own.
 */
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import type { ContentInput } from "~/lib/editor-values";
import { loader as unknownLoader } from "~/routes/api.v1.$";
import { loader as itemsLoader } from "~/routes/api.v1.items";
import { loader as itemLoader } from "~/routes/api.v1.items.$id";
import { limitApiRequests } from "~/server/content-api/api-http.server";
import { nextPageExpiry } from "~/server/content/scheduled-publication.server";
import { getDb } from "~/server/db/db.server";
import { pageCacheMiddleware } from "~/server/http/page-cache-middleware.server";
import { installPageCache, PageCache, PUBLICATION_MARGIN_MS } from "~/server/http/page-cache.server";

import { createItem, insertVideos } from "../../tests/support/content";
import { restoreEnvAfterEach, setEnv, turnOnRateLimits } from "../../tests/support/env";

/** The route modules, as React Router would call them for these paths. */
function routes(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const id = /^\/api\/v1\/items\/([^/]+)$/.exec(pathname)?.[1];
  if (pathname === "/api/v1/items") return itemsLoader({ request, params: {}, context: {} } as never);
  if (id) return itemLoader({ request, params: { id }, context: {} } as never);
  return unknownLoader({ request, params: { "*": pathname }, context: {} } as never);
}

/** The cache's clock: real time, moved on by a test that needs a scheduled item's time to have come. */
let clockOffsetMs = 0;
let cache: PageCache;
let origin: string;
const servers: ReturnType<ReturnType<typeof express>["listen"]>[] = [];

/** The app's order (create-app.ts): the rate limit, then the page cache, then the routes. */
async function startServer() {
  cache = new PageCache({
    maxEntries: 100,
    maxBytes: 10_000_000,
    freshMs: 30_000,
    staleMs: 300_000,
    nextPublication: nextPageExpiry,
    now: () => Date.now() + clockOffsetMs,
  });
  // announceContentChange drops entries from the installed cache, as in production.
  installPageCache(cache);
  await cache.settled();
  const server = express().use("/api/v1", limitApiRequests).use(pageCacheMiddleware(cache, routes)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function wipe() {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, content_events, webhook_deliveries, content_publications`,
  );
}

beforeEach(async () => {
  clockOffsetMs = 0;
  await wipe();
  await startServer();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(async () => {
  installPageCache(null);
  await wipe();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, xCache: response.headers.get("X-Cache"), text };
}

const ids = (text: string) => (JSON.parse(text) as { items: { id: string }[] }).items.map((item) => item.id);

describe("the content API from the page cache", () => {
  it("answers a second identical GET from the cache, with the same body and ETag, and a 304 to If-None-Match", async () => {
    await insertVideos([{}]);
    const first = await get("/api/v1/items?limit=5");
    expect([first.status, first.xCache]).toEqual([200, "MISS"]);
    const second = await get("/api/v1/items?limit=5", { "Accept-Encoding": "br" });
    expect([second.status, second.xCache]).toEqual([200, "HIT"]);
    expect(second.headers.get("Content-Encoding")).toBe("br");
    expect(second.text).toBe(first.text);
    const etag = first.headers.get("ETag")!;
    expect(second.headers.get("ETag")).toBe(etag);
    expect(second.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(second.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(second.headers.get("Vary")).toBe("Accept-Encoding");

    const notModified = await get("/api/v1/items?limit=5", { "If-None-Match": etag });
    expect([notModified.status, notModified.xCache, notModified.text]).toEqual([304, "HIT", ""]);
    expect(notModified.headers.get("ETag")).toBe(etag);
    // The first request of another address is a hit too: the key is the URL, path and query.
    expect((await get("/api/v1/items?limit=5", { Cookie: "theme=dark" })).xCache).toBe("HIT");
    expect((await get("/api/v1/items?limit=6")).xCache).toBe("MISS");
  });

  it("keeps no error: a 400 or 404 is rendered each time", async () => {
    for (const path of ["/api/v1/items?limit=0", "/api/v1/nothing"]) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(path);
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
        expect(answer.xCache, path).toBe("BYPASS");
      }
    }
  });

  it("shows a published item at once: saving it drops the cached answers", async () => {
    expect(ids((await get("/api/v1/items")).text)).toEqual([]);
    expect((await get("/api/v1/items")).xCache).toBe("HIT");
    const fresh: ContentInput = { title: "Fresh", description: null, content: null, status: "published", tags: [], featured: false };
    const item = await createItem("blog", fresh);
    const after = await get("/api/v1/items");
    expect(after.xCache).toBe("MISS");
    expect(ids(after.text)).toEqual([item.id]);
    expect((await get(`/api/v1/items/${item.id}`)).status).toBe(200);
  });

  it("drops the cached answers when a scheduled item's time comes, as it does pages", async () => {
    // Within the cache's 30 s of freshness, so only the publication can drop the answer.
    const at = new Date(Date.now() + 10_000);
    await insertVideos([{ publishedAt: at }]);
    // The cache looks up the next publication when it starts.
    await startServer();
    expect((await get("/api/v1/items?type=blog")).xCache).toBe("MISS");
    expect((await get("/api/v1/items?type=blog")).xCache).toBe("HIT");
    clockOffsetMs = at.getTime() - Date.now() + PUBLICATION_MARGIN_MS + 1;
    expect((await get("/api/v1/items?type=blog")).xCache).toBe("MISS");
  });
});

describe("the content API's rate limit, per address in this instance's memory", () => {
  turnOnRateLimits();
  restoreEnvAfterEach(["API_RATE_LIMIT_PER_MINUTE"]);
  const from = (address: string) => ({ "X-Forwarded-For": address });

  it("tells each request its own RateLimit-* headers, cache hits too, and answers 429 with Retry-After past it", async () => {
    setEnv({ API_RATE_LIMIT_PER_MINUTE: "2" });
    const first = await get("/api/v1/items", from("203.0.113.7"));
    expect([first.status, first.xCache]).toEqual([200, "MISS"]);
    expect(first.headers.get("RateLimit-Limit")).toBe("2");
    expect(first.headers.get("RateLimit-Remaining")).toBe("1");
    expect(Number(first.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
    const second = await get("/api/v1/items", from("203.0.113.7"));
    expect([second.xCache, second.headers.get("RateLimit-Remaining")]).toEqual(["HIT", "0"]);

    const refused = await get("/api/v1/items", from("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.xCache).toBeNull();
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(JSON.parse(refused.text)).toEqual({ error: expect.stringContaining("Too many requests") });

    // Another address has its own count, and the cached answer carries none of the first one's headers.
    const other = await get("/api/v1/items", from("198.51.100.1"));
    expect([other.status, other.xCache, other.headers.get("RateLimit-Remaining")]).toEqual([200, "HIT", "1"]);
    // A request that did not come through server.ts has no address, and no shared bucket.
    expect((await get("/api/v1/items")).status).toBe(429);
  });
});
