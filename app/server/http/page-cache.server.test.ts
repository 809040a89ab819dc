import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";

import {
  CONTENT_API_CONTENT_TYPES,
  isCacheableRequest,
  isCacheableResponse,
  PageCache,
  PARTIAL_INVALIDATIONS_KEPT,
  pickEncoding,
  PUBLICATION_MARGIN_MS,
  PUBLICATION_RETRY_MS,
} from "./page-cache.server";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

function html(body: string, headers: Record<string, string> = {}, status = 200) {
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC, ...headers } });
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A cache on a test clock, and a render that counts its calls and answers "<p>page</p> #{call}". */
function cacheWith(overrides: Partial<ConstructorParameters<typeof PageCache>[0]> = {}) {
  const time = clock();
  const cache = new PageCache({ maxEntries: 100, maxBytes: 10_000_000, freshMs: 1_000, staleMs: 5_000, now: time.now, ...overrides });
  const calls = { n: 0 };
  const render = async () => (calls.n++, html(`<p>page</p> #${calls.n}`));
  return { cache, time, calls, render };
}

/** A page rendered once, then asked for again `ms` later on the test clock: that second answer, and the render count. */
async function servedAgainAfter(ms: number) {
  const { cache, time, calls, render } = cacheWith();
  await cache.serve("k", render);
  time.advance(ms);
  return { outcome: await cache.serve("k", render), cache, calls, render };
}

/** The served page's text; fails the test when there is no page. */
function pageText(outcome: Awaited<ReturnType<PageCache["serve"]>>) {
  if (outcome.kind === "uncacheable") throw new Error("expected a page");
  return outcome.page.bodies.identity.toString();
}

describe("PageCache: misses, hits, stale-while-revalidate", () => {
  it("renders on a miss, then serves the stored page without rendering", async () => {
    const { cache, calls, render } = cacheWith();
    const first = await cache.serve("k", render);
    const second = await cache.serve("k", render);
    expect(first.kind).toBe("miss");
    expect(second.kind).toBe("hit");
    expect(calls.n).toBe(1);
    expect(pageText(second)).toBe("<p>page</p> #1");
  });

  it("stores br and gzip bodies that decompress to the page", async () => {
    const { cache } = cacheWith();
    const outcome = await cache.serve("k", async () => html("<h1>compressed</h1>".repeat(50)));
    if (outcome.kind === "uncacheable") throw new Error("expected a page");
    const { br, gzip, identity } = outcome.page.bodies;
    expect(zlib.brotliDecompressSync(br).equals(identity)).toBe(true);
    expect(zlib.gunzipSync(gzip).equals(identity)).toBe(true);
    expect(br.length).toBeLessThan(identity.length);
  });

  it("keys are separate pages", async () => {
    const { cache, calls, render } = cacheWith();
    await cache.serve("dark /", render);
    await cache.serve("light /", render);
    expect(calls.n).toBe(2);
  });

  it("a burst of misses for one page renders once", async () => {
    const { cache } = cacheWith();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let renders = 0;
    const render = async () => {
      renders++;
      await gate;
      return html("<p>slow</p>");
    };
    const burst = Array.from({ length: 20 }, () => cache.serve("k", render));
    release();
    const outcomes = await Promise.all(burst);
    expect(renders).toBe(1);
    expect(outcomes.every((o) => o.kind === "miss")).toBe(true);
  });

  it("after its fresh time, serves the stale page once and refreshes it in the background", async () => {
    const { outcome: stale, cache, calls, render } = await servedAgainAfter(1_500);
    expect(stale.kind).toBe("stale");
    expect(pageText(stale)).toBe("<p>page</p> #1");
    // The refresh is stored once rendered and compressed: asked meanwhile, the page is still stale, and
    // the refresh under way is not started again.
    const fresh = await vi.waitFor(
      async () => {
        const outcome = await cache.serve("k", render);
        expect(outcome.kind).toBe("hit");
        return outcome;
      },
      { timeout: 5_000, interval: 5 },
    );
    expect(calls.n).toBe(2);
    expect(pageText(fresh)).toBe("<p>page</p> #2");
  });

  it("past fresh + stale time the page is rendered again before answering", async () => {
    const { outcome, calls } = await servedAgainAfter(7_000);
    expect(outcome.kind).toBe("miss");
    expect(calls.n).toBe(2);
  });
});

