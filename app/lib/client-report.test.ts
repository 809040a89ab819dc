import { describe, expect, it } from "vitest";

import {
  clickRate,
  clientReportCsvPath,
  clientReportPath,
  clientReportPdfPath,
  LINK_DAYS,
  parseReportPeriod,
  PERIOD_MESSAGES,
  periodDays,
  REPORT_LINK_TEXTS,
  reportLinkCsvPath,
  reportLinkPath,
  revokeReportLinkSchema,
  shareReportSchema,
} from "./client-report";

const TODAY = new Date("2026-12-07T11:30:00Z");
const parse = (query: string) => parseReportPeriod(new URLSearchParams(query), TODAY);

describe('the client report\'s period (PRODUCT.md "Client reports")', () => {
  it.each([
    ["", "2026-11-08", "2026-12-07"],
    ["from=&to=", "2026-11-08", "2026-12-07"],
    ["from=2026-11-01&to=2026-11-30", "2026-11-01", "2026-11-30"],
    ["from=2026-12-07&to=2026-12-07", "2026-12-07", "2026-12-07"],
    ["from=2026-12-01", "2026-12-01", "2026-12-07"],
    ["to=2026-10-31", "2026-10-02", "2026-10-31"],
    ["from=2024-01-01&to=2024-12-31", "2024-01-01", "2024-12-31"],
    ["from=%202026-11-01%20&to=2026-11-02", "2026-11-01", "2026-11-02"],
  ])("?%s reads as %s to %s", (query, from, to) => {
    expect(parse(query)).toEqual({ ok: true, period: { from, to } });
  });

  it.each([
    ["from=2026-02-30", PERIOD_MESSAGES.format],
    ["to=2026-13-01", PERIOD_MESSAGES.format],
    ["from=0000-01-01", PERIOD_MESSAGES.format],
    ["from=1/11/2026", PERIOD_MESSAGES.format],
    ["from=abc&to=2026-11-01", PERIOD_MESSAGES.format],
    ["from=2026-11-02&to=2026-11-01", "The period must end on or after its start."],
    ["from=2026-12-08", "The period must end on or after its start."],
    ["from=2024-01-01&to=2025-01-01", "The period can be at most 366 days long."],
  ])("?%s is refused: %s", (query, message) => {
    expect(parse(query)).toEqual({ ok: false, error: message });
  });

  it("a default period is 30 days long, today included", () => {
    const parsed = parse("");
    expect(parsed.ok && periodDays(parsed.period)).toBe(30);
  });

  it("the report's addresses", () => {
    expect(clientReportPath("acme-gold")).toBe("/admin/companies/acme-gold/report");
    expect(clientReportCsvPath("acme-gold")).toBe("/admin/companies/acme-gold/report.csv");
    expect(clientReportPdfPath("acme-gold")).toBe("/admin/companies/acme-gold/report.pdf");
  });
});

describe('the "Share with the client" form (PRODUCT.md "Client reports")', () => {
  const period = { from: "2026-11-01", to: "2026-11-30" };
  const parseShare = (fields: Record<string, string | undefined>) => shareReportSchema.safeParse({ ...period, ...fields });
  const messages = (fields: Record<string, string | undefined>) => {
    const result = parseShare(fields);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each([
    ["1", 1],
    ["14", 14],
    ["90", 90],
    [" 30 ", 30],
  ])("%j days is read as %i", (days, expected) => {
    expect(parseShare({ days })).toEqual({ success: true, data: { days: expected, ...period } });
  });

  it.each(["0", "91", "-3", "1.5", "abc", "", undefined, "1e3"])("%j days is refused with one message", (days) => {
    expect(messages({ days })).toEqual([REPORT_LINK_TEXTS.days]);
  });

  it("the bounds are 1 and 90 days, 14 by default", () => {
    expect(LINK_DAYS).toEqual({ min: 1, max: 90, default: 14 });
    expect(REPORT_LINK_TEXTS.days).toBe("Expires after must be a whole number of days from 1 to 90.");
  });

  it.each([
    [{ from: "2026-02-30" }],
    [{ to: "30/11/2026" }],
    [{ from: undefined }],
    [{ from: "2026-12-01", to: "2026-11-30" }],
    [{ from: "2024-01-01", to: "2025-06-30" }],
  ])("a period the report would refuse (%j) is refused", (fields) => {
    expect(messages({ days: "14", ...fields })).toEqual([REPORT_LINK_TEXTS.period]);
  });

  it("a revocation names its link by id", () => {
    expect(revokeReportLinkSchema.safeParse({ linkId: "0b7a1c9e-8d36-4f43-9c1a-2f5e8f0b6a11" }).success).toBe(true);
    const refused = revokeReportLinkSchema.safeParse({ linkId: "1; drop table" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([REPORT_LINK_TEXTS.notFound]);
  });

  it("a link's page and CSV", () => {
    expect(reportLinkPath("abc")).toBe("/reports/abc");
    expect(reportLinkCsvPath("abc")).toBe("/reports/abc.csv");
  });
});

describe('a mail\'s click rate (PRODUCT.md "Client reports")', () => {
  it.each([
    [18, 400, "4.5%"],
    [4, 50, "8%"],
    [2, 30, "6.7%"],
    [6, 80, "7.5%"],
    [1, 3_000, "0%"],
    [2, 3_000, "0.1%"],
    [0, 12_345, "0%"],
    // A forwarded mail, or presses 30 minutes apart, can bring more clicks than sends: shown as they are.
    [5, 4, "125%"],
    [1_234_567, 1_000_000, "123.5%"],
  ])("%i clicks of %i sends is %s", (clicks, sends, rate) => {
    expect(clickRate(clicks, sends)).toBe(rate);
  });

  it("is null without sends, whatever the clicks", () => {
    expect(clickRate(0, 0)).toBeNull();
    expect(clickRate(3, 0)).toBeNull();
  });
});
