import type { HeadersArgs } from "react-router";

/** Public pages may be served by a CDN for a minute and revalidated in the background for five. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * `headers` export for the public content pages.
 * - A loader or action that sets its own Cache-Control (a 404, a rejected form) wins.
 * - A response that sets a cookie (the flash toast being consumed) is personal: never shared-cached.
 * - The HTML depends on cookies (theme, signed-in menu), so shared caches must key on them.
 */
export function publicPageHeaders({ loaderHeaders, actionHeaders, parentHeaders }: HeadersArgs): Headers {
  const headers = new Headers({ Vary: "Cookie" });
  const explicit = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  const setsCookie = parentHeaders.has("Set-Cookie") || loaderHeaders.has("Set-Cookie") || actionHeaders.has("Set-Cookie");
  headers.set("Cache-Control", explicit ?? (setsCookie ? "private, no-store" : PUBLIC_PAGE_CACHE_CONTROL));
  return headers;
}

/** For loaders/actions whose response must never be cached (not-found states, rejected forms). */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * PRODUCT.md "Scheduled publishing": an answer a shared cache (CDN) may keep — one with `s-maxage` — is
 * kept no longer than `secondsLeft`, when the next scheduled item appears, and is then not served stale.
 * Other answers (private ones, images that never change with the lists) pass unchanged.
 */
export function capSharedMaxAge(cacheControl: string, secondsLeft: number): string {
  const directives = cacheControl.split(",").map((part) => part.trim());
  const sharedMaxAge = directives.find((directive) => /^s-maxage=\d+$/i.test(directive));
  const left = Math.max(0, Math.ceil(secondsLeft));
  if (!sharedMaxAge || Number(sharedMaxAge.split("=")[1]) <= left) return cacheControl;
  return directives
    .filter((directive) => !/^stale-while-revalidate=/i.test(directive))
    .map((directive) => (directive === sharedMaxAge ? `s-maxage=${left}` : directive))
    .join(", ");
}

/** If-None-Match lists the tag (or is `*`): the client's copy is current and a 304 answers it. */
export function ifNoneMatchNames(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