describe("PageCache: invalidation", () => {
  it("drops every page, so the next request renders the new content", async () => {
    const { cache, calls, render } = cacheWith();
    await cache.serve("a", render);
    await cache.serve("b", render);
    cache.invalidate();
    expect(cache.size.entries).toBe(0);
    const outcome = await cache.serve("a", render);
    expect(outcome.kind).toBe("miss");
    expect(calls.n).toBe(3);
  });

  it("a render that started before the write is not stored, and later requests do not join it", async () => {
    const { cache } = cacheWith();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const before = cache.serve("k", async () => {
      await gate;
      return html("<p>old</p>");
    });
    cache.invalidate();
    const after = cache.serve("k", async () => html("<p>new</p>"));
    release();
    const [old, fresh] = await Promise.all([before, after]);
    expect(old.kind).not.toBe("uncacheable");
    expect(pageText(fresh)).toBe("<p>new</p>");
    const next = await cache.serve("k", async () => html("<p>unused</p>"));
    expect(next.kind).toBe("hit");
    expect(pageText(next)).toBe("<p>new</p>");
  });
});

describe("PageCache: invalidating some pages", () => {
  const isVideo = (key: string) => key.startsWith("/video");

  it("drops only the pages the write covers; the others stay hits", async () => {
    const { cache, calls, render } = cacheWith();
    for (const key of ["/video/1", "/videos", "/podcast/2"]) await cache.serve(key, render);
    cache.invalidate(isVideo);
    expect(cache.size.entries).toBe(1);
    expect((await cache.serve("/podcast/2", render)).kind).toBe("hit");
    expect((await cache.serve("/video/1", render)).kind).toBe("miss");
    expect(calls.n).toBe(4);
  });

  it("a render under way for a covered page is not stored and not joined; one for another page is stored", async () => {
    const { cache } = cacheWith();
    const gates: (() => void)[] = [];
    const slow = (text: string) => async () => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return html(text);
    };
    const coveredBefore = cache.serve("/video/1", slow("<p>old video</p>"));
    const otherBefore = cache.serve("/podcast/2", slow("<p>podcast</p>"));
    cache.invalidate(isVideo);
    // A request after the write does not join the old render of the covered page, and joins the other's.
    const coveredAfter = cache.serve("/video/1", async () => html("<p>new video</p>"));
    const otherAfter = cache.serve("/podcast/2", async () => html("<p>not rendered</p>"));
    for (const release of gates) release();
    await Promise.all([coveredBefore, otherBefore]);
    expect(pageText(await coveredAfter)).toBe("<p>new video</p>");
    expect(pageText(await otherAfter)).toBe("<p>podcast</p>");
    expect(pageText(await cache.serve("/video/1", async () => html("<p>unused</p>")))).toBe("<p>new video</p>");
    const other = await cache.serve("/podcast/2", async () => html("<p>unused</p>"));
    expect([other.kind, pageText(other)]).toEqual(["hit", "<p>podcast</p>"]);
  });

  it("a render that outlives more partial invalidations than are remembered is not stored", async () => {
    const { cache } = cacheWith();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.serve("/podcast/2", async () => {
      await gate;
      return html("<p>podcast</p>");
    });
    for (let i = 0; i <= PARTIAL_INVALIDATIONS_KEPT; i++) cache.invalidate(isVideo);
    release();
    await slow;
    expect(cache.size.entries).toBe(0);
    // Renders started after those invalidations are stored as usual.
    await cache.serve("/podcast/2", async () => html("<p>podcast</p>"));
    expect(cache.size.entries).toBe(1);
  });
});

