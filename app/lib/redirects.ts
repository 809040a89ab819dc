/** Any origin will do: only paths that stay on it survive. */
const PROBE_ORIGIN = "http://redirect.invalid";

/**
 * A path on this site, at most 2,048 characters: starts with one `/`, never `//` or `/\`; no backslash
 * or control character anywhere (browsers drop tabs and newlines inside URLs, so '/\t/host' would
 * become '//host').
 */
const isPlainSitePath = (path: string) => /^\/(?![/\\])[^\p{Cc}\\]{0,2047}$/u.test(path);

/**
 * Where a form may send the visitor back to: a path on this site only, so `redirectTo` can never be
 * an open redirect (`//host`, `/\host`, `https://…`, `javascript:` and control characters are refused).
 * PRODUCT.md "Accounts": judged after URL normalisation (dot segments, `%2e`), which is what a `Location`
 * built from it holds, and again as the next reader that decodes `%2F`/`%5C` and normalises would see it;
 * returned normalised (`/.//host` would become `//host`).
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !isPlainSitePath(value)) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    const decoded = decodeURIComponent(url.pathname);
    const normalised = [url.pathname, decoded, new URL(decoded, PROBE_ORIGIN).pathname];
    return url.origin === PROBE_ORIGIN && normalised.every(isPlainSitePath) ? url.pathname + url.search + url.hash : null;
  } catch {
    // A malformed escape in the path.
    return null;
  }
}

/**
 * The sign-in link for a page: back to that page afterwards (PRODUCT.md "Accounts"). Sign-in judges
 * `redirectTo` in full (safeRedirectPath) before it sends anyone there; this link, in every public page,
 * only needs the plain-path rule, so the rest never ships to the browser.
 */
export function signInPath(currentPath: string): string {
  if (!isPlainSitePath(currentPath) || currentPath === "/" || currentPath.startsWith("/auth")) return "/auth";
  return `/auth?redirectTo=${encodeURIComponent(currentPath)}`;
}

/**
 * Where a visitor goes after signing in (PRODUCT.md "Accounts"): staff (PRODUCT.md "Roles") to the admin area
 * (or the admin page that sent them to sign in), anyone else back to the page they came from, or home.
 */
export function signInDestination(isStaff: boolean, redirectTo: unknown): string {
  const back = safeRedirectPath(redirectTo);
  const isAdminPath = back != null && (back === "/admin" || back.startsWith("/admin/") || back.startsWith("/admin?"));
  if (isStaff) return isAdminPath ? back : "/admin";
  return back && !isAdminPath && !back.startsWith("/auth") ? back : "/";
}
