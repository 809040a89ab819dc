import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";

import { pageCacheMiddleware } from "./page-cache-middleware.server";
import { PageCache, PUBLICATION_MARGIN_MS } from "./page-cache.server";

const FEED_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";

/** Pages as the app answers them: `/` a public HTML page the cache keeps, `/rss.xml` a feed it passes on. */
async function app(handle: (request: Request) => Response, compress?: Parameters<typeof pageCacheMiddleware>[2]) {
  const cache = new PageCache({
    maxEntries: 10,
    maxBytes: 1_000_000,
    freshMs: 30_000,
    staleMs: 300_000,
    // The next scheduled publication is 20 s away.
    nextPublication: async () => ({ at: new Date(Date.now() + 20_000 - PUBLICATION_MARGIN_MS) }),
  });
  await cache.settled();
  const server = express()
    .use(pageCacheMiddleware(cache, async (request) => handle(request), compress))
    .listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: ReturnType<ReturnType<typeof express>["listen"]>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function answer(request: Request) {
  if (new URL(request.url).pathname === "/rss.xml")
    return new Response("<rss/>", { headers: { "Content-Type": "application/rss+xml", "Cache-Control": FEED_CACHE_CONTROL } });
  return new Response("<p>page</p>", {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}

/** The s-maxage an answer allows, and whether it allows serving it stale. */
function sharedCaching(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return { sMaxAge: Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1]), stale: cacheControl.includes("stale-while-revalidate") };
}

describe("pageCacheMiddleware: shared caches never keep an answer past the next scheduled publication", () => {
  it("a page from the cache (MISS, then HIT) allows a CDN only the seconds left, and no stale copy", async () => {
    const origin = await app(answer);
    for (const expected of ["MISS", "HIT"]) {
      const response = await fetch(`${origin}/`);
      expect(response.headers.get("X-Cache")).toBe(expected);
      const { sMaxAge, stale } = sharedCaching(response);
      expect(sMaxAge).toBeGreaterThan(15);
      expect(sMaxAge).toBeLessThanOrEqual(20);
      expect(stale).toBe(false);
    }
  });

  it("an answer the cache passes on (a feed) is capped too", async () => {
    const origin = await app(answer);
    const response = await fetch(`${origin}/rss.xml`);
    expect(response.headers.get("X-Cache")).toBe("BYPASS");
    expect(sharedCaching(response).sMaxAge).toBeLessThanOrEqual(20);
    expect(sharedCaching(response).stale).toBe(false);
  });
});

describe("pageCacheMiddleware: compression", () => {
  // Above the compression middleware's 1 KB threshold.
  const feed = `<rss>${"<item>MarketWire</item>".repeat(100)}</rss>`;
  const page = `<p>${"page ".repeat(400)}</p>`;
  function largeAnswer(request: Request) {
    if (new URL(request.url).pathname === "/rss.xml")
      return new Response(feed, { headers: { "Content-Type": "application/rss+xml", "Cache-Control": FEED_CACHE_CONTROL } });
    return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
  }
  function countingCompression() {
    const compress = compression();
    const calls: string[] = [];
    const counted: Parameters<typeof pageCacheMiddleware>[2] = (req, res, next) => {
      calls.push(req.path);
      compress(req, res, next);
    };
    return { compress: counted, calls };
  }

  it("compresses what the cache passes on, as rendered", async () => {
    const { compress, calls } = countingCompression();
    const origin = await app(largeAnswer, compress);
    const response = await fetch(`${origin}/rss.xml`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("X-Cache")).toBe("BYPASS");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(await response.text()).toBe(feed);
    expect(calls).toEqual(["/rss.xml"]);
  });

  it("sends a stored page in the encoding made for it, without the compression middleware", async () => {
    const { compress, calls } = countingCompression();
    const origin = await app(largeAnswer, compress);
    for (const expected of ["MISS", "HIT"]) {
      const response = await fetch(`${origin}/`, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(response.headers.get("X-Cache")).toBe(expected);
      expect(response.headers.get("Content-Encoding")).toBe("br");
      expect(await response.text()).toBe(page);
    }
    expect(calls).toEqual([]);
  });
});
