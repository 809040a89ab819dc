/**
 * What every content API answer shares (PRODUCT.md "Content API"): JSON with a strong ETag (304 on
 * If-None-Match), `Cache-Control`, CORS open to every origin, and a per-address rate limit whose state
 * each answer tells in `RateLimit-*` headers (429 with `Retry-After` past it).
 */
import { createHash } from "node:crypto";

import { getEnv } from "../env.server";
import { logError } from "../log.server";
import { addressHash, clientAddress, consumeRateLimitState, type RateLimitState } from "../rate-limit.server";

/** What an endpoint found: a body to send, or an expected failure with its message. */
export type ApiResult = { status: 200; body: unknown } | { status: 400 | 404; error: string };

/** PRODUCT.md "Content API": fresh for a minute in browsers and shared caches; errors are never kept. */
export const API_CACHE_CONTROL = "public, max-age=60";

/** Every answer may be read by a page on any site; these headers too. */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

/** A strong validator: the same body always has the same tag, any change gives another. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/** If-None-Match lists the tag (or is `*`): the client's copy is current. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function rateLimitHeaders(state: RateLimitState | null): Record<string, string> {
  if (!state) return {};
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...CORS_HEADERS, ...headers },
  });
}

/**
 * Counts the request against its address (while RATE_LIMIT is on). A request without an address did not
 * come through server.ts: it gets no shared bucket, it is refused (as the public forms do).
 */
async function countRequest(request: Request): Promise<RateLimitState | null> {
  const env = getEnv();
  if (!env.RATE_LIMIT) return null;
  const rule = { max: env.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
  const address = clientAddress(request);
  if (!address) return { allowed: false, limit: rule.max, remaining: 0, resetSeconds: rule.windowSeconds };
  return consumeRateLimitState(`api:v1:${addressHash(address)}`, rule);
}

/** Answers a content API request with what `find` finds, under the rules above. */
export async function answerApi(request: Request, find: () => Promise<ApiResult>): Promise<Response> {
  const limit = await countRequest(request);
  const limitHeaders = rateLimitHeaders(limit);
  if (limit && !limit.allowed) {
    return json(
      429,
      { error: `Too many requests: at most ${limit.limit} a minute from one address. Try again in ${limit.resetSeconds} s.` },
      { ...limitHeaders, "Retry-After": String(limit.resetSeconds), "Cache-Control": "no-store" },
    );
  }
  let result: ApiResult;
  try {
    result = await find();
  } catch (error) {
    logError(`Content API ${new URL(request.url).pathname} failed`, error);
    return json(503, { error: "The content API is unavailable. Try again later." }, { ...limitHeaders, "Cache-Control": "no-store" });
  }
  if (result.status !== 200) return json(result.status, { error: result.error }, { ...limitHeaders, "Cache-Control": "no-store" });
  const body = JSON.stringify(result.body);
  const etag = etagOf(body);
  const headers = { ...limitHeaders, ETag: etag, "Cache-Control": API_CACHE_CONTROL };
  if (matches(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers: { ...CORS_HEADERS, ...headers } });
  return new Response(body, { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", ...CORS_HEADERS, ...headers } });
}
