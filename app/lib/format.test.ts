import { describe, expect, it } from "vitest";
import { formatDate, formatDuration, formatViews, readTimeMinutes, stripHtml, truncate, visibleTags } from "./format";

describe("formatViews (spec §9: K above 1,000 with one decimal, M above 1,000,000)", () => {
  it.each([
    [null, "0"],
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1_000, "1.0K"],
    [1_250, "1.3K"],
    [15_400, "15.4K"],
    [999_999, "1000.0K"],
    [1_000_000, "1.0M"],
    [2_345_678, "2.3M"],
  ])("%s → %s", (input, expected) => {
    expect(formatViews(input)).toBe(expected);
  });
});

describe("formatDuration (spec §9: m:ss with two-digit seconds, or N/A)", () => {
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

describe("truncate (spec §9: description cut at 150 characters with an ellipsis)", () => {
  it("keeps text of exactly 150 characters", () => {
    expect(truncate("a".repeat(150))).toBe("a".repeat(150));
  });
  it("cuts text of 151 characters to 150 plus '...'", () => {
    expect(truncate("a".repeat(151))).toBe(`${"a".repeat(150)}...`);
  });
  it("treats null as empty", () => {
    expect(truncate(null)).toBe("");
  });
});

describe("stripHtml", () => {
  it("drops tags, scripts and decodes common entities", () => {
    expect(stripHtml("<p>Rates &amp; <b>bonds</b></p><script>alert(1)</script>")).toBe("Rates & bonds");
  });
});

describe("readTimeMinutes", () => {
  it("uses the stored value when present", () => {
    expect(readTimeMinutes(7, "short")).toBe(7);
  });
  it("computes from the text at 200 words a minute, at least 1", () => {
    expect(readTimeMinutes(null, "")).toBe(1);
    expect(readTimeMinutes(null, `<p>${"word ".repeat(401)}</p>`)).toBe(3);
  });
});

describe("visibleTags (spec §9: at most 3 tags then '+N more')", () => {
  it("shows all of three tags", () => {
    expect(visibleTags(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: 0 });
  });
  it("shows three and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
  });
});
