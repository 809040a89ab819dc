import { describe, expect, it } from "vitest";

import {
  agreementDateInRange,
  considerationWords,
  formatAgreementDate,
  formatMoney,
  parseAgreementDate,
  parseAmount,
  parseUnits,
  payerName,
  sponsorshipStatement,
} from "./sponsorship";

describe('the disclosure sentence (PRODUCT.md "Paid promotion")', () => {
  const ironbark = payerName({ name: "Ironbark Gold Ltd", exchange: "ASX", ticker: "IBG" });

  it("is written from the fields: who paid, how much in which currency, for which kind of piece", () => {
    expect(sponsorshipStatement({ payer: ironbark, form: "cash", amount: 7500, currency: "AUD", units: null, noun: "interview" })).toBe(
      "MarketWire received A$7,500 in cash from Ironbark Gold Ltd (ASX:IBG) for this interview.",
    );
  });

  it.each([
    [{ form: "cash", amount: 1250.5, currency: "USD", units: null }, "US$1,250.50 in cash"],
    [{ form: "cash", amount: 900, currency: "GBP", units: null }, "£900 in cash"],
    [{ form: "cash", amount: 10, currency: "CAD", units: null }, "C$10 in cash"],
    [{ form: "shares", amount: null, currency: null, units: 250_000 }, "250,000 shares"],
    [{ form: "options", amount: null, currency: null, units: 1 }, "1 option"],
    [{ form: "cash", amount: null, currency: "AUD", units: null }, null],
    [{ form: "shares", amount: 5, currency: "AUD", units: null }, null],
    [{ form: null, amount: 5, currency: "AUD", units: 5 }, null],
  ] as const)("%j received is %j", (fields, expected) => {
    expect(considerationWords(fields)).toBe(expected);
  });

  it("names the payer without an amount when the consideration was never recorded in fields", () => {
    expect(sponsorshipStatement({ payer: "Halcyon IR", form: null, amount: null, currency: null, units: null, noun: "blog post" })).toBe(
      "MarketWire was paid by Halcyon IR for this blog post.",
    );
  });

  it("formats money with cents only when there are some", () => {
    expect(formatMoney(7500, "AUD")).toBe("A$7,500");
    expect(formatMoney(0.5, "EUR")).toBe("€0.50");
  });

  it("writes the agreement's date in words, whatever the server's time zone", () => {
    expect(formatAgreementDate("2026-11-03")).toBe("3 November 2026");
    expect(formatAgreementDate("2000-01-01")).toBe("1 January 2000");
  });
});

describe("reading the editor's sponsorship fields", () => {
  it.each([
    ["7500", 7500],
    ["7,500", 7500],
    ["7,500.50", 7500.5],
    ["0.5", 0.5],
    ["1,000,000,000", 1_000_000_000],
    ["7,50", null],
    ["7500.505", null],
    ["A$7500", null],
    ["-5", null],
    ["1e6", null],
    ["", null],
  ])("amount %j → %j", (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each([
    ["250000", 250_000],
    ["250,000", 250_000],
    ["2.5", null],
    ["25,00", null],
    ["", null],
  ])("units %j → %j", (text, expected) => {
    expect(parseUnits(text)).toBe(expected);
  });

  it.each([
    ["2026-11-03", "2026-11-03T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2026-02-29", null],
    ["2026-13-01", null],
    ["3/11/2026", null],
    ["2026-11-03T10:00", null],
  ])("date %j → %j", (text, expected) => {
    expect(parseAgreementDate(text)?.toISOString() ?? null).toBe(expected);
  });

  it("accepts agreement dates from 2000 to today, with a day's grace for time zones ahead of UTC", () => {
    const now = Date.UTC(2026, 10, 28, 12);
    expect(agreementDateInRange(new Date(Date.UTC(2000, 0, 1)), now)).toBe(true);
    expect(agreementDateInRange(new Date(Date.UTC(1999, 11, 31)), now)).toBe(false);
    expect(agreementDateInRange(new Date(Date.UTC(2026, 10, 29)), now)).toBe(true);
    expect(agreementDateInRange(new Date(Date.UTC(2026, 10, 30)), now)).toBe(false);
  });
});
