import { describe, expect, it } from "vitest";

import { searchTypeFilters } from "./content-registry";
import { CONTENT_TYPES } from "./content-types";
import { buildSearchHref, MAX_QUERY_LENGTH, parseQuery, parseSearchState, parseTypes, resultCountText, typesToSearch } from "./search";

describe("parseQuery (query trimmed)", () => {
  it.each([
    [null, ""],
    ["", ""],
    ["   ", ""],
    ["  Fed rates  ", "Fed rates"],
    ["50%_off\\", "50%_off\\"],
    ["line\nbreak\u0000nul", "line break nul"],
  ])("%j → %j", (input, expected) => {
    expect(parseQuery(input)).toBe(expected);
  });

  it(`caps a long query at ${MAX_QUERY_LENGTH} characters`, () => {
    expect(parseQuery("x".repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
    expect(parseQuery(`  ${"y".repeat(MAX_QUERY_LENGTH)}`)).toBe("y".repeat(MAX_QUERY_LENGTH));
  });
});

describe("parseTypes", () => {
  it.each([
    ["empty value", "", []],
    ["one type", "blog", ["blog"]],
    ["comma-separated, kept in the canonical order", "podcast,video", ["video", "podcast"]],
    ["unknown names ignored", "video,movies,,", ["video"]],
    ["all unknown", "movies,tv", []],
    ["duplicates once", "blog,blog,BLOG", ["blog"]],
    ["spaces around names", " interview , special_feature ", ["interview", "special_feature"]],
  ])("%s", (_name, input, expected) => {
    expect(parseTypes(input)).toEqual(expected);
  });

  it("merges repeated parameters, as a GET form without JavaScript sends them", () => {
    expect(parseTypes(["blog", "video,blog", "podcast"])).toEqual(["video", "podcast", "blog"]);
  });

  it("nothing selected searches all five", () => {
    expect(typesToSearch([])).toEqual([...CONTENT_TYPES]);
    expect(typesToSearch(parseTypes("nonsense"))).toEqual([...CONTENT_TYPES]);
    expect(typesToSearch(["blog"])).toEqual(["blog"]);
  });
});

describe("parseSearchState", () => {
  const parse = (query: string) => parseSearchState(new URLSearchParams(query));

  it("reads q, types and page", () => {
    expect(parse("q=+oil+&types=podcast,blog&page=3")).toEqual({
      q: "oil",
      types: ["podcast", "blog"],
      searchTypes: ["podcast", "blog"],
      page: 3,
    });
  });

  it("defaults: empty query, no ticked type (all five searched), page 1", () => {
    expect(parse("")).toEqual({ q: "", types: [], searchTypes: [...CONTENT_TYPES], page: 1 });
  });

  it.each(["0", "-1", "abc", "2.5", "", "1e3", "99999999999999999999"])("bad page %j is page 1", (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it("reads repeated types parameters", () => {
    expect(parse("types=video&types=interview").types).toEqual(["video", "interview"]);
  });
});

describe("buildSearchHref", () => {
  it.each([
    [{}, "/search"],
    [{ q: "  " }, "/search"],
    [{ q: "oil & gas" }, "/search?q=oil%20%26%20gas"],
    [{ q: "fed", types: ["blog", "video"] as const }, "/search?q=fed&types=video,blog"],
    [{ q: "fed", page: 1 }, "/search?q=fed"],
    [{ q: "fed", page: 4 }, "/search?q=fed&page=4"],
    [{ types: ["podcast"] as const, page: 2 }, "/search?types=podcast&page=2"],
  ])("%j → %s", (state, expected) => {
    expect(buildSearchHref(state)).toBe(expected);
  });

  it("a new query or new types means page 1: the page is only kept when asked for", () => {
    const current = parseSearchState(new URLSearchParams("q=fed&types=blog&page=5"));
    expect(buildSearchHref({ q: "rates", types: current.types })).toBe("/search?q=rates&types=blog");
    expect(buildSearchHref({ q: current.q, types: ["blog", "podcast"] })).toBe("/search?q=fed&types=podcast,blog");
  });

  it("round-trips through parseSearchState", () => {
    const href = buildSearchHref({ q: "50% _x_ \\", types: ["special_feature", "video"], page: 7 });
    const state = parseSearchState(new URL(href, "http://localhost").searchParams);
    expect(state).toMatchObject({ q: "50% _x_ \\", types: ["video", "special_feature"], page: 7 });
  });
});

describe("resultCountText", () => {
  it.each([
    [0, "oil", '0 results for "oil"'],
    [1, "oil", '1 result for "oil"'],
    [1234, "oil", '1,234 results for "oil"'],
    [5, "", "5 results"],
  ])("%i, %j → %s", (total, q, expected) => {
    expect(resultCountText(total, q)).toBe(expected);
  });
});

describe("searchTypeFilters", () => {
  it("offers the five types with the page's labels", () => {
    expect(searchTypeFilters().map((f) => f.type)).toEqual([...CONTENT_TYPES]);
    expect(searchTypeFilters().map((f) => f.label)).toEqual(["Videos", "Podcasts", "Blogs", "Interviews", "Special Features"]);
  });
});
