/**
 * Where a form may send the visitor back to: a path on this site only, so `redirectTo` can never be
 * an open redirect (`//host`, `/\host`, `https://…`, `javascript:` and control characters are refused).
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2_048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Browsers drop tabs and newlines inside URLs, so '/\t/host' would become '//host'.
  if (/[\p{Cc}\\]/u.test(value)) return null;
  return value;
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
