import { describe, expect, it } from "vitest";

import { formatCount, formatDate, formatDuration, formatUtcMinute, formatViews, truncate, visibleTags } from "./format";

describe("formatViews (K above 1,000 with one decimal, M above 1,000,000)", () => {
  it.each([
    [null, "0"],
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1_000, "1.0K"],
    [1_049, "1.0K"],
    [1_050, "1.1K"],
    [1_250, "1.3K"],
    [15_400, "15.4K"],
    [999_949, "999.9K"],
    [999_950, "1.0M"],
    [999_999, "1.0M"],
    [1_000_000, "1.0M"],
    [1_049_999, "1.0M"],
    [1_050_000, "1.1M"],
    [2_345_678, "2.3M"],
    [999_949_999, "999.9M"],
    [999_950_000, "1.0B"],
    [1_000_000_000, "1.0B"],
    [2_500_000_000, "2.5B"],
    [1_000_000_000_000, "1000.0B"],
  ])("%s → %s", (input, expected) => {
    expect(formatViews(input)).toBe(expected);
  });
});

describe("formatCount (a count with its word, singular for exactly one)", () => {
  it.each([
    [0, "view", "short", "0 views"],
    [1, "view", "short", "1 view"],
    [2, "view", "short", "2 views"],
    [1, "listen", "short", "1 listen"],
    [null, "listen", "short", "0 listens"],
    [999, "listen", "short", "999 listens"],
    [1_000, "view", "short", "1.0K views"],
    [1_234, "listen", "short", "1.2K listens"],
    [999_950, "view", "short", "1.0M views"],
    [1, "listen", "exact", "1 listen"],
    [1_234, "listen", "exact", "1,234 listens"],
    [1_240_000, "view", "exact", "1,240,000 views"],
  ] as const)("%s %s (%s) → %s", (count, noun, style, expected) => {
    expect(formatCount(count, noun, style)).toBe(expected);
  });
});

describe("formatDuration (m:ss with two-digit seconds, or N/A)", () => {
  it.each([
    [null, "N/A"],
    [undefined, "N/A"],
    [-5, "N/A"],
    [0, "0:00"],
    [5, "0:05"],
    [65, "1:05"],
    [600, "10:00"],
    [3_725, "62:05"],
  ])("%s → %s", (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });
});

describe("formatDate", () => {
  it("formats in UTC so server and browser agree", () => {
    expect(formatDate("2026-03-05T23:30:00Z")).toBe("Mar 5, 2026");
    expect(formatDate(new Date("2026-03-05T23:30:00Z"), "long")).toBe("March 5, 2026");
  });
  it("is empty without a valid date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("truncate (description cut at 150 characters with an ellipsis)", () => {
  it.each([
    ["keeps text of exactly 150 characters", "a".repeat(150), "a".repeat(150)],
    ["cuts text of 151 characters to 150 plus '...'", "a".repeat(151), `${"a".repeat(150)}...`],
    ["treats null as empty", null, ""],
  ])("%s", (_case, input, expected) => {
    expect(truncate(input)).toBe(expected);
  });
});

describe("visibleTags (at most 3 tags then '+N more')", () => {
  it.each([
    ["shows all of three tags", ["a", "b", "c"], { shown: ["a", "b", "c"], more: 0 }],
    ["shows three and counts the rest", ["a", "b", "c", "d", "e"], { shown: ["a", "b", "c"], more: 2 }],
  ])("%s", (_case, tags, expected) => {
    expect(visibleTags(tags)).toEqual(expected);
  });
});

describe("formatUtcMinute (the admin's queues and logs: to the minute, in UTC)", () => {
  it("writes the date and time in UTC, whatever the seconds", () => {
    expect(formatUtcMinute(new Date("2026-11-29T09:40:59.999Z"))).toBe("2026-11-29 09:40 UTC");
    expect(formatUtcMinute(new Date("2026-01-02T23:05:00+10:00"))).toBe("2026-01-02 13:05 UTC");
  });
});