describe('PageCache: the next scheduled publication (PRODUCT.md "Scheduled publishing")', () => {
  /**
   * A cache whose pages stay fresh for an hour, on a test clock, whose database holds publications at
   * `times` (ms on that clock; the test may add more). Records each lookup's `since`.
   */
  async function scheduledCache(times: number[]) {
    const lookups: number[] = [];
    const nextPublication = async (since: Date) => {
      lookups.push(since.getTime());
      const next = times.filter((time) => time > since.getTime()).sort((a, b) => a - b)[0];
      return next === undefined ? null : { at: new Date(next) };
    };
    const setup = cacheWith({ freshMs: 3_600_000, nextPublication });
    await setup.cache.settled();
    return { ...setup, lookups, times };
  }

  it("a cached page is dropped when the next publication time passes (with the margin), and rendered again", async () => {
    const start = clock().now();
    const { cache, time, calls, render } = await scheduledCache([start + 10_000]);
    await cache.serve("k", render);
    time.advance(10_000 + PUBLICATION_MARGIN_MS - 1);
    expect((await cache.serve("k", render)).kind).toBe("hit");
    time.advance(1);
    const after = await cache.serve("k", render);
    expect(after.kind).toBe("miss");
    expect(pageText(after)).toBe("<p>page</p> #2");
    expect(calls.n).toBe(2);
  });

  it("drops only the pages the publication changes, when it says which", async () => {
    const start = clock().now();
    const nextPublication = async (since: Date) =>
      since.getTime() < start + 10_000 ? { at: new Date(start + 10_000), covers: (key: string) => key.startsWith("/video") } : null;
    const { cache, time, render } = cacheWith({ freshMs: 3_600_000, nextPublication });
    await cache.settled();
    await cache.serve("/video/1", render);
    await cache.serve("/podcast/2", render);
    time.advance(10_000 + PUBLICATION_MARGIN_MS);
    expect((await cache.serve("/podcast/2", render)).kind).toBe("hit");
    expect((await cache.serve("/video/1", render)).kind).toBe("miss");
  });

  it("without a scheduled publication, pages keep their normal lifetime", async () => {
    const { cache, time, calls, render } = await scheduledCache([]);
    await cache.serve("k", render);
    time.advance(3_000_000);
    expect((await cache.serve("k", render)).kind).toBe("hit");
    expect([calls.n, cache.secondsToExpiry()]).toEqual([1, null]);
  });

  it("looks the time up at start and after every content change, from a margin before it, so a new schedule counts", async () => {
    const start = clock().now();
    const { cache, time, calls, render, lookups, times } = await scheduledCache([]);
    expect(lookups).toEqual([start - PUBLICATION_MARGIN_MS]);
    await cache.serve("k", render);
    // An editor schedules an item a minute ahead: the write empties the cache and the time is looked up again.
    times.push(start + 60_000);
    cache.invalidate();
    await cache.settled();
    expect(lookups).toEqual([start - PUBLICATION_MARGIN_MS, start - PUBLICATION_MARGIN_MS]);
    expect(cache.secondsToExpiry()).toBe(61);
    await cache.serve("k", render);
    time.advance(61_000);
    expect((await cache.serve("k", render)).kind).toBe("miss");
    expect(calls.n).toBe(3);
  });

  it("once passed, the time is not found again: the next one is, and the cache empties once per publication", async () => {
    const start = clock().now();
    const { cache, time, calls, render, lookups } = await scheduledCache([start + 5_000, start + 20_000]);
    await cache.serve("k", render);
    time.advance(6_000);
    await cache.serve("k", render); // expires, renders #2
    await cache.settled();
    expect(lookups.at(-1)).toBe(start + 5_000);
    expect(cache.secondsToExpiry()).toBe(15);
    for (let i = 0; i < 3; i++) expect((await cache.serve("k", render)).kind).toBe("hit");
    time.advance(15_000);
    expect((await cache.serve("k", render)).kind).toBe("miss");
    await cache.settled();
    expect([calls.n, cache.secondsToExpiry(), lookups.length]).toEqual([3, null, 3]);
  });

  it("an answer from an older lookup never replaces a newer one", async () => {
    const answers: ((next: { at: Date } | null) => void)[] = [];
    const { cache } = cacheWith({ nextPublication: () => new Promise((resolve) => answers.push(resolve)) });
    cache.invalidate();
    const start = clock().now();
    answers[1]!({ at: new Date(start + 30_000) });
    answers[0]!(null);
    await cache.settled();
    expect(cache.secondsToExpiry()).toBe(31);
  });

  it("a failed lookup is logged, and the cache empties itself after a while and asks again", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    const nextPublication = vi.fn(async () => {
      if (fail) throw new Error("database down");
      return null;
    });
    const { cache, time, calls, render } = cacheWith({ freshMs: 3_600_000, nextPublication });
    await cache.settled();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    await cache.serve("k", render);
    fail = false;
    time.advance(PUBLICATION_RETRY_MS);
    expect((await cache.serve("k", render)).kind).toBe("miss");
    await cache.settled();
    expect([calls.n, nextPublication.mock.calls.length, cache.secondsToExpiry()]).toEqual([2, 2, null]);
  });
});

