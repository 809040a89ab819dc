import { describe, expect, it } from "vitest";

import { pageToShow, pageWindow, parsePage, searchPagerItems, totalPages } from "./pagination";

describe("parsePage (integer, default 1)", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["1", 1],
    ["7", 7],
    [" 3 ", 3],
    ["0", 1],
    ["-1", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["99999999999999999999", 1],
  ])("%s → %s", (input, expected) => {
    expect(parsePage(input)).toBe(expected);
  });
});

describe("totalPages", () => {
  it.each([
    [0, 25, 0],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
  ])("%s items at %s a page → %s pages", (items, size, expected) => {
    expect(totalPages(items, size)).toBe(expected);
  });
});

describe("pageToShow (a page past the end shows the last)", () => {
  it.each([
    [undefined, 60, { page: 1, totalPages: 3, offset: 0 }],
    [2, 60, { page: 2, totalPages: 3, offset: 25 }],
    [9, 60, { page: 3, totalPages: 3, offset: 50 }],
    [3, 50, { page: 2, totalPages: 2, offset: 25 }],
    [4, 0, { page: 1, totalPages: 0, offset: 0 }],
  ])("page %s of %i rows", (requested, total, expected) => {
    expect(pageToShow(requested, total, 25)).toEqual(expected);
  });
});

describe("pageWindow (at most 5 numbers centred on the current page)", () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [5, 10, [3, 4, 5, 6, 7]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
  ])("page %s of %s → %j", (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe("searchPagerItems (ellipsis and last page when page < total - 2)", () => {
  const render = (current: number, total: number) =>
    searchPagerItems(current, total)
      .map((item) => (item.type === "page" ? String(item.page) : "…"))
      .join(" ");
  it.each([
    [1, 1, "1"],
    [1, 5, "1 2 3 4 5"],
    [1, 6, "1 2 3 4 5 … 6"],
    [3, 6, "1 2 3 4 5 … 6"],
    [4, 6, "2 3 4 5 6"],
    [5, 10, "3 4 5 6 7 … 10"],
    [7, 10, "5 6 7 8 9 … 10"],
    [8, 10, "6 7 8 9 10"],
    [10, 10, "6 7 8 9 10"],
  ])("page %s of %s → %s", (current, total, expected) => {
    expect(render(current, total)).toBe(expected);
  });
});
