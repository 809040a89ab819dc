/** PRODUCT.md "Client reports": what the report page shows for its loader's data. */
import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { renderRoute } from "../../tests/support/render";
import AdminClientReport from "./admin.companies.$slug.report";

const REPORT = {
  company: { name: "Halcyon Gold", tickerLabel: "ASX:HGD", slug: "halcyon-gold" },
  period: { from: "2026-11-01", to: "2026-11-03" },
  generatedAt: "2026-12-07T12:00:00.000Z",
  generatedText: "2026-12-07 12:00 UTC",
  csvHref: "/admin/companies/halcyon-gold/report.csv?from=2026-11-01&to=2026-11-03",
  pdfHref: "/admin/companies/halcyon-gold/report.pdf?from=2026-11-01&to=2026-11-03",
  totals: { views: 1234, listens: 7, uniques: 900, downloads: 5, listeners: 4 },
  daily: [
    { day: "2026-11-01", views: 1000, listens: 0, downloads: 3 },
    { day: "2026-11-02", views: 0, listens: 7, downloads: 1 },
    { day: "2026-11-03", views: 234, listens: 0, downloads: 1 },
  ],
  items: [
    {
      type: "podcast",
      id: "p1",
      typeLabel: "Podcast",
      title: "Gold podcast",
      url: "https://example.com/podcast/p1",
      publishedAt: "2026-10-01T00:00:00.000Z",
      counter: "listens",
      hits: 7,
      uniques: 6,
      downloads: 5,
      listeners: 4,
    },
    {
      type: "video",
      id: "v1",
      typeLabel: "Video",
      title: "Drill results",
      url: "https://example.com/video/v1",
      publishedAt: "2026-10-02T00:00:00.000Z",
      counter: "views",
      hits: 1234,
      uniques: 894,
      downloads: null,
      listeners: null,
    },
  ],
  referrers: [{ value: "search", hits: 800 }],
  devices: [{ value: "mobile", hits: 1241 }],
  disclosures: [
    {
      key: "video:v1",
      typeLabel: "Video",
      title: "Drill results",
      url: "/video/v1",
      publishedAt: "2026-11-02T00:00:00.000Z",
      payer: "Halcyon Investor Relations",
      consideration: "A$5,000 in cash",
      agreed: null,
    },
  ],
};

describe("the client report page", () => {
  it("names the company, the period and when it was generated, with the period's form and the CSV and PDF links", () => {
    renderRoute(AdminClientReport as never, "/admin/companies/halcyon-gold/report", { loaderData: REPORT });
    expect(screen.getByRole("heading", { level: 1, name: "Client report: Halcyon Gold" })).toBeTruthy();
    expect(screen.getByText(/Generated/).textContent).toContain("Generated 2026-12-07 12:00 UTC");
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-11-01");
    expect((screen.getByLabelText("To") as HTMLInputElement).type).toBe("date");
    expect(screen.getByRole("button", { name: "Show" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(REPORT.csvHref);
    expect(screen.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(REPORT.pdfHref);
  });

  it("shows the totals as cards and the chart with a text alternative and its figures", () => {
    renderRoute(AdminClientReport as never, "/admin/companies/halcyon-gold/report", { loaderData: REPORT });
    const totals = screen.getByTestId("report-totals");
    expect(within(totals).getByText("1,234")).toBeTruthy();
    expect(within(totals).getByText("Listeners").nextSibling?.textContent).toBe("4");
    const chart = screen.getByRole("img");
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart.querySelector("title")?.textContent).toBe(
      "Views, listens and downloads per day from Nov 1, 2026 to Nov 3, 2026: 1,234 views, 7 listens, 5 downloads.",
    );
    expect(screen.getByText("Show figures").closest("details")?.querySelectorAll("tbody tr")).toHaveLength(3);
  });

  it("lists each item with its link and figures, the audience and the period's disclosures", () => {
    renderRoute(AdminClientReport as never, "/admin/companies/halcyon-gold/report", { loaderData: REPORT });
    const podcastRow = screen.getAllByRole("link", { name: "Gold podcast" })[0]!.closest("tr")!;
    expect(
      within(podcastRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
      // The type is also under the title, for phones (its column is hidden below md).
    ).toEqual(["Gold podcastPodcast", "Podcast", "7 listens", "6", "5", "4"]);
    const videoRow = screen.getAllByRole("link", { name: "Drill results" })[0]!.closest("tr")!;
    expect(
      within(videoRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Drill resultsVideo", "Video", "1,234 views", "894", "—", "—"]);
    expect(screen.getByRole("table", { name: "Referrers" }).textContent).toContain("Search800");
    expect(screen.getByRole("table", { name: "Devices" }).textContent).toContain("Mobile1,241");
    const disclosure = screen.getByRole("table", { name: "Paid pieces published in the period" });
    expect(disclosure.textContent).toContain("Halcyon Investor Relations");
    expect(disclosure.textContent).toContain("not recorded");
  });
});
