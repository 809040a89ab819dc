import { like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { appRequest } from "../../../tests/support/auth";
import { counterPost, MISSING_ID, viewsOf } from "../../../tests/support/content";
import { getDb, schema } from "../db/db.server";
import { clientAddress } from "../rate-limit.server";
import { COUNTS_PER_ADDRESS_RULE, visitorFrom } from "./visitor.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";

afterEach(() => {
  vi.useRealTimers();
});

interface Client {
  ip: string;
  userAgent?: string;
}

/** A counter post as server.ts hands it on: one client address, the browser's user agent. */
function counterRequest(path: string, client: Client) {
  const request = appRequest(path, { method: "POST" });
  request.headers.set("X-Forwarded-For", client.ip);
  if (client.userAgent) request.headers.set("User-Agent", client.userAgent);
  return request;
}

/** Posts to a counter route and answers its status and JSON body. */
async function postCounter(path: string, client: Client) {
  const response = await counterPost(path, { ip: client.ip, userAgent: client.userAgent });
  return { status: response.status, body: (await response.json()) as { views?: number; listens?: number } };
}

async function postView(id: string, client: Client) {
  const { status, body } = await postCounter(`/api/videos/${id}/view`, client);
  return { status, views: body.views };
}

async function postListen(id: string, client: Client) {
  const { status, body } = await postCounter(`/api/podcasts/${id}/listen`, client);
  return { status, listens: body.listens };
}

async function newVideo(views = 100) {
  const db = await getDb();
  const [video] = await db
    .insert(schema.videos)
    .values({ title: "Counted", status: "published", publishedAt: new Date(), views })
    .returning();
  return video!;
}

describe('video views: one per visitor per video per 30 minutes (PRODUCT.md "Security")', () => {
  it("counts 1,000 concurrent posts from one client once, and answers every one with the live count", async () => {
    const video = await newVideo(100);
    const client = { ip: "203.0.113.10", userAgent: CHROME };
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => postView(video.id, client)));
    expect(await viewsOf(video.id)).toBe(101);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.views === 101).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.views === 100 || a.views === 101)).toBe(true);
    // Afterwards the repeat answers the live count, including others' views since.
    await postView(video.id, { ip: "198.51.100.10", userAgent: CHROME });
    expect(await postView(video.id, client)).toEqual({ status: 200, views: 102 });
  });

  it("counts two visitors twice: another browser on the same address, or another address", async () => {
    const video = await newVideo(0);
    await postView(video.id, { ip: "203.0.113.11", userAgent: CHROME });
    await postView(video.id, { ip: "203.0.113.11", userAgent: FIREFOX });
    expect(await viewsOf(video.id)).toBe(2);
    await postView(video.id, { ip: "203.0.113.12", userAgent: CHROME });
    expect(await viewsOf(video.id)).toBe(3);
  });

  it.each([
    ["a search crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["a headless browser", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36"],
    ["curl", "curl/8.5.0"],
    ["no user agent", undefined],
  ])("never counts %s, and still answers the count", async (_name, userAgent) => {
    const video = await newVideo(7);
    for (let i = 0; i < 5; i++)
      expect(await postView(video.id, { ip: `203.0.113.${30 + i}`, userAgent })).toEqual({ status: 200, views: 7 });
    expect(await viewsOf(video.id)).toBe(7);
  });

  it("counts the same visitor again 31 minutes later, not 29", async () => {
    const video = await newVideo(0);
    const client = { ip: "203.0.113.13", userAgent: CHROME };
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    await postView(video.id, client);
    vi.setSystemTime(start + 29 * 60_000);
    await postView(video.id, client);
    expect(await viewsOf(video.id)).toBe(1);
    vi.setSystemTime(start + 31 * 60_000);
    expect(await postView(video.id, client)).toEqual({ status: 200, views: 2 });
  });

  it("counts one address at most 20 times per video however many user agents it claims", async () => {
    const video = await newVideo(0);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => postView(video.id, { ip: "203.0.113.14", userAgent: `${CHROME} Rotating/${i}` })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await viewsOf(video.id)).toBe(COUNTS_PER_ADDRESS_RULE.max);
  });

  it("counts one IPv6 subscriber (a /64) as one address", async () => {
    const video = await newVideo(0);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => postView(video.id, { ip: `2001:db8:5:6::${(i + 1).toString(16)}`, userAgent: CHROME })),
    );
    expect(await viewsOf(video.id)).toBe(1);
  });

  it("keeps no address or user agent, and no row for unknown videos", async () => {
    const video = await newVideo(0);
    await postView(video.id, { ip: "203.0.113.15", userAgent: CHROME });
    expect(await postView(MISSING_ID, { ip: "203.0.113.15", userAgent: CHROME })).toEqual({ status: 404, views: undefined });
    const db = await getDb();
    const keys = (await db.select({ key: schema.rateLimits.key }).from(schema.rateLimits).where(like(schema.rateLimits.key, "view:%"))).map(
      (r) => r.key,
    );
    expect(keys.some((key) => key.includes(video.id))).toBe(true);
    expect(keys.some((key) => key.includes(MISSING_ID))).toBe(false);
    expect(keys.some((key) => key.includes("203.0.113.15") || key.includes("Chrome"))).toBe(false);
  });
});

describe("podcast listens: the same rule", () => {
  it("counts 1,000 concurrent posts from one client once, a second visitor once more, a bot never", async () => {
    const db = await getDb();
    const [podcast] = await db
      .insert(schema.podcasts)
      .values({ title: "Heard", status: "published", publishedAt: new Date(), listens: 40 })
      .returning();
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, () => postListen(podcast!.id, { ip: "203.0.113.16", userAgent: CHROME })),
    );
    expect(answers.every((a) => a.status === 200 && (a.listens === 40 || a.listens === 41))).toBe(true);
    expect(await postListen(podcast!.id, { ip: "203.0.113.17", userAgent: CHROME })).toEqual({ status: 200, listens: 42 });
    expect(await postListen(podcast!.id, { ip: "203.0.113.18", userAgent: "Twitterbot/1.0" })).toEqual({ status: 200, listens: 42 });
  });
});

describe("visitorFrom", () => {
  const visitorOf = (client: Client) => {
    const request = counterRequest("/x", client);
    return visitorFrom(request.headers.get("user-agent"), clientAddress(request));
  };

  it("is a keyed hash of address and user agent, null without an address", () => {
    const a = visitorOf({ ip: "203.0.113.19", userAgent: CHROME });
    expect(a?.id).toMatch(/^[\w-]{43}$/);
    expect(visitorOf({ ip: "203.0.113.19", userAgent: CHROME })).toEqual(a);
    expect(visitorOf({ ip: "203.0.113.19", userAgent: FIREFOX })?.address).toBe(a?.address);
    expect(visitorOf({ ip: "203.0.113.19, 10.0.0.1", userAgent: CHROME })).toBeNull();
    expect(visitorOf({ ip: "203.0.113.19" })).toBeNull();
  });
});
