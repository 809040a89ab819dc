/** PRODUCT.md "Client reports": the report's PDF, read back as text: its figures, long titles, many items, odd letters. */
import { describe, expect, it } from "vitest";

import type { ContentType } from "~/lib/content-types";

import { pdfText as readPdf } from "../../../tests/support/pdf-text";
import { clientReportPdf, pdfText } from "./client-report-pdf.server";
import type { ClientReport, ReportItem } from "./client-report.server";

const LONG_TITLE =
  "Halcyon Gold's managing director on the drilling results at the Western Australian project, the funding of the next stage and what the offtake partners expect";

function item(index: number): ReportItem {
  const episode = index % 3 === 0;
  const type: ContentType = episode ? "podcast" : "video";
  return {
    type,
    id: `id-${index}`,
    typeLabel: episode ? "Podcast" : "Video",
    title: index % 10 === 0 ? `${LONG_TITLE} (part ${index})` : `Item number ${index}`,
    url: `https://example.com/${type}/id-${index}`,
    publishedAt: "2026-10-15T08:00:00.000Z",
    counter: episode ? "listens" : "views",
    hits: 1000 + index,
    uniques: 900 + index,
    downloads: episode ? 10 + index : null,
    listeners: episode ? 5 + index : null,
    deleted: false,
    plays: { plays: 100, q25: 80, q50: 60, q75: 40, q100: 25, seconds: 30_000 },
    mail: { newsletterSends: 2_000, newsletterClicks: 90, alertSends: index, alertClicks: index === 0 ? 0 : 1 },
  };
}

function report(overrides: Partial<ClientReport> = {}): ClientReport {
  return {
    company: { name: "Halcyon Gold", tickerLabel: "ASX:HGD", slug: "halcyon-gold" },
    period: { from: "2026-11-01", to: "2026-11-03" },
    generatedAt: "2026-12-07T12:05:00.000Z",
    items: [item(0), item(1)],
    totals: {
      views: 1234567,
      listens: 1000,
      uniques: 1801,
      downloads: 10,
      listeners: 5,
      plays: { plays: 200, q25: 160, q50: 120, q75: 80, q100: 50, seconds: 60_000 },
      mail: { newsletterSends: 4_000, newsletterClicks: 180, alertSends: 1, alertClicks: 1 },
    },
    daily: [
      { day: "2026-11-01", views: 1000, listens: 0, downloads: 3 },
      { day: "2026-11-02", views: 0, listens: 7, downloads: 1 },
      { day: "2026-11-03", views: 234, listens: 0, downloads: 1 },
    ],
    referrers: [
      { value: "search", hits: 600 },
      { value: "newsletter", hits: 12 },
    ],
    devices: [{ value: "mobile", hits: 612 }],
    embeds: [{ host: "investors.halcyon.example", loads: 5, plays: 3 }],
    disclosures: [
      {
        key: "interview:1",
        typeLabel: "Interview",
        title: "CEO interview",
        url: "https://example.com/interview/1",
        publishedAt: "2026-11-02T09:00:00.000Z",
        payer: "Halcyon Gold Ltd",
        consideration: "A$7,500 in cash",
        agreed: "3 October 2026",
      },
    ],
    ...overrides,
  };
}

const TABLE_HEADER = "Title Published Views Listens Uniques Downloads Listeners";
// The coverage table's title column: from the left margin to the 'Published' column.
const inTitleColumn = (x: number) => x >= 40 && x < 40 + 195;

