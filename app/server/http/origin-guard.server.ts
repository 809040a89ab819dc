/**
 * Cross-site request forgery guard (PRODUCT.md "Security"): a request that can change something
 * (any method but GET, HEAD and OPTIONS) must carry the `Origin` of this site, which every browser
 * sends with a POST. A foreign, `null` or missing Origin is refused with 403 before any handler runs, but
 * on the signed-token posts below (TOKEN_AUTHORISED_POSTS).
 */
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const REFUSED =
  "Forbidden: cross-site request refused. Forms and API calls on this site are accepted only from its own pages (the request's Origin header is missing or names another site).\n";

/**
 * The site's own origins: the configured public URLs (PUBLIC_URL, BETTER_AUTH_URL), and the origin of the
 * host the request was sent to (the same site reached under another name, such as 127.0.0.1 for
 * localhost in development), but only over the deployment's scheme: behind a TLS proxy the server sees
 * plain http, and a page served over http on our own name (a network attacker's) is not the site. A
 * forged request from another site carries that site's Origin while its Host is ours, so it matches none.
 */
export function isOwnOrigin(origin: string | undefined, publicOrigins: readonly string[], host: string | undefined): boolean {
  if (!origin) return false;
  if (publicOrigins.includes(origin)) return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    if (url.origin !== origin || !publicOrigins.some((own) => new URL(own).protocol === url.protocol)) return false;
    return url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Paths whose POST carries its own authority, a signed token in the URL, and no cookie is read: a mail
 * provider's one-click unsubscribe (RFC 8058) posts from its own servers, with no Origin of ours or with
 * its own, or `null` (PRODUCT.md "Newsletter", "Following and alerts"). A forger would need the token,
 * which is the whole permission.
 */
export const TOKEN_AUTHORISED_POSTS: readonly string[] = ["/newsletter/unsubscribe", "/account/alerts/stop"];

/** Express middleware refusing state-changing requests from other sites; `publicUrls`: PUBLIC_URL and BETTER_AUTH_URL. */
export function refuseCrossSiteRequests(publicUrls: readonly string[], tokenAuthorisedPosts: readonly string[] = TOKEN_AUTHORISED_POSTS) {
  const publicOrigins = [...new Set(publicUrls.map((url) => new URL(url).origin))];
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === "POST" && tokenAuthorisedPosts.includes(req.path)) {
      // React Router refuses an action with 400 when its Origin names another host than the request URL
      // (its own cross-site check; `allowedActionOrigins` would widen it for every route at once). Here the
      // Origin says nothing the token does not, so it goes: React Router still checks every other action.
      delete req.headers.origin;
      return next();
    }
    if (isOwnOrigin(req.headers.origin, publicOrigins, req.headers.host)) return next();
    // At once, like every refusal (method-guard.server.ts).
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send(REFUSED);
  };
}
