/**
 * Counting a hit on a real database (PRODUCT.md "Counters", "Views over time"): the lifetime counter and
 * the day's figure move together in one statement, and no hit is lost under concurrent calls. Who counts
 * (once per visitor, never a bot) is visitor.server.test.ts's.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { dailyRows, emptyBeforeEach, insertPodcasts, insertVideos, listensOf, MISSING_ID, viewsOf } from "../../../tests/support/content";
import { schema } from "../db/db.server";
import { itemDailyTotals } from "./daily-stats.server";
import { countHit, recordContentHit } from "./record-hit.server";
import type { Visitor } from "./visitor.server";

emptyBeforeEach(schema.contentDailyStats, schema.videos, schema.podcasts);

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => new Date(iso);

/** A visitor of its own, on an address of its own, so every hit counts. */
function newVisitor(): Visitor {
  const n = crypto.randomUUID();
  return { id: `visitor-${n}`, address: `address-${n}` };
}

describe("countHit: the lifetime counter and the day's figure in one statement", () => {
  it("adds a second hit on the same day to the same row, and a hit the next day (UTC) to a new one", async () => {
    const [video] = await insertVideos([{ views: 10 }]);
    expect(await countHit("video", video!.id, at("2026-05-13T00:00:00Z"))).toBe(11);
    expect(await countHit("video", video!.id, at("2026-05-13T23:59:59Z"))).toBe(12);
    expect(await countHit("video", video!.id, at("2026-05-14T00:00:01Z"))).toBe(13);
    expect(await viewsOf(video!.id)).toBe(13);
    expect(await dailyRows()).toEqual([
      ["video", video!.id, "2026-05-13", 2],
      ["video", video!.id, "2026-05-14", 1],
    ]);
  });

  it("counts a podcast's listens under its own type", async () => {
    const [podcast] = await insertPodcasts([{ listens: 4 }]);
    expect(await countHit("podcast", podcast!.id, at("2026-05-13T12:00:00Z"))).toBe(5);
    expect(await listensOf(podcast!.id)).toBe(5);
    expect(await dailyRows()).toEqual([["podcast", podcast!.id, "2026-05-13", 1]]);
  });

  it("writes nothing for a draft, an archived or a scheduled item, an unknown id, a malformed id or the other type's id", async () => {
    const future = new Date(Date.now() + 86_400_000);
    const [draft, archived, scheduled] = await insertVideos([
      { status: "draft", views: 1 },
      { status: "archived", views: 2 },
      { publishedAt: future, views: 3 },
    ]);
    const [podcast] = await insertPodcasts([{ listens: 0 }]);
    for (const id of [draft!.id, archived!.id, scheduled!.id, MISSING_ID, "1 or 1=1", undefined, podcast!.id]) {
      expect(await countHit("video", id)).toBeNull();
    }
    expect([await viewsOf(draft!.id), await viewsOf(archived!.id), await viewsOf(scheduled!.id)]).toEqual([1, 2, 3]);
    expect(await listensOf(podcast!.id)).toBe(0);
    expect(await dailyRows()).toEqual([]);
  });

  it("loses no hit under 20 concurrent calls: the counter and the day's figure both add up exactly", async () => {
    const [video] = await insertVideos([{ views: 100 }]);
    const day = at("2026-05-13T09:00:00Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit("video", video!.id, day)));
    expect([...results].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    expect(await viewsOf(video!.id)).toBe(120);
    expect(await dailyRows()).toEqual([["video", video!.id, "2026-05-13", 20]]);
  });
});

describe("recordContentHit: a video's views", () => {
  it("adds one view and returns the new count", async () => {
    const [video] = await insertVideos([{ views: 41 }]);
    expect(await recordContentHit("video", video.id, newVisitor())).toBe(42);
    expect(await viewsOf(video.id)).toBe(42);
  });

  it("loses no view under 50 concurrent calls", async () => {
    const [video] = await insertVideos([{ views: 7 }]);
    const results = await Promise.all(Array.from({ length: 50 }, () => recordContentHit("video", video.id, newVisitor())));
    expect(await viewsOf(video.id)).toBe(57);
    // Every call saw its own increment: the returned counts are exactly 8..57.
    expect([...results].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 50 }, (_, i) => 8 + i));
  });

  it("does not count views of drafts, unknown ids or malformed ids", async () => {
    const [draft] = await insertVideos([{ status: "draft", views: 5 }]);
    expect(await recordContentHit("video", draft.id, newVisitor())).toBeNull();
    expect(await viewsOf(draft.id)).toBe(5);
    expect(await recordContentHit("video", MISSING_ID, newVisitor())).toBeNull();
    expect(await recordContentHit("video", "1 or 1=1", newVisitor())).toBeNull();
  });

  it('adds the view to the video\'s figure for the day (PRODUCT.md "Views over time")', async () => {
    const [video] = await insertVideos([{ views: 3 }]);
    const today = new Date("2026-05-13T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: today });
    await recordContentHit("video", video.id, newVisitor());
    await recordContentHit("video", video.id, newVisitor());
    expect((await itemDailyTotals("video", video.id, 1, today))[0]).toEqual({ day: "2026-05-13", hits: 2 });
  });
});

describe("recordContentHit: a podcast's listens", () => {
  it("loses no listen under 50 concurrent calls", async () => {
    const [podcast] = await insertPodcasts([{ listens: 10 }]);
    await Promise.all(Array.from({ length: 50 }, () => recordContentHit("podcast", podcast.id, newVisitor())));
    expect(await listensOf(podcast.id)).toBe(60);
  });

  it("returns the new count", async () => {
    const [podcast] = await insertPodcasts([{ listens: 1 }]);
    expect(await recordContentHit("podcast", podcast.id, newVisitor())).toBe(2);
  });

  it("does not count listens of drafts or unknown ids", async () => {
    const [draft] = await insertPodcasts([{ status: "draft", listens: 4 }]);
    expect(await recordContentHit("podcast", draft.id, newVisitor())).toBeNull();
    expect(await listensOf(draft.id)).toBe(4);
    expect(await recordContentHit("podcast", MISSING_ID, newVisitor())).toBeNull();
    expect(await recordContentHit("podcast", "x", newVisitor())).toBeNull();
  });

  it('adds the listen to the podcast\'s figure for the day (PRODUCT.md "Views over time")', async () => {
    const [podcast] = await insertPodcasts([{ listens: 0 }]);
    const today = new Date("2026-05-13T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: today });
    expect(await recordContentHit("podcast", podcast.id, newVisitor())).toBe(1);
    expect((await itemDailyTotals("podcast", podcast.id, 1, today))[0]).toEqual({ day: "2026-05-13", hits: 1 });
  });
});
