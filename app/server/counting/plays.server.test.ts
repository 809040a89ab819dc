/**
 * PRODUCT.md "Measurement": the players' marks. A mark counts once per counted view, each quarter once, with
 * the seconds it carries; a bot, a mark without a view and a repeat count nothing.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";

import { PLAY_MARK_MESSAGES } from "~/lib/play-marks";
import { counterRoutes } from "~/server/counting/endpoint.server";
import { answerPlay } from "~/server/counting/plays.server";
import { UNKNOWN_EMBED_HOST } from "~/server/counting/referrer-group.server";
import { getDb, schema } from "~/server/db/db.server";

import {
  BROWSER,
  counterPost,
  emptyBeforeEach,
  insertBlogs,
  insertPodcasts,
  insertVideos,
  MISSING_ID,
} from "../../../tests/support/content";

const IP = "203.0.113.61";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

emptyBeforeEach(schema.contentDailyPlays, schema.contentDailyStats, schema.videos, schema.podcasts, schema.blogs);

afterEach(() => {
  vi.useRealTimers();
});

/** A mark from the browser at `ip`, as the Express route hands it on. */
function mark(
  id: string,
  mark: unknown,
  {
    seconds,
    ip = IP,
    userAgent = BROWSER,
    embed,
    type = "video",
    method = "POST",
  }: { seconds?: string; ip?: string; userAgent?: string; embed?: string; type?: "video" | "podcast"; method?: string } = {},
) {
  return answerPlay(type, id, {
    method,
    userAgent,
    forwardedFor: ip,
    mark,
    seconds,
    via: embed === undefined ? undefined : "embed",
    referrerHost: embed,
  });
}

async function plays(id: string) {
  const db = await getDb();
  const rows = await db.select().from(schema.contentDailyPlays).where(eq(schema.contentDailyPlays.contentId, id));
  return rows.map(({ host, plays, q25, q50, q75, q100, seconds }) => ({ host, plays, q25, q50, q75, q100, seconds }));
}

const view = (id: string, ip = IP) => counterPost(`/api/videos/${id}/view`, { ip });

