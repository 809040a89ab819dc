import { describe, expect, it } from "vitest";

import {
  clientReportCsvPath,
  clientReportPath,
  clientReportPdfPath,
  parseReportPeriod,
  PERIOD_MESSAGES,
  periodDays,
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
