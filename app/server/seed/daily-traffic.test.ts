import { describe, expect, it } from "vitest";

import { demoDailyFigures, seededRandom } from "./daily-traffic";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A Wednesday afternoon (UTC). */
const NOW = new Date("2026-05-13T15:30:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const sum = (figures: { hits: number }[]) => figures.reduce((total, figure) => total + figure.hits, 0);
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe("demoDailyFigures", () => {
  it.each([
    ["published today, 18,420 views", 18_420, 0.4],
    ["a day old, 1.24 M views", 1_240_000, 1.2],
    ["three weeks old", 86_300, 21],
    ["older than the window", 540_000, 200],
    ["a year old, few views", 37, 365],
    ["one view", 1, 3],
  ])("never adds up to more than the total, nor reaches before publication or after today: %s", (_case, total, age) => {
    const publishedAt = daysAgo(age);
    const figures = demoDailyFigures({ total, publishedAt, now: NOW, seed: "item" });
    expect(sum(figures)).toBeLessThanOrEqual(total);
    expect(figures.length).toBeLessThanOrEqual(60);
    const days = figures.map((figure) => figure.day);
    expect([...new Set(days)].sort()).toEqual(days);
    for (const day of days) {
      expect(day >= publishedAt.toISOString().slice(0, 10)).toBe(true);
      expect(day <= NOW.toISOString().slice(0, 10)).toBe(true);
    }
    expect(figures.every((figure) => Number.isInteger(figure.hits) && figure.hits > 0)).toBe(true);
  });

  it("puts nearly all of a young item's total inside the window, and only a share of an old item's", () => {
    const young = demoDailyFigures({ total: 100_000, publishedAt: daysAgo(10), now: NOW, seed: "young" });
    // Rounding down loses less than one hit a day.
    expect(sum(young)).toBeGreaterThan(100_000 - 11);
    const old = demoDailyFigures({ total: 100_000, publishedAt: daysAgo(300), now: NOW, seed: "old" });
    expect(sum(old)).toBeGreaterThan(0);
    expect(sum(old)).toBeLessThan(50_000);
    expect(old).toHaveLength(60);
  });

  it("peaks in the first days after publication, then decays", () => {
    const publishedAt = daysAgo(20);
    const figures = demoDailyFigures({ total: 500_000, publishedAt, now: NOW, seed: "peak" });
    const peak = figures.reduce((best, figure) => (figure.hits > best.hits ? figure : best));
    const peakAge = (Date.parse(`${peak.day}T00:00:00Z`) - Date.parse(`${figures[0]!.day}T00:00:00Z`)) / DAY_MS;
    expect(figures[0]!.day).toBe(publishedAt.toISOString().slice(0, 10));
    expect(peakAge).toBeLessThanOrEqual(2);
    expect(figures.at(-1)!.hits).toBeLessThan(peak.hits / 10);
  });

  it("has more readers on weekdays than at weekends, on average", () => {
    for (const age of [300, 45]) {
      const figures = demoDailyFigures({ total: 2_000_000, publishedAt: daysAgo(age), now: NOW, seed: `rhythm-${age}` });
      // The launch peak aside: the last five weeks only.
      const tail = figures.slice(-35);
      const weekdays = mean(tail.filter((figure) => !isWeekend(figure.day)).map((figure) => figure.hits));
      const weekends = mean(tail.filter((figure) => isWeekend(figure.day)).map((figure) => figure.hits));
      expect(weekdays).toBeGreaterThan(weekends * 1.2);
    }
  });

  it("is the same for the same item and moment, and differs from item to item", () => {
    const args = { total: 86_300, publishedAt: daysAgo(30), now: NOW };
    expect(demoDailyFigures({ ...args, seed: "a" })).toEqual(demoDailyFigures({ ...args, seed: "a" }));
    expect(demoDailyFigures({ ...args, seed: "a" })).not.toEqual(demoDailyFigures({ ...args, seed: "b" }));
  });

  it("has no figures for an item without views or published after now", () => {
    expect(demoDailyFigures({ total: 0, publishedAt: daysAgo(5), now: NOW, seed: "none" })).toEqual([]);
    expect(demoDailyFigures({ total: 100, publishedAt: daysAgo(-2), now: NOW, seed: "later" })).toEqual([]);
  });
});

describe("seededRandom", () => {
  it("gives the same numbers in [0, 1) for the same seed", () => {
    const a = seededRandom("x");
    const b = seededRandom("x");
    const numbers = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(numbers);
    expect(numbers.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(numbers).size).toBe(100);
  });
});
