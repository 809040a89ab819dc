/** Any origin will do: only paths that stay on it survive. */
const PROBE_ORIGIN = "http://redirect.invalid";

/**
 * Where a form may send the visitor back to: a path on this site only, so `redirectTo` can never be
 * an open redirect (`//host`, `/\host`, `https://…`, `javascript:` and control characters are refused).
 * PRODUCT.md "Accounts": judged after URL normalisation (dot segments, `%2e`), which is what a
 * `Location` built from it holds, and returned normalised; `/.//host` would become `//host`.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2_048 || !isPlainSitePath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || !isPlainSitePath(url.pathname)) return null;
  // Nor may the next reader that decodes it (`%2F`, `%5C`) and normalises again find another host.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!isPlainSitePath(decoded) || !isPlainSitePath(new URL(decoded, PROBE_ORIGIN).pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isPlainSitePath(path: string) {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  // Browsers drop tabs and newlines inside URLs, so '/\t/host' would become '//host'.
  return !/[\p{Cc}\\]/u.test(path);
}

/** The sign-in link for a page: back to that page afterwards (PRODUCT.md "Accounts"). */
export function signInPath(currentPath: string): string {
  const back = safeRedirectPath(currentPath);
  if (!back || back === "/" || back.startsWith("/auth")) return "/auth";
  return `/auth?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * Where a visitor goes after signing in (PRODUCT.md "Accounts"): an admin to the admin area (or the
 * admin page that sent them to sign in), anyone else back to the page they came from, or home.
 */
export function signInDestination(isAdmin: boolean, redirectTo: unknown): string {
  const back = safeRedirectPath(redirectTo);
  const isAdminPath = back != null && (back === "/admin" || back.startsWith("/admin/") || back.startsWith("/admin?"));
  if (isAdmin) return isAdminPath ? back : "/admin";
  return back && !isAdminPath && !back.startsWith("/auth") ? back : "/";
}