describe("POST /api/{slug}/{id}/play", () => {
  it("counts the marks of a counted view, each once, with the seconds they carry", async () => {
    const [video] = await insertVideos([{ views: 0 }]);
    expect((await view(video!.id)).status).toBe(200);
    for (const [name, seconds] of [
      ["play", "0"],
      ["25", "30"],
      ["50", "31"],
      ["25", "40"],
      ["leave", "12"],
    ] as const) {
      expect((await mark(video!.id, name, { seconds })).status).toBe(204);
    }
    // The repeated quarter counted nothing, its seconds included: 30 + 31 + 12.
    expect(await plays(video!.id)).toEqual([{ host: "", plays: 1, q25: 1, q50: 1, q75: 0, q100: 0, seconds: 73 }]);
  });

  it("counts nothing for a mark without a counted view, from a bot, or twice in one batch", async () => {
    const [video] = await insertVideos([{ views: 0 }]);
    expect((await mark(video!.id, "play")).status).toBe(204);
    expect(await plays(video!.id)).toEqual([]);
    await view(video!.id);
    expect((await mark(video!.id, "play", { userAgent: GOOGLEBOT })).status).toBe(204);
    expect(await plays(video!.id)).toEqual([]);
    const answers = await Promise.all([mark(video!.id, "play", { seconds: "5" }), mark(video!.id, "play", { seconds: "5" })]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
    expect(await plays(video!.id)).toEqual([{ host: "", plays: 1, q25: 0, q50: 0, q75: 0, q100: 0, seconds: 5 }]);
  });

  it("counts a visitor's play again in the next view's window, 31 minutes on", async () => {
    const [video] = await insertVideos([{ views: 0 }]);
    vi.useFakeTimers({ toFake: ["Date"] });
    // Yesterday at 12:00 UTC: the marks 31 minutes apart fall on one day whenever the test runs.
    vi.setSystemTime(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * 3_600_000);
    const start = Date.now();
    await view(video!.id);
    await mark(video!.id, "play");
    vi.setSystemTime(start + 29 * 60_000);
    await mark(video!.id, "play");
    vi.setSystemTime(start + 31 * 60_000);
    // The old view's window is over: without a new view the mark is not counted.
    await mark(video!.id, "play");
    expect((await plays(video!.id))[0]?.plays).toBe(1);
    await view(video!.id);
    await mark(video!.id, "play");
    expect((await plays(video!.id))[0]?.plays).toBe(2);
  });

  it("counts a podcast's marks after its listen, and an embed's under the embedding site's host", async () => {
    const [podcast] = await insertPodcasts([{ listens: 0 }]);
    await counterPost(`/api/podcasts/${podcast!.id}/listen`, { ip: IP });
    await mark(podcast!.id, "play", { type: "podcast" });
    await mark(podcast!.id, "100", { type: "podcast", seconds: "600", embed: "Investors.Example.com" });
    // A frame on a page that sent no referrer is an embed still, on a site it cannot name.
    await mark(podcast!.id, "play", { type: "podcast", embed: "" });
    expect(await plays(podcast!.id)).toEqual(
      expect.arrayContaining([
        { host: "", plays: 1, q25: 0, q50: 0, q75: 0, q100: 0, seconds: 0 },
        { host: "investors.example.com", plays: 0, q25: 0, q50: 0, q75: 0, q100: 1, seconds: 600 },
        { host: UNKNOWN_EMBED_HOST, plays: 1, q25: 0, q50: 0, q75: 0, q100: 0, seconds: 0 },
      ]),
    );
  });

  it.each([
    ["an unknown mark", { mark: "33" }, 400, PLAY_MARK_MESSAGES.mark],
    ["no mark", { mark: undefined }, 400, PLAY_MARK_MESSAGES.mark],
    ["a list of marks", { mark: ["play", "25"] }, 400, PLAY_MARK_MESSAGES.mark],
    ["negative seconds", { mark: "25", seconds: "-1" }, 400, PLAY_MARK_MESSAGES.seconds],
    ["fractional seconds", { mark: "25", seconds: "1.5" }, 400, PLAY_MARK_MESSAGES.seconds],
    ["too many seconds", { mark: "25", seconds: "21601" }, 400, PLAY_MARK_MESSAGES.seconds],
    ["a NUL byte", { mark: "play\u0000" }, 400, PLAY_MARK_MESSAGES.mark],
  ] as [string, { mark: unknown; seconds?: string }, number, string][])(
    "refuses %s with %i and its message, counting nothing",
    async (_case, input, status, message) => {
      const [video] = await insertVideos([{ views: 0 }]);
      await view(video!.id);
      const answer = await mark(video!.id, input.mark, { seconds: input.seconds });
      expect([answer.status, JSON.parse(answer.body)]).toEqual([status, { error: message }]);
      expect(await plays(video!.id)).toEqual([]);
    },
  );

  it("answers 404 for an unknown, malformed or draft item, and 405 but for POST", async () => {
    const [draft] = await insertVideos([{ status: "draft" }]);
    for (const id of [MISSING_ID, "1;drop table videos", draft!.id]) expect((await mark(id, "play")).status).toBe(404);
    const [video] = await insertVideos([{ views: 0 }]);
    const get = await mark(video!.id, "play", { method: "GET" });
    expect([get.status, get.headers.Allow]).toEqual([405, "POST"]);
  });

  it("is mounted for videos, interviews and podcasts only, beside the counters", async () => {
    const [video] = await insertVideos([{ views: 0 }]);
    const [blog] = await insertBlogs([{ views: 0 }]);
    const app = express();
    for (const { pattern, handler } of counterRoutes()) app.all(pattern, handler);
    app.use((_req, res) => void res.status(404).send("next handler"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { "User-Agent": BROWSER, "X-Forwarded-For": IP };
    try {
      await fetch(`${origin}/api/videos/${video!.id}/view`, { method: "POST", headers });
      const played = await fetch(`${origin}/api/videos/${video!.id}/play?mark=play&s=0`, { method: "POST", headers });
      expect([played.status, played.headers.get("Cache-Control"), await played.text()]).toEqual([204, "no-store", ""]);
      const article = await fetch(`${origin}/api/blogs/${blog!.id}/play?mark=play`, { method: "POST", headers });
      expect([article.status, await article.text()]).toEqual([404, "next handler"]);
      expect(await plays(video!.id)).toEqual([{ host: "", plays: 1, q25: 0, q50: 0, q75: 0, q100: 0, seconds: 0 }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
