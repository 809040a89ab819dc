/**
 * The address of the page a loader or action serves, as the reader sees it. React Router 8 hands loaders and
 * actions the raw request: a client-side navigation or form post asks for `/videos.data?_routes=…`
 * (`/admin/_.data` for `/admin/`, `/_.data` for the home page), and a post to a route with an index child
 * carries `?index`. Those parts are the framework's, never the page's: a redirect back, a log line or a
 * pager built from them would point at the data endpoint.
 */

const DATA_SUFFIX = ".data";
const TRAILING_SLASH_DATA = "/_.data";

/** React Router 7's data request for the home page (8 asks `/_.data`). */
const ROOT_DATA_V7 = "/_root.data";

/** A path without a data request's ending: `/videos.data` → `/videos`, `/admin/_.data` → `/admin/`, `/_.data` → `/`. */
export function pagePath(pathname: string): string {
  if (pathname === ROOT_DATA_V7) return "/";
  if (pathname.endsWith(TRAILING_SLASH_DATA)) return pathname.slice(0, -TRAILING_SLASH_DATA.length + 1);
  if (pathname.endsWith(DATA_SUFFIX)) return pathname.slice(0, -DATA_SUFFIX.length);
  return pathname;
}

export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  const path = pagePath(url.pathname);
  if (path !== url.pathname) url.pathname = path;
  // Only when present: rewriting the query re-encodes it (a space written %20 becomes +).
  const params = url.searchParams;
  if (params.has("_routes")) params.delete("_routes");
  // `?index` (no value) names the index route; an `index` with a value would be the page's own.
  if (params.has("index", "")) params.delete("index", "");
  return url;
}
