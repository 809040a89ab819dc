/**
 * PRODUCT.md "Security": a request names a path on this site (`GET /videos`). The absolute form
 * (`GET http://host/path`) is what clients send to a proxy, and this server is none; it is refused with a
 * 400 before anything builds a URL from it (React Router's request adapter would throw on it, a 500).
 * `OPTIONS *` asks about the server as a whole and goes on to the method guard.
 */
import type { NextFunction, Request, Response } from "express";

const BAD_TARGET = "Bad Request: the request target must be a path on this site (such as /videos); this server is not a proxy.\n";

export function refuseForeignRequestTargets(req: Request, res: Response, next: NextFunction) {
  if (req.url.startsWith("/") || (req.method === "OPTIONS" && req.url === "*")) return next();
  res.status(400).set("Cache-Control", "no-store").type("text/plain").send(BAD_TARGET);
}
