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
