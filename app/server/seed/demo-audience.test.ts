import { describe, expect, it } from "vitest";

import { demoAudience } from "./demo-audience";

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
