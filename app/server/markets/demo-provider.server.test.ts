import { describe, expect, it } from "vitest";

import { DEMO_SOURCE, demoAnnouncements, demoCloses, demoProvider, demoQuote } from "./demo-provider.server";
import { priceChart } from "./price-chart.server";

const ATD = { ticker: "ATD", exchange: "ASX" };

describe("the demo provider (PRODUCT.md 'Markets')", () => {
  it("gives a listing the same history on every call, a close per weekday, and another listing another", () => {
    const closes = demoCloses(ATD, "2026-12-07");
    expect(demoCloses(ATD, "2026-12-07")).toEqual(closes);
    expect(closes.every((close) => ![0, 6].includes(new Date(`${close.day}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(closes.at(-1)!.day).toBe("2026-12-07");
    expect(demoCloses({ ticker: "BHP", exchange: "ASX" }, "2026-12-07").at(-1)!.close).not.toBe(closes.at(-1)!.close);
  });

  it("moves today's price through the session and shows the close after it, delayed and attributed", () => {
    const closes = demoCloses(ATD, "2026-12-07");
    const [previous, today] = [closes.at(-2)!.close, closes.at(-1)!.close];
    // 10:20 AEDT on Monday: 10:00 as the 20-minute-delayed feed shows it, the session's start.
    const opening = demoQuote(ATD, new Date("2026-12-06T23:20:00Z"));
    expect(opening).toMatchObject({ last: previous, previousClose: previous, delayMinutes: 20, currency: "AUD", source: DEMO_SOURCE });
    expect(opening.asOf).toEqual(new Date("2026-12-06T23:00:00Z"));
    const afterClose = demoQuote(ATD, new Date("2026-12-07T08:00:00Z"));
    expect(afterClose).toMatchObject({ last: today, previousClose: previous });
    expect(afterClose.asOf).toEqual(new Date("2026-12-07T05:00:00Z")); // 16:00 AEDT
    // Before Monday's open, the price is Friday's close against Thursday's.
    expect(demoQuote(ATD, new Date("2026-12-06T21:00:00Z"))).toMatchObject({ last: previous, previousClose: closes.at(-3)!.close });
  });

  it("answers history only up to the last close made, and announcements only once released", async () => {
    const provider = demoProvider(() => new Date("2026-12-06T23:20:00Z"));
    const history = await provider.history!({ companyId: "x", ...ATD }, "2026-11-30", new AbortController().signal);
    expect(history.map((close) => close.day)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]);
    const now = new Date("2026-12-07T08:00:00Z");
    const announcements = demoAnnouncements(ATD, now);
    expect(announcements.length).toBeGreaterThan(5);
    expect(announcements.every((announcement) => announcement.publishedAt <= now)).toBe(true);
    expect(new Set(announcements.map((announcement) => announcement.externalId)).size).toBe(announcements.length);
    expect(announcements.some((announcement) => announcement.priceSensitive)).toBe(true);
  });
});

describe("priceChart", () => {
  it("draws the closes across the box, the low at the bottom and the high at the top, and names them", () => {
    const chart = priceChart([
      { day: "2026-12-01", close: 2 },
      { day: "2026-12-02", close: 4 },
      { day: "2026-12-03", close: 3 },
    ])!;
    expect(chart.line).toBe("M0,152L300,8L600,80");
    expect(chart.area).toBe("M0,152L300,8L600,80L600,160L0,160Z");
    expect(chart).toMatchObject({ first: { close: 2 }, last: { close: 3 }, low: { day: "2026-12-01" }, high: { day: "2026-12-02" } });
    expect(priceChart([{ day: "2026-12-01", close: 2 }])).toBeNull();
  });
});
