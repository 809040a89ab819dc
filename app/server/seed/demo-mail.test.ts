import { describe, expect, it } from "vitest";

import { DEMO_MAIL_DAYS, DEMO_SUBSCRIBERS, demoMail } from "./demo-mail";

// A Monday; the item came out on Tuesday 24 November, so its edition went on Thursday 26 November.
const NOW = new Date("2026-12-07T10:30:00Z");
const args = { seed: "item-1", publishedAt: new Date("2026-11-24T08:00:00Z"), now: NOW, followers: 600 };
const total = (rows: ReturnType<typeof demoMail>, channel: "newsletter" | "alert", key: "sends" | "clicks") =>
  rows.filter((row) => row.channel === channel).reduce((sum, row) => sum + row[key], 0);

describe('demoMail (PRODUCT.md "Client reports")', () => {
  it("is the same on every seed, and differs between items", () => {
    expect(demoMail(args)).toEqual(demoMail(args));
    expect(demoMail({ ...args, seed: "item-2" })).not.toEqual(demoMail(args));
  });

  it("sends the item once in the next Thursday's edition to about every subscriber, and once as an alert on its publication day", () => {
    const rows = demoMail(args);
    const sent = rows.filter((row) => row.sends > 0);
    expect(sent.map((row) => [row.day, row.channel])).toEqual([
      ["2026-11-24", "alert"],
      ["2026-11-26", "newsletter"],
    ]);
    expect(total(rows, "newsletter", "sends")).toBeGreaterThanOrEqual(DEMO_SUBSCRIBERS * 0.97);
    expect(total(rows, "newsletter", "sends")).toBeLessThanOrEqual(DEMO_SUBSCRIBERS);
    expect(total(rows, "alert", "sends")).toBeGreaterThanOrEqual(582);
    expect(total(rows, "alert", "sends")).toBeLessThanOrEqual(600);
  });

  it("brings presses from a few per cent of the sends, most on the day the mail arrives and fewer each day after", () => {
    const rows = demoMail(args);
    const newsletter = total(rows, "newsletter", "clicks") / total(rows, "newsletter", "sends");
    const alert = total(rows, "alert", "clicks") / total(rows, "alert", "sends");
    expect(newsletter).toBeGreaterThanOrEqual(0.025);
    expect(newsletter).toBeLessThanOrEqual(0.05);
    expect(alert).toBeGreaterThanOrEqual(0.06);
    expect(alert).toBeLessThanOrEqual(0.12);
    const clicks = rows.filter((row) => row.channel === "newsletter").map((row) => [row.day, row.clicks]);
    expect(clicks.map(([day]) => day)).toEqual(["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"]);
    const perDay = clicks.map(([, n]) => Number(n));
    perDay.slice(1).forEach((n, i) => expect(n).toBeLessThanOrEqual(perDay[i]!));
    expect(perDay[0]!).toBeGreaterThan(total(rows, "newsletter", "clicks") / 2);
  });

  it("counts nothing after now: an edition still to come has no row, a mail of today only today's presses", () => {
    // Published on Sunday 6 December: its alert went that day, its edition is on Thursday 10 December.
    const recent = demoMail({ ...args, publishedAt: new Date("2026-12-06T09:00:00Z") });
    expect(recent.every((row) => row.channel === "alert" && row.day <= "2026-12-07")).toBe(true);
    expect(recent.map((row) => row.day)).toEqual(["2026-12-06", "2026-12-07"]);
    // An item nobody follows gets no alert.
    expect(demoMail({ ...args, followers: 0 }).some((row) => row.channel === "alert")).toBe(false);
  });

  it("keeps only the last 90 days of an old item's mails", () => {
    const oldest = new Date(NOW.getTime() - (DEMO_MAIL_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    // Its alert (8 September) is before the window, which starts on the 9th; its edition (10 September) is in it.
    const rows = demoMail({ ...args, publishedAt: new Date("2026-09-08T08:00:00Z") });
    expect(oldest).toBe("2026-09-09");
    expect(rows.every((row) => row.day >= oldest)).toBe(true);
    expect(rows.filter((row) => row.sends > 0).map((row) => row.channel)).toEqual(["newsletter"]);
    expect(rows.some((row) => row.channel === "alert" && row.clicks > 0)).toBe(true);
    expect(demoMail({ ...args, publishedAt: new Date("2026-05-01T08:00:00Z") })).toEqual([]);
  });
});
