import { describe, expect, it } from "vitest";

import { demoAudience, demoPlays } from "./demo-audience";

const FIGURES = [
  { day: "2026-12-01", hits: 1_000 },
  { day: "2026-12-02", hits: 7 },
];

describe('demoAudience (PRODUCT.md "Measurement")', () => {
  const { rows, uniques } = demoAudience(FIGURES, "item-1");
  const sum = (day: string, dimension: string) =>
    rows.filter((r) => r.day === day && r.dimension === dimension).reduce((a, r) => a + r.hits, 0);

  it("splits every day's views by referrer and by device into parts that add up to the day's figure", () => {
    for (const { day, hits } of FIGURES) {
      expect(sum(day, "referrer")).toBe(hits);
      expect(sum(day, "device")).toBe(hits);
    }
  });

  it("names the hosts of search, social and other, adding up to their group", () => {
    const search = rows.find((r) => r.day === "2026-12-01" && r.dimension === "referrer" && r.value === "search")!.hits;
    const hosts = rows.filter(
      (r) =>
        r.day === "2026-12-01" && r.dimension === "referrer_host" && ["www.google.com", "www.bing.com", "duckduckgo.com"].includes(r.value),
    );
    expect(hosts.reduce((a, r) => a + r.hits, 0)).toBe(search);
    expect(search).toBeGreaterThan(200);
    expect(search).toBeLessThan(400);
  });

  it("gives fewer uniques than views, at least one a day, the same on every seed", () => {
    expect(uniques.get("2026-12-01")).toBe(820);
    expect(uniques.get("2026-12-02")).toBe(6);
    expect(demoAudience(FIGURES, "item-1")).toEqual({ rows, uniques });
    expect(demoAudience(FIGURES, "item-2").rows).not.toEqual(rows);
  });
});

describe('demoPlays (PRODUCT.md "Measurement")', () => {
  const rows = demoPlays(FIGURES, { seed: "item-1", counter: "views", duration: 600 });

  it("plays a share of the views, each quarter reached by no more plays than the one before", () => {
    expect(rows.map((row) => row.plays)).toEqual([600, 4]);
    for (const row of rows) {
      expect([row.q25, row.q50, row.q75, row.q100]).toEqual([row.q25, row.q50, row.q75, row.q100].sort((a, b) => b - a));
      expect(row.q25).toBeLessThanOrEqual(row.plays);
    }
    expect(rows[0]!.q100 / rows[0]!.plays).toBeGreaterThan(0.2);
    expect(rows[0]!.q100 / rows[0]!.plays).toBeLessThan(0.4);
  });

  it("counts whole quarters reached and half the quarter a play stopped in", () => {
    const [row] = rows;
    expect(row!.seconds).toBe(Math.round(150 * (row!.q25 + row!.q50 + row!.q75 + row!.q100) + 75 * (row!.plays - row!.q100)));
    // A podcast's listens are its plays.
    expect(demoPlays(FIGURES, { seed: "p", counter: "listens", duration: 60 }).map((r) => r.plays)).toEqual([1_000, 7]);
    expect(demoPlays([{ day: "2026-12-01", hits: 0 }], { seed: "p", counter: "views", duration: 60 })).toEqual([]);
  });
});
