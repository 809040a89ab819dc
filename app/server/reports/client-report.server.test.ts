/** PRODUCT.md "Client reports": the figures of one company's report over a period, computed by hand. */
import { and, between, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { clickRate, NO_MAIL } from "~/lib/client-report";
import { deleteContent, listContent } from "~/server/content/admin-content.server";
import { itemDailyTotals } from "~/server/counting/daily-stats.server";
import { getDb, schema } from "~/server/db/db.server";
import { countNewDownloads } from "~/server/measurement/downloads-job.server";

import { REPORT_AT as AT, REPORT_PERIOD as PERIOD, seedClientReport } from "../../../tests/support/client-report";
import { clientReport, clientReportRows } from "./client-report.server";

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
    // Listeners: the items' summed; (1 Mar, L1), a listener of both episodes, counts for each.
    expect(report.totals).toEqual({
      views: 10,
      listens: 7,
      uniques: 15,
      downloads: 5,
      listeners: 5,
      plays: { plays: 12, q25: 11, q50: 8, q75: 6, q100: 4, seconds: 6000 },
      mail: { newsletterSends: 400, newsletterClicks: 18, alertSends: 80, alertClicks: 6 },
    });
    // Loads from the frames' counted views, plays from their players; a host with loads and no plays is listed.
    expect(report.embeds).toEqual([
      { host: "investors.halcyon.example", loads: 2, plays: 2 },
      { host: "ir.example.org", loads: 1, plays: 0 },
    ]);
    expect(report.items.every((item) => !item.deleted)).toBe(true);
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

  it("sums each item's newsletter and alert sends and clicks in the period, and only the company's published items", async () => {
    const { client, video, podcast, interview, oldPaid } = await seedClientReport();
    const report = (await clientReport(client.slug, PERIOD, AT))!;
    const mailOf = (id: string) => report.items.find((item) => item.id === id)?.mail;
    // The video: the edition of 1 Mar and the presses of the day after, its alert of 3 Mar; not 28 Feb's edition.
    expect(mailOf(video.id)).toEqual({ newsletterSends: 400, newsletterClicks: 18, alertSends: 50, alertClicks: 4 });
    // The podcast: its alert of 2 Mar; the edition of 4 Mar is after the period.
    expect(mailOf(podcast.id)).toEqual({ newsletterSends: 0, newsletterClicks: 0, alertSends: 30, alertClicks: 2 });
    expect(mailOf(interview.id)).toEqual(NO_MAIL);
    expect(mailOf(oldPaid.id)).toEqual(NO_MAIL);
    // The draft's and the other company's mails are not the client's.
    expect(report.totals.mail).toEqual({ newsletterSends: 400, newsletterClicks: 18, alertSends: 80, alertClicks: 6 });
    // The click rates the page and the PDF show: 18 of 400 and 6 of 80; the interview has no sends.
    const { mail } = report.totals;
    expect([clickRate(mail.newsletterClicks, mail.newsletterSends), clickRate(mail.alertClicks, mail.alertSends)]).toEqual([
      "4.5%",
      "7.5%",
    ]);
    expect(clickRate(mailOf(video.id)!.alertClicks, mailOf(video.id)!.alertSends)).toBe("8%");
    expect(clickRate(mailOf(interview.id)!.newsletterClicks, mailOf(interview.id)!.newsletterSends)).toBeNull();

    const rows = clientReportRows(report);
    expect(rows.find((row) => row[0] === "Drill results")?.slice(-4)).toEqual([400, 18, 50, 4]);
    expect(rows.at(-1)?.slice(-4)).toEqual([400, 18, 80, 6]);
  });

  it("its mail totals equal the daily mail figures summed for the same items and days, and its rows add up to them", async () => {
    const { client } = await seedClientReport();
    const report = (await clientReport(client.slug, PERIOD, AT))!;
    const db = await getDb();
    const m = schema.contentDailyMail;
    const direct = await db
      .select({
        channel: m.channel,
        sends: sql<number>`sum(${m.sends})::int`,
        clicks: sql<number>`sum(${m.clicks})::int`,
      })
      .from(m)
      .where(
        and(
          inArray(
            m.contentId,
            report.items.map((item) => item.id),
          ),
          between(m.day, PERIOD.from, PERIOD.to),
        ),
      )
      .groupBy(m.channel)
      .orderBy(m.channel);
    expect(direct).toEqual([
      { channel: "alert", sends: report.totals.mail.alertSends, clicks: report.totals.mail.alertClicks },
      { channel: "newsletter", sends: report.totals.mail.newsletterSends, clicks: report.totals.mail.newsletterClicks },
    ]);
    // The CSV's TOTAL row is each mail column's sum.
    const rows = clientReportRows(report);
    const body = rows.slice(0, -1);
    for (let column = rows[0]!.length - 4; column < rows[0]!.length; column++)
      expect(rows.at(-1)![column]).toBe(body.reduce((sum, row) => sum + Number(row[column]), 0));
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

  it("gives the same figures after the downloads job rolls the per-listener rows up into daily figures", async () => {
    const { client, podcast, interview } = await seedClientReport();
    const db = await getDb();
    // Two apps on one day: the daily figures keep the app, and the listeners add up across them.
    await db.update(schema.podcastDownloads).set({ app: "Overcast" }).where(eq(schema.podcastDownloads.listener, "L2"));
    const before = (await clientReport(client.slug, PERIOD, AT))!;
    const adminDownloads = async () => {
      const { items } = await listContent("podcast", { q: "Gold podcast" });
      return items.find((item) => item.id === podcast.id)!.downloads;
    };
    expect(await adminDownloads()).toBe(4);

    // The seeded days (2025) are long past the retention.
    const run = await countNewDownloads({ retentionDays: 30 });
    expect(run!.rolledUp).toBeGreaterThanOrEqual(7);
    const ours = <Row extends { episodeId: string }>(rows: Row[]) =>
      rows.filter((row) => [podcast.id, interview.id].includes(row.episodeId));
    expect(ours(await db.select().from(schema.podcastDownloads))).toEqual([]);
    const rolled = ours(await db.select().from(schema.podcastDailyDownloads))
      .map((row) => [row.episodeType, row.day, row.app, row.downloads, row.listeners])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(rolled).toEqual([
      ["interview", "2025-03-01", null, 1, 1],
      ["interview", "2025-03-03", null, 1, 1],
      ["podcast", "2025-03-01", "Overcast", 1, 1],
      ["podcast", "2025-03-01", null, 1, 1],
      ["podcast", "2025-03-02", null, 1, 1],
      ["podcast", "2025-03-04", null, 1, 1],
    ]);

    expect(await clientReport(client.slug, PERIOD, AT)).toEqual(before);
    expect(await adminDownloads()).toBe(4);
    // A listener counted late for a rolled-up day adds to it.
    await db.insert(schema.podcastDownloads).values({
      episodeType: "podcast",
      episodeId: podcast.id,
      day: "2025-03-02",
      listener: "L5",
      countedAt: new Date("2025-03-02T10:00:00Z"),
    });
    const after = (await clientReport(client.slug, PERIOD, AT))!;
    expect(after.items.find((item) => item.id === podcast.id)).toMatchObject({ downloads: 4, listeners: 4 });
    expect(after.totals).toEqual({ ...before.totals, downloads: 6, listeners: 6 });
  });

  it("keeps a deleted item, marked, with its figures: the totals do not change", async () => {
    const { client, video, podcast, draft } = await seedClientReport();
    const before = (await clientReport(client.slug, PERIOD, AT))!;
    expect(await deleteContent("podcast", podcast.id)).toBe(true);
    expect(await deleteContent("video", video.id)).toBe(true);
    expect(await deleteContent("blog", draft.id)).toBe(true);
    const after = (await clientReport(client.slug, PERIOD, AT))!;
    const deleted = new Set([podcast.id, video.id]);
    expect(after.items).toEqual(before.items.map((item) => ({ ...item, deleted: deleted.has(item.id) })));
    expect(after.totals).toEqual(before.totals);
    expect(after.daily).toEqual(before.daily);
    expect([after.referrers, after.devices, after.embeds]).toEqual([before.referrers, before.devices, before.embeds]);
    const csv = clientReportRows(after);
    expect(csv.find((row) => row[0] === "Gold podcast")?.slice(1, 3)).toEqual(["Podcast", "Deleted"]);
    expect(csv.at(-1)).toEqual(["TOTAL", null, null, null, 10, 7, 15, 5, 5, 12, 11, 8, 6, 4, 500, 400, 18, 80, 6]);
    // The deleted podcast keeps its alert's figures in the report and the CSV.
    expect(after.items.find((item) => item.id === podcast.id)?.mail).toEqual({ ...NO_MAIL, alertSends: 30, alertClicks: 2 });
    expect(csv.find((row) => row[0] === "Gold podcast")?.slice(-4)).toEqual([0, 0, 30, 2]);
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
      mail: NO_MAIL,
    });
    expect(report.embeds).toEqual([]);
    expect(report.disclosures).toEqual([]);
    expect(report.referrers).toEqual([]);
  });
});
