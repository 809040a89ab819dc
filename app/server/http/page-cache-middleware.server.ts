/**
 * Express side of the page cache (PRODUCT.md "Page cache"): public GETs, pages and the content API's JSON,
 * are answered from the cache, renders go through React Router's fetch handler so their answers can be
 * stored. Everything else passes on to the normal request handler.
 */
import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";

import { capSharedMaxAge, ifNoneMatchNames } from "~/lib/cache-headers";

import { themeFromCookieHeader } from "../theme.server";
import {
  CONTENT_API_CONTENT_TYPES,
  isCacheableRequest,
  isContentApiPath,
  PAGE_CONTENT_TYPES,
  pickEncoding,
  type CachedPage,
  type PageCache,
} from "./page-cache.server";

type FetchHandler = (request: Request) => Promise<Response>;

/**
 * What a client says of its own copy. The cache answers a content API request's from the stored ETag, so
 * that render is asked without them and gives the whole answer to store, not a 304.
 */
const CONDITIONAL_HEADERS = new Set(["if-none-match", "if-modified-since"]);

function toFetchRequest(req: ExpressRequest, stripConditionals: boolean): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || (stripConditionals && CONDITIONAL_HEADERS.has(name))) continue;
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

/**
 * How the cache keeps a request's answer. A page by the theme cookie, the one thing that changes a public
 * page's HTML (the <html> class), and its address; a content API answer by its address alone, the whole
 * answer rendered and stored so a conditional request is answered from the stored ETag.
 */
async function cacheRule(req: ExpressRequest) {
  if (isContentApiPath(req.path)) {
    return { key: `api ${req.originalUrl}`, contentTypes: CONTENT_API_CONTENT_TYPES, vary: "Accept-Encoding", stripConditionals: true };
  }
  const theme = await themeFromCookieHeader(req.headers.cookie);
  return {
    key: `${theme} ${req.originalUrl}`,
    contentTypes: PAGE_CONTENT_TYPES,
    vary: "Accept-Encoding, Cookie",
    stripConditionals: false,
  };
}

function storedHeader(page: CachedPage, name: string): string | undefined {
  return page.headers.find(([header]) => header.toLowerCase() === name)?.[1];
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
      // A hit needs nothing else of the request, so the fetch Request is built only for a render.
      const rule = await cacheRule(req);
      const outcome = await cache.serve(rule.key, () => handle(toFetchRequest(req, rule.stripConditionals)), rule.contentTypes);
      const headOnly = req.method === "HEAD";
      if (outcome.kind === "uncacheable") {
        res.setHeader("X-Cache", "BYPASS");
        if (compress) await new Promise<void>((resolve) => compress(req, res, resolve));
        await sendFetchResponse(res, outcome.response, headOnly, cache);
        return;
      }
      const { page } = outcome;
      for (const [name, value] of page.headers) res.setHeader(name, value);
      capForNextPublication(res, cache);
      res.setHeader("Vary", rule.vary);
      res.setHeader("X-Cache", outcome.kind.toUpperCase());
      const etag = storedHeader(page, "etag");
      if (etag && ifNoneMatchNames(req.headers["if-none-match"], etag)) {
        res.removeHeader("Content-Type");
        res.status(304).end();
        return;
      }
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      const body = page.bodies[encoding];
      res.status(page.status);
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.end(headOnly ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
