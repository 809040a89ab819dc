/**
 * Express side of the page cache (PRODUCT.md "Page cache"): public GETs are answered from the cache,
 * renders go through React Router's fetch handler so their HTML can be stored. Everything else passes
 * on to the normal request handler.
 */
import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";

import { capSharedMaxAge } from "~/lib/cache-headers";

import { themeFromCookieHeader } from "../theme.server";
import { isCacheableRequest, pickEncoding, type PageCache } from "./page-cache.server";

type FetchHandler = (request: Request) => Promise<Response>;

function toFetchRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  // A HEAD is rendered as the GET it describes; no abort signal, since other requests may share the render.
  return new Request(url, { method: "GET", headers });
}

/**
 * PRODUCT.md "Scheduled publishing": shared caches (CDNs) may not keep an answer past the next scheduled
 * publication either, or the item would appear there late.
 */
function capForNextPublication(res: ExpressResponse, cache: PageCache) {
  const secondsLeft = cache.secondsToExpiry();
  const cacheControl = res.getHeader("Cache-Control");
  if (secondsLeft === null || typeof cacheControl !== "string") return;
  res.setHeader("Cache-Control", capSharedMaxAge(cacheControl, secondsLeft));
}

async function sendFetchResponse(res: ExpressResponse, response: Response, headOnly: boolean, cache: PageCache) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() === "set-cookie") continue;
    res.setHeader(name, value);
  }
  capForNextPublication(res, cache);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (headOnly || !response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
}

/** Express middleware that compresses what the response sends afterwards (the `compression` package). */
type Compress = (req: ExpressRequest, res: ExpressResponse, next: () => void) => void;

/**
 * `compress` is applied to the answers the cache cannot keep (sent as rendered); a stored page is sent with
 * the encoding already made for it, so a hit skips the compression middleware's work altogether.
 */
export function pageCacheMiddleware(cache: PageCache, handle: FetchHandler, compress?: Compress) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req.method, req.path, req.headers.cookie)) return next();
    try {
      // The theme cookie is the one thing that changes a public page's HTML (the <html> class). A hit
      // needs nothing else of the request, so the fetch Request is built only for a render.
      const key = `${await themeFromCookieHeader(req.headers.cookie)} ${req.originalUrl}`;
      const outcome = await cache.serve(key, () => handle(toFetchRequest(req)));
      const headOnly = req.method === "HEAD";
      if (outcome.kind === "uncacheable") {
        res.setHeader("X-Cache", "BYPASS");
        if (compress) await new Promise<void>((resolve) => compress(req, res, resolve));
        await sendFetchResponse(res, outcome.response, headOnly, cache);
        return;
      }
      const { page } = outcome;
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      const body = page.bodies[encoding];
      res.status(page.status);
      for (const [name, value] of page.headers) res.setHeader(name, value);
      capForNextPublication(res, cache);
      res.setHeader("Vary", "Accept-Encoding, Cookie");
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.setHeader("X-Cache", outcome.kind.toUpperCase());
      res.end(headOnly ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
