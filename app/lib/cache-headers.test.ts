import { describe, expect, it } from "vitest";

import { PUBLIC_PAGE_CACHE_CONTROL, publicPageHeaders } from "./cache-headers";

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
