/** PRODUCT.md "Client reports": what the report page shows for its loader's data. */
import "../../tests/support/dom";

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { ReportShare } from "~/components/reports/report-share";

import { renderRoute } from "../../tests/support/render";
import AdminClientReport from "./admin.companies.$slug.report";
import SharedReport from "./reports.$token";

const REPORT = {
  company: { name: "Halcyon Gold", tickerLabel: "ASX:HGD", slug: "halcyon-gold" },
  period: { from: "2026-11-01", to: "2026-11-03" },
  generatedAt: "2026-12-07T12:00:00.000Z",
  generatedText: "2026-12-07 12:00 UTC",
  csvHref: "/admin/companies/halcyon-gold/report.csv?from=2026-11-01&to=2026-11-03",
  pdfHref: "/admin/companies/halcyon-gold/report.pdf?from=2026-11-01&to=2026-11-03",
  totals: {
    views: 1234,
    listens: 7,
    uniques: 900,
    downloads: 5,
    listeners: 4,
    plays: { plays: 12, q25: 11, q50: 8, q75: 6, q100: 4, seconds: 6000 },
    mail: { newsletterSends: 4800, newsletterClicks: 216, alertSends: 30, alertClicks: 2 },
  },
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
      deleted: false,
      publishedAt: "2026-10-01T00:00:00.000Z",
      counter: "listens",
      hits: 7,
      uniques: 6,
      downloads: 5,
      listeners: 4,
      plays: { plays: 6, q25: 6, q50: 5, q75: 4, q100: 3, seconds: 5400 },
      mail: { newsletterSends: 0, newsletterClicks: 0, alertSends: 0, alertClicks: 0 },
    },
    {
      type: "video",
      id: "v1",
      typeLabel: "Video",
      title: "Drill results",
      url: "https://example.com/video/v1",
      deleted: false,
      publishedAt: "2026-10-02T00:00:00.000Z",
      counter: "views",
      hits: 1234,
      uniques: 894,
      downloads: null,
      listeners: null,
      plays: { plays: 6, q25: 5, q50: 3, q75: 2, q100: 1, seconds: 600 },
      mail: { newsletterSends: 2400, newsletterClicks: 120, alertSends: 30, alertClicks: 2 },
    },
    {
      type: "interview",
      id: "i1",
      typeLabel: "Interview",
      title: "Old interview",
      url: "https://example.com/interview/i1",
      deleted: true,
      publishedAt: "2026-09-01T00:00:00.000Z",
      counter: "views",
      hits: 0,
      uniques: 0,
      downloads: 0,
      listeners: 0,
      mail: { newsletterSends: 2400, newsletterClicks: 96, alertSends: 0, alertClicks: 0 },
    },
  ],
  referrers: [{ value: "search", hits: 800 }],
  devices: [{ value: "mobile", hits: 1241 }],
  embeds: [{ host: "investors.halcyon.example", loads: 9, plays: 2 }],
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
  share: {
    days: { min: 1, max: 90, default: 14 },
    links: [
      {
        id: "0b7a1c9e-8d36-4f43-9c1a-2f5e8f0b6a11",
        period: { from: "2026-11-01", to: "2026-11-03" },
        createdBy: "Ada Editor",
        created: { at: "2026-12-07T12:00:00.000Z", text: "2026-12-07 12:00 UTC" },
        expires: { at: "2026-12-21T12:00:00.000Z", text: "2026-12-21 12:00 UTC" },
        revoked: null,
        status: "active",
        statusLabel: "Active",
      },
      {
        id: "1c8b2d0f-9e47-4a54-8d2b-3a6f9a1c7b22",
        period: { from: "2026-10-01", to: "2026-10-31" },
        createdBy: "a deleted account",
        created: { at: "2026-11-01T09:00:00.000Z", text: "2026-11-01 09:00 UTC" },
        expires: { at: "2026-11-15T09:00:00.000Z", text: "2026-11-15 09:00 UTC" },
        revoked: { at: "2026-11-02T09:00:00.000Z", text: "2026-11-02 09:00 UTC" },
        status: "revoked",
        statusLabel: "Revoked",
      },
    ],
  },
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
    // A deleted item keeps its row and figures, marked, without a link to its page (which is gone).
    expect(screen.queryByRole("link", { name: "Old interview" })).toBeNull();
    const deletedRow = screen.getAllByText("Old interview")[0]!.closest("tr")!;
    expect(
      within(deletedRow)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Old interview DeletedInterview", "Interview", "0 views", "0", "0", "0"]);
    expect(screen.getByRole("table", { name: "Referrers" }).textContent).toContain("Search800");
    expect(screen.getByRole("table", { name: "Devices" }).textContent).toContain("Mobile1,241");
    expect(screen.getByRole("table", { name: "Embeds" }).textContent).toContain("investors.halcyon.example92");
    const disclosure = screen.getByRole("table", { name: "Paid pieces published in the period" });
    expect(disclosure.textContent).toContain("Halcyon Investor Relations");
    expect(disclosure.textContent).toContain("not recorded");
  });

  it("shows plays, the share of plays reaching each quarter and the average time, with a total", () => {
    renderRoute(AdminClientReport as never, "/admin/companies/halcyon-gold/report", { loaderData: REPORT });
    const table = screen.getByRole("table", { name: "Plays and how far they went" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ["Gold podcast", "6", "100%", "83%", "67%", "50%", "15:00"],
      ["Drill results", "6", "83%", "50%", "33%", "17%", "1:40"],
      ["Total", "12", "92%", "67%", "50%", "33%", "8:20"],
    ]);
  });
});

