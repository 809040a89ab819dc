import { describe, expect, it } from "vitest";

import { etagMatches, requestedRange } from "./http-range.server";

describe("requestedRange (a 1,000-byte file)", () => {
  it.each([
    ["no header", null, null],
    ["the first byte", "bytes=0-0", { start: 0, end: 0 }],
    ["a middle slice", "bytes=100-199", { start: 100, end: 199 }],
    ["from an offset to the end", "bytes=900-", { start: 900, end: 999 }],
    ["an end past the file is cut to it", "bytes=990-5000", { start: 990, end: 999 }],
    ["the last 10 bytes", "bytes=-10", { start: 990, end: 999 }],
    ["more last bytes than the file has", "bytes=-5000", { start: 0, end: 999 }],
    ["spaces and case", " Bytes = 5 - 9 ", { start: 5, end: 9 }],
    ["a start past the end", "bytes=1000-", "unsatisfiable"],
    ["the last 0 bytes", "bytes=-0", "unsatisfiable"],
    ["several ranges: the whole file", "bytes=0-1,5-6", null],
    ["an end before the start: ignored", "bytes=9-5", null],
    ["another unit", "items=0-5", null],
    ["no numbers", "bytes=-", null],
    ["garbage", "bytes=abc", null],
  ] as const)("%s", (_name, header, expected) => {
    expect(requestedRange(header, 1000)).toEqual(expected);
  });

  it("nothing of an empty file can be asked for", () => {
    expect(requestedRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(requestedRange("bytes=-1", 0)).toBe("unsatisfiable");
  });
});

describe("etagMatches", () => {
  it.each([
    [null, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ["*", true],
    ['"abd"', false],
  ])("%s", (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});
