/** PRODUCT.md "Client reports": the figures of one company's report over a period, computed by hand. */
import { describe, expect, it } from "vitest";

import { itemDailyTotals } from "~/server/counting/daily-stats.server";

import { REPORT_AT as AT, REPORT_PERIOD as PERIOD, seedClientReport } from "../../../tests/support/client-report";
import { clientReport } from "./client-report.server";

describe("clientReport", () => {
  it("is null for an unknown company", async () => {
    expect(await clientReport("no-such-company", PERIOD)).toBeNull();
  });

  it("sums each item's figures in the period, and only the company's published items", async () => {
    const { client, video, podcast, interview, oldPaid } = await seedClientReport();
    const report = (await clientReport(client.slug, PERIOD, AT))!;
    expect(report.company).toEqual({ name: "Halcyon Gold", tickerLabel: `ASX:${client.ticker}`, slug: client.slug });
    expect(report.period).toEqual(PERIOD);
    expect(report.generatedAt).toBe(AT.toISOString());
    const byTitle = Object.fromEntries(report.items.map((item) => [item.title, item]));
    // Newest first; the draft post and the other company's items are not in it.
    expect(report.items.slice(0, 2).map((item) => item.title)).toEqual(["CEO interview", "Old paid video"]);
    expect(Object.keys(byTitle).sort()).toEqual(["CEO interview", "Drill results", "Gold podcast", "Old paid video"]);
    expect(byTitle["Drill results"]).toMatchObject({
      id: video.id,
      typeLabel: "Video",
      counter: "views",
      hits: 7,
      uniques: 6,
      downloads: null,
      listeners: null,
      plays: { plays: 6, q25: 5, q50: 3, q75: 2, q100: 1, seconds: 600 },
    });
    expect(byTitle["Drill results"]!.url).toMatch(new RegExp(`/video/${video.id}$`));
    expect(byTitle["Gold podcast"]).toMatchObject({
      id: podcast.id,
      counter: "listens",
      hits: 7,
      uniques: 6,
      downloads: 3,
      listeners: 3,
      plays: { plays: 6, q25: 6, q50: 5, q75: 4, q100: 3, seconds: 5400 },
    });
    expect(byTitle["CEO interview"]).toMatchObject({ id: interview.id, counter: "views", hits: 3, uniques: 3, downloads: 2, listeners: 2 });
    expect(byTitle["Old paid video"]).toMatchObject({
      id: oldPaid.id,
      hits: 0,
      uniques: 0,
      downloads: null,
      plays: { plays: 0, seconds: 0 },
    });
    // Listeners: (1 Mar, L1) listened to both episodes and counts once.
    expect(report.totals).toEqual({
      views: 10,
      listens: 7,
      uniques: 15,
      downloads: 5,
      listeners: 4,
      plays: { plays: 12, q25: 11, q50: 8, q75: 6, q100: 4, seconds: 6000 },
    });
    expect(report.embeds).toEqual([{ host: "investors.halcyon.example", plays: 2 }]);
    expect(report.daily).toEqual([
      { day: "2025-03-01", views: 5, listens: 0, downloads: 3 },
      { day: "2025-03-02", views: 0, listens: 7, downloads: 1 },
      { day: "2025-03-03", views: 5, listens: 0, downloads: 1 },
    ]);
    expect(report.referrers).toEqual([
      { value: "direct", hits: 7 },
      { value: "search", hits: 3 },
      { value: "social", hits: 2 },
    ]);
    expect(report.devices).toEqual([
      { value: "desktop", hits: 8 },
      { value: "mobile", hits: 4 },
    ]);
    // The register's paid pieces published in the period: the interview, not the old video.
    expect(report.disclosures).toEqual([
      expect.objectContaining({
        title: "CEO interview",
        payer: "Halcyon Investor Relations",
        consideration: "A$5,000 in cash",
        agreed: "1 September 2026",
      }),
    ]);
  });

  it("its totals equal the dashboard's daily figures for the same items and days", async () => {
    const { client } = await seedClientReport();
    const report = (await clientReport(client.slug, PERIOD, AT))!;
    let views = 0;
    let listens = 0;
    for (const item of report.items) {
      const days = await itemDailyTotals(item.type, item.id, 3, AT);
      expect(days.map((day) => day.day)).toEqual(["2025-03-01", "2025-03-02", "2025-03-03"]);
      const hits = days.reduce((sum, day) => sum + day.hits, 0);
      expect(item.hits, item.title).toBe(hits);
      if (item.counter === "views") views += hits;
      else listens += hits;
    }
    expect([report.totals.views, report.totals.listens]).toEqual([views, listens]);
    expect(report.daily.reduce((sum, day) => sum + day.views, 0)).toBe(report.totals.views);
    expect(report.daily.reduce((sum, day) => sum + day.listens, 0)).toBe(report.totals.listens);
    expect(report.daily.reduce((sum, day) => sum + day.downloads, 0)).toBe(report.totals.downloads);
  });

  it("a period with nothing in it is all zeros, one row a day", async () => {
    const { client } = await seedClientReport();
    const report = (await clientReport(client.slug, { from: "2025-02-01", to: "2025-02-10" }, AT))!;
    expect(report.daily).toHaveLength(10);
    expect(report.daily.every((day) => day.views + day.listens + day.downloads === 0)).toBe(true);
    expect(report.totals).toEqual({
      views: 0,
      listens: 0,
      uniques: 0,
      downloads: 0,
      listeners: 0,
      plays: { plays: 0, q25: 0, q50: 0, q75: 0, q100: 0, seconds: 0 },
    });
    expect(report.embeds).toEqual([]);
    expect(report.disclosures).toEqual([]);
    expect(report.referrers).toEqual([]);
  });
});
