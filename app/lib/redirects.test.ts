import { describe, expect, it } from "vitest";

import { safeRedirectPath, signInDestination, signInPath } from "./redirects";

describe("safeRedirectPath: only paths on this site", () => {
  it.each([
    ["/", "/"],
    ["/videos?page=2", "/videos?page=2"],
    ["/blog/abc#comments", "/blog/abc#comments"],
    ["//evil.example.com", null],
    ["/\\evil.example.com", null],
    ["/\t/evil.example.com", null],
    ["/\n/evil.example.com", null],
    ["/a\\b", null],
    ["https://evil.example.com/", null],
    ["javascript:alert(1)", null],
    ["videos", null],
    ["", null],
    [null, null],
    [42, null],
    [`/${"a".repeat(3000)}`, null],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  // PRODUCT.md "Accounts": the path is judged after URL normalisation, which is what ends up in Location.
  it.each([
    ["/.//evil.example", null],
    ["/./evil.example", "/evil.example"],
    ["/a/..//evil.example", null],
    ["/../..//evil.example", null],
    ["/%2e//evil.example", null],
    ["/%2E%2E//evil.example", null],
    ["/.%2e//evil.example", null],
    ["/videos/../blog", "/blog"],
    ["/videos/./abc?page=2#top", "/videos/abc?page=2#top"],
    ["/%2F%2Fevil.example", null],
    ["/%2f/evil.example", null],
    ["/%5C%5Cevil.example", null],
    ["/%5c/evil.example", null],
    ["/.%2F/evil.example", null],
    ["/a%2Fb", "/a%2Fb"],
    ["/search?q=a%2F%2Fb", "/search?q=a%2F%2Fb"],
    ["/search?next=//evil.example", "/search?next=//evil.example"],
    ["/.\\/evil.example", null],
    ["/\t./evil.example", null],
    ["/.\t/evil.example", null],
    ["/.\n/evil.example", null],
    ["/.\r/evil.example", null],
    ["/%09/evil.example", null],
    ["/a%5Cb", null],
    ["/%", null],
  ])("after normalising: %j → %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe("signInPath: the header's Sign In link returns to the page", () => {
  it.each([
    ["/", "/auth"],
    ["/videos?page=2", "/auth?redirectTo=%2Fvideos%3Fpage%3D2"],
    ["/auth", "/auth"],
    ["/auth?tab=signup", "/auth"],
    ["//evil.example.com", "/auth"],
  ])("%j → %j", (path, expected) => {
    expect(signInPath(path)).toBe(expected);
  });
});

describe("signInDestination: admins to the admin area, readers back where they were", () => {
  it.each([
    [true, null, "/admin"],
    [true, "/videos", "/admin"],
    [true, "/admin/videos/123", "/admin/videos/123"],
    [true, "/admin?x=1", "/admin?x=1"],
    [true, "/administrator", "/admin"],
    [false, null, "/"],
    [false, "/videos?page=2", "/videos?page=2"],
    [false, "/admin", "/"],
    [false, "/admin/videos", "/"],
    [false, "/auth", "/"],
    [false, "//evil.example.com", "/"],
  ])("admin=%s, redirectTo=%j → %s", (isAdmin, redirectTo, expected) => {
    expect(signInDestination(isAdmin, redirectTo)).toBe(expected);
  });
});
