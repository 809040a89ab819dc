import { describe, expect, it } from "vitest";

import { daysInMonth, parseUtcDay, parseUtcMinute } from "./dates";

describe("parseUtcDay (a real calendar day, yyyy-mm-dd, years 0001–9999)", () => {
  it.each([
    ["2026-02-28", "2026-02-28T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2000-02-29", "2000-02-29T00:00:00.000Z"],
    ["2026-04-30", "2026-04-30T00:00:00.000Z"],
    ["2026-12-31", "2026-12-31T00:00:00.000Z"],
    ["0001-01-01", "0001-01-01T00:00:00.000Z"],
    ["9999-12-31", "9999-12-31T00:00:00.000Z"],
  ])("%s is the day starting %s", (value, iso) => {
    expect(parseUtcDay(value)?.toISOString()).toBe(iso);
  });

  it.each([
    ["2026-02-29", "Feb 29 in a common year"],
    ["1900-02-29", "Feb 29 in a century year that is not a leap year"],
    ["2026-02-30", "Feb 30"],
    ["2026-04-31", "day 31 in April"],
    ["2026-06-31", "day 31 in June"],
    ["2026-09-31", "day 31 in September"],
    ["2026-11-31", "day 31 in November"],
    ["2026-01-32", "day 32"],
    ["2026-01-00", "day 0"],
    ["2026-00-10", "month 0"],
    ["2026-13-01", "month 13"],
    ["0000-01-01", "year 0"],
    ["10000-01-01", "a five-digit year"],
    ["2026-1-01", "a one-digit month"],
    ["2026-02-28T00:00", "a time after the day"],
    [" 2026-02-28", "a space before it"],
    ["2026/02/28", "slashes"],
    ["28-02-2026", "day first"],
    ["abc", "garbage"],
    ["", "nothing"],
  ])("%s is refused (%s)", (value) => {
    expect(parseUtcDay(value)).toBeNull();
  });
});

describe("parseUtcMinute (a real minute, yyyy-mm-ddThh:mm, in UTC)", () => {
  it.each([
    ["2026-02-28T10:00", "2026-02-28T10:00:00.000Z"],
    ["2024-02-29T23:59", "2024-02-29T23:59:00.000Z"],
    ["0001-01-01T00:00", "0001-01-01T00:00:00.000Z"],
  ])("%s is %s", (value, iso) => {
    expect(parseUtcMinute(value)?.toISOString()).toBe(iso);
  });

  it.each([
    "2026-02-30T10:00",
    "2026-02-29T10:00",
    "2026-04-31T10:00",
    "0000-01-01T10:00",
    "10000-01-01T10:00",
    "2026-13-01T10:00",
    "2026-02-28T24:00",
    "2026-02-28T10:60",
    "2026-02-28T10:00:00",
    "2026-02-28T10:00Z",
    "2026-02-28",
    "tomorrow",
    "",
  ])("%s is refused", (value) => {
    expect(parseUtcMinute(value)).toBeNull();
  });
});

describe("daysInMonth", () => {
  it.each([
    [2024, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2026, 2, 28],
    [2026, 4, 30],
    [2026, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});
