/**
 * PRODUCT.md "Counters": articles, interviews and special features count their views as videos do, through
 * the one counter module (`/api/{slug}/{id}/view`), with their daily figures (PRODUCT.md "Views over time").
 */
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { CONTENT_TABLES } from "~/server/content/content-tables.server";
import { utcDay } from "~/server/counting/daily-stats.server";
import { counterRoutes } from "~/server/counting/endpoint.server";
import { getDb, schema } from "~/server/db/db.server";

import {
  counterPost,
  emptyBeforeEach,
  insertBlogs,
  insertInterviews,
  insertSpecialFeatures,
  MISSING_ID,
} from "../../../tests/support/content";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

emptyBeforeEach(schema.contentDailyStats, schema.blogs, schema.interviews, schema.specialFeatures);

afterEach(() => {
  vi.useRealTimers();
});

type ArticleType = Extract<ContentType, "blog" | "interview" | "special_feature">;

const INSERT: Record<ArticleType, (rows: { views?: number; status?: "draft" }[]) => Promise<{ id: string }[]>> = {
  blog: insertBlogs,
  interview: insertInterviews,
  special_feature: insertSpecialFeatures,
};

/** A browser's view post for a `type` item, from one client address, as server.ts hands it on. */
async function postView(type: ArticleType, id: string, { ip = "203.0.113.40", userAgent = CHROME, method = "POST" } = {}) {
  const response = await counterPost(`/api/${CONTENT_REGISTRY[type].slug}/${id}/view`, { ip, userAgent, method });
  const body = (await response.json()) as { views?: number; error?: string };
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), body };
}

async function storedViews(type: ArticleType, id: string) {
  const table = CONTENT_TABLES[type];
  const db = await getDb();
  const [row] = await db.select({ views: table.views }).from(table).where(eq(table.id, id));
  return row?.views ?? null;
}

/** The item's stored figure for the day (UTC), or null when there is none. */
async function dailyFigure(type: ArticleType, id: string, day: string) {
  const { contentDailyStats: s } = schema;
  const db = await getDb();
  const [row] = await db
    .select({ hits: s.hits })
    .from(s)
    .where(and(eq(s.contentType, type), eq(s.contentId, id), eq(s.day, day)));
  return row?.hits ?? null;
}

describe.each(["blog", "interview", "special_feature"] as const)("POST /api/{slug}/{id}/view for a %s", (type) => {
  const insert = INSERT[type];
  const notFound = `${CONTENT_REGISTRY[type].noun[0]!.toUpperCase()}${CONTENT_REGISTRY[type].noun.slice(1)} not found`;

  it("counts one view, answers the new count uncached, and adds it to today's figure", async () => {
    const [item] = await insert([{ views: 41 }]);
    expect(await postView(type, item!.id)).toEqual({ status: 200, cacheControl: "no-store", body: { views: 42 } });
    expect(await storedViews(type, item!.id)).toBe(42);
    expect(await dailyFigure(type, item!.id, utcDay(new Date()))).toBe(1);
  });

  it("counts a visitor once in 30 minutes, again after 31, and another visitor at once", async () => {
    const [item] = await insert([{ views: 0 }]);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await postView(type, item!.id);
    vi.setSystemTime(start + 29 * 60_000);
    expect(await postView(type, item!.id)).toMatchObject({ status: 200, body: { views: 1 } });
    expect(await postView(type, item!.id, { ip: "198.51.100.40" })).toMatchObject({ status: 200, body: { views: 2 } });
    vi.setSystemTime(start + 31 * 60_000);
    expect(await postView(type, item!.id)).toMatchObject({ status: 200, body: { views: 3 } });
    expect(await storedViews(type, item!.id)).toBe(3);
  });

  it("never counts a bot, and still answers the count", async () => {
    const [item] = await insert([{ views: 7 }]);
    expect(await postView(type, item!.id, { userAgent: GOOGLEBOT })).toMatchObject({ status: 200, body: { views: 7 } });
    expect(await storedViews(type, item!.id)).toBe(7);
    expect(await dailyFigure(type, item!.id, utcDay(new Date()))).toBeNull();
  });

  it.each([
    ["an unknown id", async () => MISSING_ID],
    ["a malformed id", async () => "1;drop table blogs"],
    ["a draft", async () => (await insert([{ status: "draft" }]))[0]!.id],
  ])("answers 404 JSON for %s and counts nothing", async (_case, idOf) => {
    const id = await idOf();
    expect(await postView(type, id)).toEqual({ status: 404, cacheControl: "no-store", body: { error: notFound } });
    const db = await getDb();
    expect(await db.select().from(schema.contentDailyStats)).toEqual([]);
  });

  it("refuses GET and other methods with 405", async () => {
    const [item] = await insert([{ views: 1 }]);
    const get = await counterPost(`/api/${CONTENT_REGISTRY[type].slug}/${item!.id}/view`, { method: "GET" });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await postView(type, item!.id, { method: "PUT" })).status).toBe(405);
    expect(await storedViews(type, item!.id)).toBe(1);
  });
});

describe("the counter of another type's id", () => {
  it("is a 404: a blog post's id is no interview", async () => {
    const [blog] = await insertBlogs([{ views: 3 }]);
    expect((await postView("interview", blog!.id)).status).toBe(404);
    expect(await storedViews("blog", blog!.id)).toBe(3);
  });
});

