import { describe, expect, it } from "vitest";

import { DEMO_DOWNLOAD_DAYS, demoDownloads } from "./demo-downloads";

const NOW = new Date("2026-12-07T10:30:00Z");
const args = {
  episodeType: "podcast" as const,
  episodeId: "episode-1",
  total: 2_000,
  publishedAt: new Date("2026-11-01T08:00:00Z"),
  now: NOW,
};

describe('demoDownloads (PRODUCT.md "Measurement")', () => {
  it("is the same on every seed", () => {
    expect(demoDownloads(args)).toEqual(demoDownloads(args));
  });

  it("spreads at most the total over the days since publication, none after now, each listener once", () => {
    const downloads = demoDownloads(args);
    expect(downloads.length).toBeGreaterThan(1_500);
    expect(downloads.length).toBeLessThanOrEqual(2_000);
    expect(downloads.every((d) => d.day >= "2026-11-01" && d.day <= "2026-12-07" && d.countedAt <= NOW)).toBe(true);
    expect(downloads.every((d) => d.countedAt.toISOString().slice(0, 10) === d.day)).toBe(true);
    expect(new Set(downloads.map((d) => `${d.day} ${d.listener}`)).size).toBe(downloads.length);
  });

  it("keeps only the last 90 days of an old episode, and names apps in the hosts' proportions", () => {
    const downloads = demoDownloads({ ...args, publishedAt: new Date("2025-06-01T00:00:00Z") });
    const oldest = new Date(NOW.getTime() - (DEMO_DOWNLOAD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    expect(downloads.every((d) => d.day >= oldest)).toBe(true);
    const recent = demoDownloads(args);
    const share = recent.filter((d) => d.app === "Apple Podcasts").length / recent.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.55);
  });
});
