/**
 * What every content API answer shares (PRODUCT.md "Content API"): JSON with a strong ETag (304 on
 * If-None-Match), `Cache-Control`, CORS open to every origin, and a per-address rate limit whose state
 * each answer tells in `RateLimit-*` headers (429 with `Retry-After` past it).
 */
import { createHash } from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";

import { ifNoneMatchNames } from "~/lib/cache-headers";

import { getEnv } from "../env.server";
import { logError } from "../log.server";
import { addressFromForwardedFor, addressHash, MemoryRateLimiter, type RateLimitState } from "../rate-limit.server";

/** What an endpoint found: a body to send, or an expected failure with its message. */
export type ApiResult = { status: 200; body: unknown } | { status: 400 | 404; error: string };

/** PRODUCT.md "Content API": fresh for a minute in browsers and shared caches; errors are never kept. */
export const API_CACHE_CONTROL = "public, max-age=60";

/** Every answer may be read by a page on any site; these headers too. */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

const JSON_TYPE = { "Content-Type": "application/json; charset=utf-8" };

/** A strong validator: the same body always has the same tag, any change gives another. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_TYPE, ...CORS_HEADERS, ...headers } });
}

/**
 * Answers a content API request with what `find` finds, under the rules above. The answer holds nothing
 * about the client: the page cache keeps a 200 for everyone (PRODUCT.md "Page cache"), and the rate
 * limit's headers are added to each answer by `limitApiRequests`.
 */
export async function answerApi(request: Request, find: () => Promise<ApiResult>): Promise<Response> {
  let result: ApiResult;
  try {
    result = await find();
  } catch (error) {
    logError(`Content API ${new URL(request.url).pathname} failed`, error);
    return json(503, { error: "The content API is unavailable. Try again later." }, { "Cache-Control": "no-store" });
  }
  if (result.status !== 200) return json(result.status, { error: result.error }, { "Cache-Control": "no-store" });
  const body = JSON.stringify(result.body);
  const etag = etagOf(body);
  const headers = { ...CORS_HEADERS, ETag: etag, "Cache-Control": API_CACHE_CONTROL };
  if (ifNoneMatchNames(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...JSON_TYPE, ...headers } });
}

/**
 * Addresses counted at once, a few hundred bytes each (a 43-character hash and its window): a few MB at
 * most. Past it the oldest window is forgotten, which can only let its address start afresh.
 */
export const API_RATE_LIMIT_ADDRESSES = 10_000;

const apiRateLimiter = new MemoryRateLimiter(API_RATE_LIMIT_ADDRESSES);

/**
 * Counts the request against its address (while RATE_LIMIT is on), in this instance's memory
 * (PRODUCT.md "Content API": a database write per read cost more than the answer). A request without an
 * address did not come through server.ts: it gets no shared bucket, it is refused (as the public forms do).
 */
function countRequest(forwardedFor: string | undefined, now: number): RateLimitState | null {
  const env = getEnv();
  if (!env.RATE_LIMIT) return null;
  const rule = { max: env.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
  const address = addressFromForwardedFor(forwardedFor);
  if (!address) return { allowed: false, limit: rule.max, remaining: 0, resetSeconds: rule.windowSeconds };
  return apiRateLimiter.consume(addressHash(address), rule, now);
}

/**
 * Express middleware for /api/v1, before the page cache: every GET and HEAD is counted, whether the cache
 * or a render answers it, and carries its own `RateLimit-*` headers, which are never stored.
 */
export function limitApiRequests(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const forwardedFor = req.headers["x-forwarded-for"];
  const limit = countRequest(Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor, Date.now());
  if (!limit) return next();
  res.setHeader("RateLimit-Limit", String(limit.limit));
  res.setHeader("RateLimit-Remaining", String(limit.remaining));
  res.setHeader("RateLimit-Reset", String(limit.resetSeconds));
  if (limit.allowed) return next();
  res
    .status(429)
    .set({ ...CORS_HEADERS, "Retry-After": String(limit.resetSeconds), "Cache-Control": "no-store" })
    .json({ error: `Too many requests: at most ${limit.limit} a minute from one address. Try again in ${limit.resetSeconds} s.` });
}
