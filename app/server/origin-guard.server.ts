/**
 * Cross-site request forgery guard (PRODUCT.md "Security"): a request that can change something
 * (any method but GET, HEAD and OPTIONS) must carry the `Origin` of this site, which every browser
 * sends with a POST. A foreign, `null` or missing Origin is refused with 403 before any handler runs.
 */
import type { NextFunction, Request, Response } from "express";

import { afterRequestBody } from "./method-guard.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const REFUSED =
  "Forbidden: cross-site request refused. Forms and API calls on this site are accepted only from its own pages (the request's Origin header is missing or names another site).\n";

/**
 * The site's own origins: the configured public URL, and the origin of the host the request was sent
 * to (the same site reached under another name, such as 127.0.0.1 in development). A forged request
 * from another site carries that site's Origin while its Host is ours, so it matches neither.
 */
export function isOwnOrigin(origin: string | undefined, publicOrigin: string, host: string | undefined): boolean {
  if (!origin) return false;
  if (origin === publicOrigin) return true;
  if (!host) return false;
  try {
    const url = new URL(origin);
    if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
    return url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** Express middleware refusing state-changing requests from other sites; `publicUrl` is BETTER_AUTH_URL. */
export function refuseCrossSiteRequests(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || isOwnOrigin(req.headers.origin, publicOrigin, req.headers.host)) return next();
    afterRequestBody(req, () => res.status(403).set("Cache-Control", "no-store").type("text/plain").send(REFUSED));
  };
}