describe("counterRoutes on Express", () => {
  it("counts a POST, refuses a GET with 405, and leaves other paths to the next handler", async () => {
    const [blog] = await insertBlogs([{ views: 5 }]);
    const app = express();
    for (const { pattern, handler } of counterRoutes()) app.all(pattern, handler);
    app.use((_req, res) => void res.status(404).send("next handler"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = await fetch(`${origin}/api/blogs/${blog!.id}/view`, {
        method: "POST",
        headers: { "User-Agent": CHROME, "X-Forwarded-For": "203.0.113.77" },
      });
      expect(post.status).toBe(200);
      expect(post.headers.get("Cache-Control")).toBe("no-store");
      expect(post.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      expect(await post.json()).toEqual({ views: 6 });
      const get = await fetch(`${origin}/api/blogs/${blog!.id}/view`);
      expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
      // A blog has views, not listens; and a path past the counter is no counter.
      for (const other of [`/api/blogs/${blog!.id}/listen`, `/api/blogs/${blog!.id}/view/more`, `/api/articles/${blog!.id}/view`]) {
        const answer = await fetch(`${origin}${other}`, {
          method: "POST",
          headers: { "User-Agent": CHROME, "X-Forwarded-For": "203.0.113.78" },
        });
        expect([other, answer.status, await answer.text()]).toEqual([other, 404, "next handler"]);
      }
      expect(await storedViews("blog", blog!.id)).toBe(6);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the audience of a counted view (PRODUCT.md "Measurement")', () => {
  emptyBeforeEach(schema.contentDailyAudience, schema.contentDailyVisitors);
  const PHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

  async function audience(id: string) {
    const db = await getDb();
    const rows = await db.select().from(schema.contentDailyAudience).where(eq(schema.contentDailyAudience.contentId, id));
    return Object.fromEntries(rows.map((row) => [`${row.dimension}:${row.value}`, row.hits]));
  }

  async function uniques(id: string) {
    const db = await getDb();
    const [row] = await db
      .select({ hits: schema.contentDailyStats.hits, uniques: schema.contentDailyStats.uniques })
      .from(schema.contentDailyStats)
      .where(eq(schema.contentDailyStats.contentId, id));
    return row;
  }

  it("adds the referrer's group and host and the device class of each counted view, and nothing for a bot or a repeat", async () => {
    const [item] = await insertBlogs([{ views: 0 }]);
    const path = `/api/blogs/${item!.id}/view`;
    await counterPost(path, { ip: "203.0.113.1", ref: "www.google.com" });
    await counterPost(path, { ip: "203.0.113.2", ref: "t.co", userAgent: PHONE });
    await counterPost(path, { ip: "203.0.113.3", src: "newsletter", ref: "mail.google.com" });
    await counterPost(path, { ip: "203.0.113.4" });
    await counterPost(path, { ip: "203.0.113.5", ref: "https://evil.example/?q=secret" });
    // Not counted: a repeat within 30 minutes, a bot.
    await counterPost(path, { ip: "203.0.113.1", ref: "www.google.com" });
    await counterPost(path, { ip: "203.0.113.6", ref: "www.google.com", userAgent: GOOGLEBOT });
    expect(await audience(item!.id)).toEqual({
      "referrer:search": 1,
      "referrer:social": 1,
      "referrer:newsletter": 1,
      "referrer:direct": 2,
      "referrer_host:www.google.com": 1,
      "referrer_host:t.co": 1,
      "device:desktop": 4,
      "device:mobile": 1,
    });
    expect(await uniques(item!.id)).toEqual({ hits: 5, uniques: 5 });
  });

  it("groups a view counted by the embed frame as 'embed', under the embedding site's host", async () => {
    const [item] = await insertBlogs([{ views: 0 }]);
    const path = `/api/blogs/${item!.id}/view`;
    await counterPost(path, { ip: "203.0.113.11", ref: "investors.example.com", via: "embed" });
    // The frame on a page that sends no referrer: an embed still, on no named host.
    await counterPost(path, { ip: "203.0.113.12", via: "embed" });
    // Anything but 'embed' is an ordinary view.
    await counterPost(path, { ip: "203.0.113.13", ref: "investors.example.com", via: "frame" });
    expect(await audience(item!.id)).toEqual({
      "referrer:embed": 2,
      "embed_host:investors.example.com": 1,
      "embed_host:(unknown site)": 1,
      "referrer:other": 1,
      "referrer_host:investors.example.com": 1,
      "device:desktop": 3,
    });
  });

  it("counts a visitor among the day's uniques once, however often the visitor is counted", async () => {
    const [item] = await insertBlogs([{ views: 0 }]);
    const path = `/api/blogs/${item!.id}/view`;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${utcDay(new Date())}T01:00:00Z`));
    await counterPost(path, { ip: "203.0.113.7" });
    vi.setSystemTime(new Date(`${utcDay(new Date())}T02:00:00Z`));
    await counterPost(path, { ip: "203.0.113.7" });
    await counterPost(path, { ip: "203.0.113.8" });
    expect(await uniques(item!.id)).toEqual({ hits: 3, uniques: 2 });
    const db = await getDb();
    const stored = await db.select().from(schema.contentDailyVisitors);
    expect(JSON.stringify(stored)).not.toContain("203.0.113");
  });
});