describe("the report's mail figures", () => {
  it("shows each item's newsletter and alert sends, clicks and click rates, a deleted item marked, and their total", () => {
    renderRoute(AdminClientReport as never, "/admin/companies/halcyon-gold/report", { loaderData: REPORT });
    const table = screen.getByRole("table", { name: "Newsletter and alert mails carrying each item, and the presses of its link" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => [cell.textContent, cell.getAttribute("scope")]);
    expect(headers).toEqual(
      ["Title", "Newsletter sends", "Newsletter clicks", "Newsletter click rate", "Alert sends", "Alert clicks", "Alert click rate"].map(
        (label) => [label, "col"],
      ),
    );
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell")].map((cell) => cell.textContent));
    // A click rate is a dash without sends; 120 of 2,400 is 5 %, 2 of 30 is 6.7 %, 216 of 4,800 is 4.5 %.
    expect(rows).toEqual([
      ["Gold podcast", "0", "0", "—", "0", "0", "—"],
      ["Drill results", "2,400", "120", "5%", "30", "2", "6.7%"],
      ["Old interview Deleted", "2,400", "96", "4%", "0", "0", "—"],
      ["Total", "4,800", "216", "4.5%", "30", "2", "6.7%"],
    ]);
    expect(within(table).getByRole("link", { name: "Drill results" }).getAttribute("href")).toBe("https://example.com/video/v1");
    expect(within(table).queryByRole("link", { name: "Old interview" })).toBeNull();
  });

  it("the shared link's page shows them too", () => {
    const { share: _share, csvHref: _csv, ...report } = REPORT;
    renderRoute(SharedReport as never, "/reports/abc", {
      loaderData: { state: "open", report, generatedText: REPORT.generatedText, csvHref: "/reports/abc.csv" },
    });
    const table = screen.getByRole("table", { name: "Newsletter and alert mails carrying each item, and the presses of its link" });
    expect(within(table).getAllByRole("row").at(-1)?.textContent).toBe("Total4,8002164.5%3026.7%");
  });
});

/** A form's fields as it would post them: name and value, in order. */
const fieldsOf = (form: HTMLFormElement) => [...form.querySelectorAll("input")].map((input) => [input.name, input.value]);

describe('sharing the report (PRODUCT.md "Client reports")', () => {
  it("offers a form for the days a link lasts, and lists the links with a Revoke button on the active one", () => {
    renderRoute(AdminClientReport as never, "/admin/companies/halcyon-gold/report", { loaderData: REPORT });
    expect(screen.getByRole("heading", { level: 2, name: "Share with the client" })).toBeTruthy();
    const days = screen.getByLabelText("Expires after (days)") as HTMLInputElement;
    expect([days.type, days.value, days.min, days.max, days.required]).toEqual(["number", "14", "1", "90", true]);
    const form = days.closest("form")!;
    expect(fieldsOf(form)).toEqual([
      ["intent", "share"],
      ["from", "2026-11-01"],
      ["to", "2026-11-03"],
      ["days", "14"],
    ]);
    const rows = screen.getByText("Ada Editor", { exact: false }).closest("tbody")!.querySelectorAll("tr");
    expect([...rows].map((row) => [...row.querySelectorAll("td")].slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ["Nov 1, 2026 to Nov 3, 2026", "2026-12-07 12:00 UTCby Ada Editor", "2026-12-21 12:00 UTC", "Active"],
      ["Oct 1, 2026 to Oct 31, 2026", "2026-11-01 09:00 UTCby a deleted account", "2026-11-15 09:00 UTC", "Revoked"],
    ]);
    const revoke = screen.getAllByRole("button", { name: /^Revoke/ });
    expect(revoke).toHaveLength(1);
    expect(fieldsOf(revoke[0]!.closest("form")!)).toEqual([
      ["intent", "revoke"],
      ["linkId", "0b7a1c9e-8d36-4f43-9c1a-2f5e8f0b6a11"],
    ]);
  });

  it("shows a new link's address once, in a labelled read-only field, and a refusal as an alert", () => {
    const url = "http://localhost:3000/reports/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE";
    const Created = () => (
      <ReportShare
        share={REPORT.share as never}
        period={REPORT.period}
        answer={{ ok: true, url, expires: { at: "2026-12-21T12:00:00.000Z", text: "2026-12-21 12:00 UTC" } }}
      />
    );
    renderRoute(Created as never, "/admin/companies/halcyon-gold/report");
    const field = screen.getByLabelText("Link (expires 2026-12-21 12:00 UTC)") as HTMLInputElement;
    expect([field.value, field.readOnly]).toEqual([url, true]);
    expect(screen.getByRole("status").textContent).toContain("it is shown only once");

    const Refused = () => (
      <ReportShare
        share={REPORT.share as never}
        period={REPORT.period}
        answer={{
          ok: false,
          message: "Expires after must be a whole number of days from 1 to 90.",
          fields: { days: ["Expires after must be a whole number of days from 1 to 90."] },
        }}
      />
    );
    renderRoute(Refused as never, "/admin/companies/halcyon-gold/report");
    expect(screen.getByRole("alert").textContent).toBe("Expires after must be a whole number of days from 1 to 90.");
    expect(screen.getByLabelText("Expires after (days)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("the page a shared link opens", () => {
  it("shows the report's figures with its own heading and the CSV, without the admin's parts", () => {
    const { share: _share, csvHref: _csv, ...report } = REPORT;
    renderRoute(SharedReport as never, "/reports/abc", {
      loaderData: { state: "open", report, generatedText: REPORT.generatedText, csvHref: "/reports/abc.csv" },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Halcyon Gold" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/reports/abc.csv");
    expect(within(screen.getByTestId("report-totals")).getByText("1,234")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Paid pieces published in the period" }).textContent).toContain("Halcyon Investor Relations");
    expect(screen.queryByLabelText("From")).toBeNull();
    expect(screen.queryByText("Share with the client")).toBeNull();
  });

  it("an unknown, expired or revoked link says so in one message, with no figures", () => {
    renderRoute(SharedReport as never, "/reports/abc", { loaderData: { state: "gone" } });
    expect(screen.getByRole("heading", { level: 1, name: "This report link has expired or been revoked." })).toBeTruthy();
    expect(screen.queryByTestId("report-totals")).toBeNull();
  });
});
