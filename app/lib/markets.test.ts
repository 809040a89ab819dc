import { describe, expect, it } from "vitest";

import {
  delayLine,
  describeChange,
  exchangeCloseTime,
  exchangeTime,
  formatMarketCap,
  formatPercent,
  formatPrice,
  isTrading,
  percentChange,
} from "./markets";

describe("trading hours (PRODUCT.md 'Markets')", () => {
  it("knows when the ASX trades, on Sydney's clock, with its 20-minute delay after the close", () => {
    // Monday 7 Dec 2026: Sydney is on AEDT (UTC+11). 10:00 AEDT = 23:00 UTC the day before.
    expect(isTrading("ASX", new Date("2026-12-06T22:59:00Z"))).toBe(false);
    expect(isTrading("ASX", new Date("2026-12-06T23:00:00Z"))).toBe(true);
    expect(isTrading("ASX", new Date("2026-12-07T05:19:00Z"))).toBe(true);
    expect(isTrading("ASX", new Date("2026-12-07T05:20:00Z"))).toBe(false);
    // Saturday in Sydney.
    expect(isTrading("ASX", new Date("2026-12-05T01:00:00Z"))).toBe(false);
  });

  it("knows New York's session across daylight saving", () => {
    expect(isTrading("NASDAQ", new Date("2026-12-07T14:30:00Z"))).toBe(true); // 09:30 EST
    expect(isTrading("NASDAQ", new Date("2026-12-07T14:29:00Z"))).toBe(false);
    expect(isTrading("NYSE", new Date("2026-07-06T13:30:00Z"))).toBe(true); // 09:30 EDT
    expect(isTrading("NYSE", new Date("2026-07-06T20:15:00Z"))).toBe(false); // 16:15 EDT: past close + 15 min
  });
});

describe("writing a quote for the reader", () => {
  it("says the delay, the as-of time in the exchange's zone and the source", () => {
    const quote = { delayMinutes: 20, asOf: new Date("2026-12-07T03:32:00Z"), source: "Vendor Ltd" };
    expect(delayLine(quote, "ASX")).toBe("Delayed 20 min · as at 14:32 AEDT, 7 Dec 2026 · Source: Vendor Ltd");
    expect(exchangeTime("NYSE", new Date("2026-12-07T19:05:00Z"))).toBe("14:05 EST");
    expect(delayLine({ ...quote, delayMinutes: 0 }, "NYSE")).toMatch(/^End of day · as at 22:32 EST, 6 Dec 2026/);
  });

  it("writes prices with two decimals, three below one unit, and changes in signs and words", () => {
    expect(formatPrice(12.3, "AUD")).toBe("$12.30");
    expect(formatPrice(0.045, "AUD")).toBe("$0.045");
    expect(formatPrice(1234.5, "GBP")).toBe("£1,234.50");
    expect(describeChange(-0.5, -3.14, "USD", 15.4)).toEqual({
      signed: "\u2212$0.50 (\u22123.1 %)",
      words: "Down $0.50",
      direction: "down",
    });
    expect(describeChange(0.002, 4.44, "AUD", 0.047)).toEqual({ signed: "+$0.002 (+4.4 %)", words: "Up $0.002", direction: "up" });
    expect(describeChange(0, 0, "AUD", 2)).toEqual({ signed: "$0.00 (0.0 %)", words: "Unchanged", direction: "flat" });
    expect(formatPercent(12.44)).toBe("+12.4 %");
    expect(formatMarketCap(6_612_000_000, "AUD")).toBe("$6.6B");
  });

  it("works out a change in percent, and none without a price to start from", () => {
    expect(percentChange(10, 11.24)).toBeCloseTo(12.4, 5);
    expect(percentChange(null, 11)).toBeNull();
    expect(percentChange(0, 11)).toBeNull();
  });
});

describe("exchangeCloseTime", () => {
  it("is the exchange's close on its own clock, daylight saving included", () => {
    expect(exchangeCloseTime("ASX", "2026-12-03").toISOString()).toBe("2026-12-03T05:00:00.000Z");
    expect(exchangeCloseTime("ASX", "2026-06-03").toISOString()).toBe("2026-06-03T06:00:00.000Z");
    expect(exchangeCloseTime("NASDAQ", "2026-12-02").toISOString()).toBe("2026-12-02T21:00:00.000Z");
    expect(exchangeCloseTime("NYSE", "2026-07-01").toISOString()).toBe("2026-07-01T20:00:00.000Z");
    expect(exchangeCloseTime("LSE", "2026-03-30").toISOString()).toBe("2026-03-30T15:30:00.000Z");
  });
});