describe("the client report's PDF", () => {
  it("is a PDF with the header, the totals, the coverage with its TOTAL row, plays, mail, the audience and the register", async () => {
    const pdf = await clientReportPdf(report());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { pages, lines } = await readPdf(pdf);
    expect(pages).toBe(2);
    expect(lines.flat()).toEqual([
      "Client report: Halcyon Gold",
      "ASX:HGD · Nov 1, 2026 to Nov 3, 2026 (3 days)",
      "Generated 2026-12-07 12:05 UTC",
      "Views Listens Unique visitors (daily) Downloads (IAB) Listeners",
      "1,234,567 1,000 1,801 10 5",
      "Day by day",
      "1,000", // the chart's scale: the busiest day's views and listens
      "0",
      "Nov 1, 2026 Views Listens Downloads Nov 3, 2026",
      "Coverage",
      TABLE_HEADER,
      // The long title wraps in its column; its row's figures stand on its first line, its type under it.
      "Halcyon Gold's managing director on the drilling results 2026-10-15 — 1,000 900 10 5",
      "at the Western Australian project, the funding of the",
      "next stage and what the offtake partners expect (part 0)",
      "Podcast",
      "Item number 1 2026-10-15 1,001 — 901 — —",
      "Video",
      "TOTAL 1,234,567 1,000 1,801 10 5",
      expect.stringMatching(/^Uniques: each day's unique visitors, summed over the days\./),
      expect.stringMatching(/listeners are each episode's distinct listeners per day, summed over the days and the episodes/),
      "listens, not views; only episodes are downloaded).",
      "Plays and completion",
      "Title Plays 25% 50% 75% Completed Average time",
      // The share of plays reaching each quarter, and the average time played: 30,000 s over 100 plays.
      expect.stringMatching(/^Halcyon Gold's managing director on the drilling results .*100 80% 60% 40% 25% 5:00$/),
      expect.any(String),
      expect.any(String),
      "Podcast",
      "Item number 1 100 80% 60% 40% 25% 5:00",
      "Video",
      "TOTAL 200 80% 60% 40% 25% 5:00",
      // Each item's mails and the presses of its link; a click rate is a dash without sends.
      "Mail",
      "Title Newsletter Newsletter Newsletter Alert sends Alert clicks Alert click",
      "sends clicks click rate rate",
      "Halcyon Gold's managing director on the drilling 2,000 90 4.5% 0 0 —",
      "results at the Western Australian project, the funding of",
      "the next stage and what the offtake partners expect",
      "(part 0)",
      "Podcast",
      "Item number 1 2,000 90 4.5% 1 1 100%",
      "Video",
      "TOTAL 4,000 180 4.5% 1 1 100%",
      expect.stringMatching(/^Sends: newsletter editions and company alerts our mail server handed over carrying the item\. Clicks: /),
      "reader in 30 minutes. Click rate: clicks as a share of sends.",
      "MarketWire · Client report: Halcyon Gold · Nov 1, 2026 to Nov 3, 2026 (3 days) · Page 1 of 2",
      "Referrers",
      "Referrer Views and listens",
      "Search 600",
      "Newsletter 12",
      "Devices",
      "Device Views and listens",
      "Mobile 612",
      "Embeds",
      "Site Loads Plays",
      "investors.halcyon.example 5 3",
      "Disclosure register",
      "Title Paid by Paid Agreed Published",
      "CEO interview Halcyon Gold Ltd A$7,500 in cash 3 October 2026 Nov 2, 2026",
      "Interview",
      "MarketWire · Client report: Halcyon Gold · Nov 1, 2026 to Nov 3, 2026 (3 days) · Page 2 of 2",
    ]);
  });

  it("wraps long titles and runs many items on to new pages, the table's header on each, every title whole", async () => {
    const items = Array.from({ length: 150 }, (_, index) => item(index));
    const { pages, lines, items: drawn } = await readPdf(await clientReportPdf(report({ items })));
    expect(pages).toBeGreaterThanOrEqual(4);
    // Every page the table runs on starts with its header; the footer numbers every page.
    const withRows = lines.filter((page) => page.some((line) => /^Item number \d+ 2026-10-15 /.test(line)));
    expect(withRows.length).toBeGreaterThanOrEqual(4);
    for (const page of withRows) expect(page).toContain(TABLE_HEADER);
    lines.forEach((page, index) => expect(page.at(-1)).toMatch(new RegExp(` · Page ${index + 1} of ${pages}$`)));
    // The title column read top to bottom, page after page, holds each title in full (wrapped at spaces).
    const titleColumn = drawn
      .filter((piece) => inTitleColumn(piece.x))
      .map((piece) => piece.text)
      .join(" ")
      .replace(/\s+/g, " ");
    let from = 0;
    for (const each of items) {
      const at = titleColumn.indexOf(`${each.title} ${each.typeLabel}`, from);
      expect(at, each.title).toBeGreaterThanOrEqual(from);
      from = at;
    }
    // A long title took more than one line.
    expect(lines.flat().some((line) => line.startsWith(`${LONG_TITLE} (part 0)`))).toBe(false);
    expect(lines.flat().filter((line) => line.startsWith("TOTAL "))).toEqual([
      "TOTAL 1,234,567 1,000 1,801 10 5",
      "TOTAL 200 80% 60% 40% 25% 5:00",
      "TOTAL 4,000 180 4.5% 1 1 100%",
    ]);
  });

  it("says so when the period has no coverage, audience or paid piece", async () => {
    const { pages, lines } = await readPdf(await clientReportPdf(report({ items: [], referrers: [], devices: [], disclosures: [] })));
    expect(pages).toBe(1);
    expect(lines[0]).toEqual(
      expect.arrayContaining([
        "No published coverage of Halcyon Gold by the end of this period.",
        "Nothing recorded in this period.",
        "No paid piece about Halcyon Gold was published in this period.",
      ]),
    );
    expect(lines[0]!.filter((line) => line === "Nothing recorded in this period.")).toHaveLength(2);
    expect(lines[0]!.some((line) => line.startsWith("TOTAL"))).toBe(false);
  });

  it("draws letters Helvetica lacks as their plain form or '?', never as stray glyphs", async () => {
    expect(pdfText("Łódź — “Ősz” 日本 ﬁne\tend")).toBe("?ódz — “Osz” ?? fine end");
    const { lines } = await readPdf(
      await clientReportPdf(report({ company: { name: "Żółw 日本 Mining", tickerLabel: "ASX:ZZZ", slug: "z" } })),
    );
    // 'ł' has no plain form in Unicode; 'ż' is a 'z' with a dot above.
    expect(lines[0]![0]).toBe("Client report: Zó?w ?? Mining");
  });
});
