/** PRODUCT.md "Client reports": the figures of one company's report over a period, computed by hand. */
import { describe, expect, it } from "vitest";

import type { ContentType } from "~/lib/content-types";
import { itemDailyTotals } from "~/server/counting/daily-stats.server";
import { getDb, schema } from "~/server/db/db.server";

import { insertCompany } from "../../../tests/support/companies";
import { insertBlogs, insertInterviews, insertPodcasts, insertVideos } from "../../../tests/support/content";
import { PAID, tagItem } from "../../../tests/support/item-promotion";
import { clientReport } from "./client-report.server";

const PERIOD = { from: "2025-03-01", to: "2025-03-03" };
const AT = new Date("2025-03-03T12:00:00Z");

/**
 * A client with a video, a podcast and a paid interview (published in the period), a draft post and an old
 * paid video; another company with a video and a podcast. Figures on both sides of the period.
 */
async function seedClientReport() {
  const client = await insertCompany({ name: "Halcyon Gold" });
  const other = await insertCompany();
  const [video, oldPaid] = await insertVideos([{ title: "Drill results" }, { title: "Old paid video", ...PAID }]);
  const [podcast, otherPodcast] = await insertPodcasts([{ title: "Gold podcast" }, { title: "Other podcast" }]);
  const [interview] = await insertInterviews([{ title: "CEO interview", publishedAt: new Date("2025-03-02T09:00:00Z"), ...PAID }]);
  const [draft] = await insertBlogs([{ title: "Draft post", status: "draft", publishedAt: null }]);
  const [otherVideo] = await insertVideos([{ title: "Other video" }]);
  await tagItem("video", video!.id, [client.id]);
  await tagItem("video", oldPaid!.id, [client.id]);
  await tagItem("podcast", podcast!.id, [client.id]);
  await tagItem("interview", interview!.id, [client.id]);
  await tagItem("blog", draft!.id, [client.id]);
  await tagItem("video", otherVideo!.id, [other.id]);
  await tagItem("podcast", otherPodcast!.id, [other.id]);

  const db = await getDb();
  const stat = (contentType: ContentType, contentId: string, day: string, hits: number, uniques: number) => ({
    contentType,
    contentId,
    day,
    hits,
    uniques,
  });
  await db.insert(schema.contentDailyStats).values([
    stat("video", video!.id, "2025-03-01", 5, 4),
    stat("video", video!.id, "2025-03-03", 2, 2),
    stat("video", video!.id, "2025-02-28", 100, 90), // before the period
    stat("podcast", podcast!.id, "2025-03-02", 7, 6),
    stat("podcast", podcast!.id, "2025-03-04", 50, 40), // after it
    stat("interview", interview!.id, "2025-03-03", 3, 3),
    stat("blog", draft!.id, "2025-03-01", 77, 77), // not published
    stat("video", otherVideo!.id, "2025-03-01", 1000, 900), // another company's
  ]);
  const audience = (
    contentType: ContentType,
    contentId: string,
    day: string,
    dimension: "referrer" | "referrer_host" | "device",
    value: string,
    hits: number,
  ) => ({
    contentType,
    contentId,
    day,
    dimension,
    value,
    hits,
  });
  await db
    .insert(schema.contentDailyAudience)
    .values([
      audience("video", video!.id, "2025-03-01", "referrer", "search", 3),
      audience("video", video!.id, "2025-03-01", "referrer", "social", 2),
      audience("video", video!.id, "2025-03-01", "referrer_host", "google.com", 3),
      audience("video", video!.id, "2025-03-01", "device", "mobile", 4),
      audience("video", video!.id, "2025-03-01", "device", "desktop", 1),
      audience("video", video!.id, "2025-02-28", "referrer", "search", 100),
      audience("podcast", podcast!.id, "2025-03-02", "referrer", "direct", 7),
      audience("podcast", podcast!.id, "2025-03-02", "device", "desktop", 7),
      audience("video", otherVideo!.id, "2025-03-01", "referrer", "search", 1000),
    ]);
  const download = (episodeType: "podcast" | "interview", episodeId: string, day: string, listener: string) => ({
    episodeType,
    episodeId,
    day,
    listener,
    countedAt: new Date(`${day}T10:00:00Z`),
  });
  await db.insert(schema.podcastDownloads).values([
    download("podcast", podcast!.id, "2025-03-01", "L1"),
    download("podcast", podcast!.id, "2025-03-01", "L2"),
    download("podcast", podcast!.id, "2025-03-02", "L1"),
    download("podcast", podcast!.id, "2025-03-04", "L3"), // after the period
    download("interview", interview!.id, "2025-03-01", "L1"), // the same listener on the same day as the podcast's
    download("interview", interview!.id, "2025-03-03", "L4"),
    download("podcast", otherPodcast!.id, "2025-03-01", "L9"), // another company's
  ]);
  return { client, other, video: video!, podcast: podcast!, interview: interview!, draft: draft!, oldPaid: oldPaid! };
}

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
    });
    expect(byTitle["Drill results"]!.url).toMatch(new RegExp(`/video/${video.id}$`));
    expect(byTitle["Gold podcast"]).toMatchObject({ id: podcast.id, counter: "listens", hits: 7, uniques: 6, downloads: 3, listeners: 3 });
    expect(byTitle["CEO interview"]).toMatchObject({ id: interview.id, counter: "views", hits: 3, uniques: 3, downloads: 2, listeners: 2 });
    expect(byTitle["Old paid video"]).toMatchObject({ id: oldPaid.id, hits: 0, uniques: 0, downloads: null });
    // Listeners: (1 Mar, L1) listened to both episodes and counts once.
    expect(report.totals).toEqual({ views: 10, listens: 7, uniques: 15, downloads: 5, listeners: 4 });
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
    expect(report.totals).toEqual({ views: 0, listens: 0, uniques: 0, downloads: 0, listeners: 0 });
    expect(report.disclosures).toEqual([]);
    expect(report.referrers).toEqual([]);
  });
});
