import { describe, expect, it } from "vitest";

import { capSharedMaxAge, PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from "./cache-headers";

function headersFor(init: { loader?: HeadersInit; action?: HeadersInit; parent?: HeadersInit } = {}) {
  return publicPageHeaders({
    loaderHeaders: new Headers(init.loader),
    actionHeaders: new Headers(init.action),
    parentHeaders: new Headers(init.parent),
    errorHeaders: undefined,
  });
}

describe("publicPageHeaders", () => {
  it("lets a CDN cache a plain public page, keyed on cookies", () => {
    const headers = headersFor();
    expect(headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(headers.get("Vary")).toBe("Cookie");
  });

  it("keeps a response that sets a cookie (a flash toast) out of shared caches", () => {
    expect(headersFor({ parent: { "Set-Cookie": "mw_toast=; Max-Age=0" } }).get("Cache-Control")).toBe("private, no-store");
  });

  it("uses the Cache-Control a loader or action chose", () => {
    expect(headersFor({ loader: { "Cache-Control": "no-store" } }).get("Cache-Control")).toBe("no-store");
    expect(headersFor({ action: { "Cache-Control": "no-store" } }).get("Cache-Control")).toBe("no-store");
  });
});

describe('capSharedMaxAge (PRODUCT.md "Scheduled publishing")', () => {
  it.each([
    ["a page, 20.2 s before a publication", PUBLIC_PAGE_CACHE_CONTROL, 20.2, "public, max-age=0, s-maxage=21"],
    ["a page, the time already passed", PUBLIC_PAGE_CACHE_CONTROL, -3, "public, max-age=0, s-maxage=0"],
    ["a page, the publication further off than a CDN keeps it", PUBLIC_PAGE_CACHE_CONTROL, 600, PUBLIC_PAGE_CACHE_CONTROL],
    ["a page, exactly at its lifetime", PUBLIC_PAGE_CACHE_CONTROL, 60, PUBLIC_PAGE_CACHE_CONTROL],
    [
      "the sitemap, 10 minutes before",
      "public, max-age=0, s-maxage=3600, stale-while-revalidate=600",
      600,
      "public, max-age=0, s-maxage=600",
    ],
    ["an image without s-maxage", "public, max-age=31536000, immutable", 5, "public, max-age=31536000, immutable"],
    ["a private answer", "private, no-store", 5, "private, no-store"],
  ])("%s", (_case, cacheControl, secondsLeft, expected) => {
    expect(capSharedMaxAge(cacheControl, secondsLeft)).toBe(expected);
  });
});
