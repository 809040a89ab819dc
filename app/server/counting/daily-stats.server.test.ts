import { describe, expect, it } from "vitest";

import { emptyBeforeEach, insertPodcasts, insertVideos } from "../../../tests/support/content";
import { getDb, schema } from "../db/db.server";
import { DAILY_WINDOW_DAYS, dailyTotals, itemDailyTotals, utcDay } from "./daily-stats.server";
import { recordContentHit } from "./record-hit.server";

const { contentDailyStats } = schema;

emptyBeforeEach(contentDailyStats, schema.videos, schema.podcasts);

const at = (iso: string) => new Date(iso);

/** Stores a day's figure directly. */
async function storeDay(contentType: string, contentId: string, day: string, hits: number) {
  const db = await getDb();
  await db.insert(contentDailyStats).values({ contentType, contentId, day, hits });
}

describe("dailyTotals: the dashboard's figures", () => {
  const today = at("2026-05-13T15:00:00Z");

  it("gives 30 days, oldest first and ending today (UTC), with a zero for each day without hits", async () => {
    const totals = await dailyTotals(DAILY_WINDOW_DAYS, today);
    expect(totals).toHaveLength(30);
    expect(totals[0]).toEqual({ day: "2026-04-14", views: 0, listens: 0 });
    expect(totals.at(-1)).toEqual({ day: "2026-05-13", views: 0, listens: 0 });
    // Consecutive days, across the end of a month.
    const days = totals.map((t) => t.day);
    expect(days).toContain("2026-04-30");
    expect(days).toContain("2026-05-01");
    expect(new Set(days).size).toBe(30);
    expect([...days].sort()).toEqual(days);
  });

  it("sums every item's hits per day, views and listens apart, and leaves out days outside the window", async () => {
    const [a, b] = await insertVideos([{}, {}]);
    const [p] = await insertPodcasts([{}]);
    await storeDay("video", a!.id, "2026-05-13", 3);
    await storeDay("video", b!.id, "2026-05-13", 4);
    await storeDay("podcast", p!.id, "2026-05-13", 2);
    await storeDay("video", a!.id, "2026-04-14", 1);
    await storeDay("podcast", p!.id, "2026-05-01", 5);
    // Outside: the day before the window and a day after today.
    await storeDay("video", a!.id, "2026-04-13", 100);
    await storeDay("video", a!.id, "2026-05-14", 100);

    const totals = await dailyTotals(DAILY_WINDOW_DAYS, today);
    const byDay = new Map(totals.map((t) => [t.day, t]));
    expect(byDay.get("2026-05-13")).toEqual({ day: "2026-05-13", views: 7, listens: 2 });
    expect(byDay.get("2026-05-01")).toEqual({ day: "2026-05-01", views: 0, listens: 5 });
    expect(totals[0]).toEqual({ day: "2026-04-14", views: 1, listens: 0 });
    expect(totals.reduce((sum, t) => sum + t.views, 0)).toBe(8);
    expect(totals.reduce((sum, t) => sum + t.listens, 0)).toBe(7);
  });

  it("shows a hit counted now on today's date", async () => {
    const [video] = await insertVideos([{}]);
    await recordContentHit("video", video!.id, { id: "daily-visitor", address: "daily-address" });
    const totals = await dailyTotals();
    expect(totals.at(-1)).toEqual({ day: utcDay(new Date()), views: 1, listens: 0 });
  });

  it("takes another number of days", async () => {
    expect((await dailyTotals(7, today)).map((t) => t.day)).toEqual([
      "2026-05-07",
      "2026-05-08",
      "2026-05-09",
      "2026-05-10",
      "2026-05-11",
      "2026-05-12",
      "2026-05-13",
    ]);
  });
});

describe("itemDailyTotals: an edit screen's figures", () => {
  const today = at("2026-05-13T01:00:00Z");

  it("gives one item's hits for each of the 30 days, zero-filled, and nobody else's", async () => {
    const [mine, other] = await insertVideos([{}, {}]);
    await storeDay("video", mine!.id, "2026-05-13", 6);
    await storeDay("video", mine!.id, "2026-05-10", 2);
    await storeDay("video", other!.id, "2026-05-13", 50);
    // The same uuid under another type is another item.
    await storeDay("podcast", mine!.id, "2026-05-13", 70);

    const totals = await itemDailyTotals("video", mine!.id, DAILY_WINDOW_DAYS, today);
    expect(totals).toHaveLength(30);
    expect(totals.at(-1)).toEqual({ day: "2026-05-13", hits: 6 });
    expect(totals.at(-4)).toEqual({ day: "2026-05-10", hits: 2 });
    expect(totals.reduce((sum, t) => sum + t.hits, 0)).toBe(8);
  });

  it("is all zeros for an id that is not a uuid", async () => {
    const totals = await itemDailyTotals("video", "not-a-uuid", 3, today);
    expect(totals).toEqual([
      { day: "2026-05-11", hits: 0 },
      { day: "2026-05-12", hits: 0 },
      { day: "2026-05-13", hits: 0 },
    ]);
  });
});
