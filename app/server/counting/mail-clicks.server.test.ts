/**
 * PRODUCT.md "Measurement": a mail's link to an item. It sends the reader on to the item's page tagged with
 * the mail's utm_source, counting a press once per reader, item and channel in 30 minutes, never a bot's or
 * a HEAD's; a link naming nothing of ours is a 404, and nothing of the reader is kept.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";

import { MAIL_LINK_ROUTE } from "~/lib/measurement";
import { answerMailLink, mailLinkRoute } from "~/server/counting/mail-clicks.server";
import { getDb, schema } from "~/server/db/db.server";

import { BROWSER, emptyBeforeEach, insertBlogs, insertVideos, MISSING_ID } from "../../../tests/support/content";
import { mailFigures } from "../../../tests/support/mail";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

emptyBeforeEach(schema.contentDailyMail, schema.videos, schema.blogs);

function press(
  channel: unknown,
  slug: unknown,
  id: unknown,
  { ip = "203.0.113.71", userAgent = BROWSER, method = "GET" }: { ip?: string; userAgent?: string; method?: string } = {},
  now?: number,
) {
  return answerMailLink({ method, channel, slug, id, userAgent, forwardedFor: ip }, now);
}

describe("a mail's link to an item", () => {
  it("sends the reader to the item's page tagged with the mail, and counts the press under its channel", async () => {
    const [video] = await insertVideos([{ title: "Quarter" }]);
    const answer = await press("newsletter", "videos", video!.id);
    expect(answer).toMatchObject({ status: 302, headers: { Location: `/video/${video!.id}?utm_source=newsletter&utm_medium=email` } });
    expect(answer.headers["Cache-Control"]).toBe("no-store");
    await press("alert", "videos", video!.id.toUpperCase());
    expect(await mailFigures()).toEqual([`video:${video!.id}:alert 0/1`, `video:${video!.id}:newsletter 0/1`]);
  });

  it("leads to each type's own page", async () => {
    const [blog] = await insertBlogs([{ title: "Notes" }]);
    const answer = await press("alert", "blogs", blog!.id);
    expect(answer.headers.Location).toBe(`/blog/${blog!.id}?utm_source=alert&utm_medium=email`);
    expect(await mailFigures()).toEqual([`blog:${blog!.id}:alert 0/1`]);
  });

  it("counts one press per reader, item and channel in 30 minutes; another reader, or the next window, counts again", async () => {
    const [video] = await insertVideos([{ title: "Repeated" }]);
    // Yesterday at 12:00 UTC: the presses 31 minutes apart fall on one day whenever the test runs (from
    // 23:29 UTC the second window's press went into the next day's row).
    const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * 3_600_000;
    await press("newsletter", "videos", video!.id, {}, start);
    // A second press, or a mail scanner opening it from the same place as the reader: one.
    await press("newsletter", "videos", video!.id, {}, start + 60_000);
    await Promise.all([
      press("newsletter", "videos", video!.id, { ip: "198.51.100.9" }, start + 1),
      press("newsletter", "videos", video!.id, { ip: "198.51.100.9" }, start + 2),
    ]);
    await press("newsletter", "videos", video!.id, {}, start + 31 * 60_000);
    expect(await mailFigures()).toEqual([`video:${video!.id}:newsletter 0/3`]);
  });

  it("sends a bot, a HEAD and a press on an item no longer published on without counting them", async () => {
    const [video] = await insertVideos([{ title: "Watched by bots" }]);
    const [draft] = await insertVideos([{ title: "Pulled", status: "draft" }]);
    expect((await press("newsletter", "videos", video!.id, { userAgent: GOOGLEBOT })).status).toBe(302);
    expect((await press("newsletter", "videos", video!.id, { method: "HEAD" })).status).toBe(302);
    expect((await press("newsletter", "videos", video!.id, { userAgent: "" })).status).toBe(302);
    // The page itself tells the reader the item is gone.
    expect(await press("newsletter", "videos", draft!.id)).toMatchObject({
      status: 302,
      headers: { Location: `/video/${draft!.id}?utm_source=newsletter&utm_medium=email` },
    });
    expect(await mailFigures()).toEqual([]);
  });

  it("answers 404 for a link naming no channel, type or id of ours, and 405 for a method but GET or HEAD", async () => {
    const [video] = await insertVideos([{ title: "Forged" }]);
    for (const [channel, slug, id] of [
      ["social", "videos", video!.id],
      ["newsletter", "companies", video!.id],
      ["newsletter", "videos", "1 or 1=1"],
      ["newsletter", "videos", `${video!.id}\u0000`],
      [["newsletter"], "videos", video!.id],
    ]) {
      expect(await press(channel, slug, id)).toMatchObject({ status: 404, body: "This link names no item of ours." });
    }
    expect(await press("newsletter", "videos", MISSING_ID)).toMatchObject({ status: 302 });
    expect(await press("newsletter", "videos", video!.id, { method: "POST" })).toMatchObject({
      status: 405,
      headers: { Allow: "GET, HEAD" },
    });
    expect(await mailFigures()).toEqual([]);
  });

  it("keeps nothing of the reader: the day's figure and a keyed allowance, no address or agent", async () => {
    const [video] = await insertVideos([{ title: "Private" }]);
    const ip = "203.0.113.199";
    await press("newsletter", "videos", video!.id, { ip });
    const db = await getDb();
    const allowances = await db.select().from(schema.rateLimits);
    const mine = allowances.filter((row) => row.key.startsWith(`click:newsletter:${video!.id}:`));
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(await db.select().from(schema.contentDailyMail))).not.toContain(ip);
    expect(mine[0]!.key).not.toContain(ip);
    expect(mine[0]!.key).not.toContain("Chrome");
  });

  it("is answered by its Express route with a redirect, never the next handler", async () => {
    const [video] = await insertVideos([{ title: "Over HTTP" }]);
    const app = express();
    app.all(MAIL_LINK_ROUTE, mailLinkRoute);
    app.use((_req, res) => void res.status(404).send("next handler"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${origin}/go/newsletter/videos/${video!.id}`, {
        redirect: "manual",
        headers: { "User-Agent": BROWSER, "X-Forwarded-For": "203.0.113.72" },
      });
      expect([answer.status, answer.headers.get("Location")]).toEqual([302, `/video/${video!.id}?utm_source=newsletter&utm_medium=email`]);
      const forged = await fetch(`${origin}/go/newsletter/videos/nope`, { redirect: "manual" });
      expect([forged.status, await forged.text()]).toEqual([404, "This link names no item of ours."]);
      expect(await mailFigures()).toEqual([`video:${video!.id}:newsletter 0/1`]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
