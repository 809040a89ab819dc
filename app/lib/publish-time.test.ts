import { afterEach, describe, expect, it } from "vitest";

import { formatPublishTime, latestPublishTime, localInputToIso, localInputValue, parsePublishTime, utcInputValue } from "./publish-time";

const ZONE = process.env.TZ;
/** Runs as a browser in `zone` would (Node reads TZ again when it changes). */
function inZone(zone: string) {
  process.env.TZ = zone;
}
afterEach(() => {
  if (ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = ZONE;
});

describe("parsePublishTime", () => {
  it.each([
    ["2027-03-01T09:30", "2027-03-01T09:30:00.000Z"],
    ["2027-03-01T09:30:05.5", "2027-03-01T09:30:05.500Z"],
    ["2027-03-01T09:30Z", "2027-03-01T09:30:00.000Z"],
    ["2027-03-01T09:30+05:30", "2027-03-01T04:00:00.000Z"],
    ["2027-03-01T00:30+01:00", "2027-02-28T23:30:00.000Z"],
    ["2028-02-29T12:00", "2028-02-29T12:00:00.000Z"],
  ])("%s is %s", (text, iso) => {
    expect(parsePublishTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    "",
    "2027-03-01",
    "2027-3-1T09:30",
    "2027-02-29T12:00",
    "2027-04-31T12:00",
    "2027-03-01T09:60",
    "2027-03-01T09:30+14:60",
    " 2027-03-01T09:30",
  ])("%j is not a time", (text) => {
    expect(parsePublishTime(text)).toBeNull();
  });
});

describe("the control's values", () => {
  const instant = new Date("2027-03-01T04:00:00.000Z");

  it("in UTC (the page before its scripts run)", () => {
    expect(utcInputValue(instant)).toBe("2027-03-01T04:00");
    expect(parsePublishTime(utcInputValue(instant))).toEqual(instant);
  });

  it.each([
    ["Asia/Kolkata", new Date("2027-03-01T04:00:00.000Z"), "2027-03-01T09:30"],
    ["America/New_York", new Date("2027-01-15T17:00:00.000Z"), "2027-01-15T12:00"],
    ["America/New_York", new Date("2027-07-15T16:00:00.000Z"), "2027-07-15T12:00"],
    ["Pacific/Auckland", new Date("2027-03-01T04:00:00.000Z"), "2027-03-01T17:00"],
  ])("in %s: %s shows as %s and is sent back as the same instant", (zone, date, local) => {
    inZone(zone);
    expect(localInputValue(date)).toBe(local);
    expect(localInputToIso(local)).toBe(date.toISOString());
  });

  it("a value that is not a local time is sent as it is, for the server to refuse", () => {
    expect(localInputToIso("soon")).toBe("soon");
    expect(localInputToIso("2027-03-01T09:30Z")).toBe("2027-03-01T09:30Z");
  });
});

describe("formatPublishTime and the range", () => {
  it("is the admin lists' date with a 24-hour UTC time", () => {
    expect(formatPublishTime(new Date("2026-11-23T04:05:59Z"))).toBe("Nov 23, 2026, 04:05 UTC");
  });

  it("the latest time is five years ahead, to the millisecond", () => {
    const now = Date.UTC(2026, 10, 24, 4, 5, 6, 7);
    expect(new Date(latestPublishTime(now)).toISOString()).toBe("2031-11-24T04:05:06.007Z");
  });
});