describe("PageCache: bounds", () => {
  it("keeps at most maxEntries pages", async () => {
    const { cache } = cacheWith({ maxEntries: 3 });
    for (const key of ["a", "b", "c", "d", "e"]) await cache.serve(key, async () => html(`<p>${key}</p>`));
    expect(cache.size.entries).toBe(3);
  });

  it("keeps at most maxBytes, counting all three bodies", async () => {
    const { cache } = cacheWith({ maxBytes: 20_000 });
    // Random text compresses poorly, so each entry weighs about three times its length.
    const page = () => Array.from({ length: 3_000 }, () => Math.random().toString(36).slice(2, 3)).join("");
    for (const key of ["a", "b", "c", "d", "e", "f"]) await cache.serve(key, async () => html(page()));
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size.entries).toBeLessThan(6);
    expect(cache.size.entries).toBeGreaterThan(0);
  });
});

describe("isCacheableResponse: only pages every visitor may share", () => {
  it.each([
    ["a public 200 HTML page", html("x"), true],
    ["a public 200 data answer (client navigation)", html("x", { "Content-Type": "text/x-script" }), true],
    ["a response that sets a cookie (a toast being read)", html("x", { "Set-Cookie": "mw_toast=; Max-Age=0" }), false],
    ["a private page", html("x", { "Cache-Control": "private, no-store" }), false],
    ["a not-found page", html("x", { "Cache-Control": "no-store" }, 404), false],
    ["a 404 even if marked public", html("x", {}, 404), false],
    ["a redirect", new Response(null, { status: 302, headers: { Location: "/", "Cache-Control": PUBLIC } }), false],
    ["JSON", html("{}", { "Content-Type": "application/json" }), false],
    ["no Cache-Control", new Response("x", { headers: { "Content-Type": "text/html" } }), false],
  ])("%s → %s", (_name, response, expected) => {
    expect(isCacheableResponse(response)).toBe(expected);
  });

  it("keeps the content API's public JSON when asked for it, and still no error", () => {
    const json = (status = 200) => html("{}", { "Content-Type": "application/json; charset=utf-8" }, status);
    expect(isCacheableResponse(json(), CONTENT_API_CONTENT_TYPES)).toBe(true);
    expect(isCacheableResponse(json(404), CONTENT_API_CONTENT_TYPES)).toBe(false);
    expect(isCacheableResponse(html("x"), CONTENT_API_CONTENT_TYPES)).toBe(false);
  });
});

describe("isCacheableRequest: never for writes, personal areas, APIs or a waiting toast", () => {
  it.each([
    ["GET", "/", "", true],
    ["HEAD", "/videos", "", true],
    ["GET", "/video/abc.data", "", true],
    ["GET", "/", "mw_theme=ImRhcmsi; better-auth.session_token=abc", true],
    ["POST", "/contact", "", false],
    ["GET", "/admin", "", false],
    ["GET", "/admin/videos", "", false],
    ["GET", "/admin.data", "", false],
    ["GET", "/auth", "", false],
    ["GET", "/api/videos/1/view", "", false],
    // PRODUCT.md "Client reports": a shared report, and its data request and CSV.
    ["GET", "/reports/abc", "", false],
    ["GET", "/reports/abc.data", "", false],
    ["GET", "/reports/abc.csv", "", false],
    // PRODUCT.md "Content API": the same for every client, whatever its cookies.
    ["GET", "/api/v1/items", "", true],
    ["HEAD", "/api/v1/items/abc", "mw_toast=abc", true],
    ["POST", "/api/v1/items", "", false],
    ["GET", "/api/v1", "", false],
    ["GET", "/resources/theme", "", false],
    ["GET", "/healthz", "", false],
    ["GET", "/", "mw_toast=abc", false],
    ["GET", "/", "mw_theme=x; mw_toast=abc", false],
  ])("%s %s (cookies %j) → %s", (method, path, cookies, expected) => {
    expect(isCacheableRequest(method, path, cookies)).toBe(expected);
  });
});

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", "identity"],
    ["", "identity"],
    [undefined, "identity"],
  ])("%j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
