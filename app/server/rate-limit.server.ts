import { sql } from "drizzle-orm";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** spam guards for the public forms, per client address */
export const CONTACT_RATE_LIMIT: RateLimitRule = { max: 5, windowSeconds: 600 };
export const NEWSLETTER_RATE_LIMIT: RateLimitRule = { max: 10, windowSeconds: 600 };

/** The client address (server.ts puts the socket address here unless TRUST_PROXY is set). */
export function clientAddress(request: Request) {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/**
 * Counts one request against `key` and says whether it is within the rule. One atomic upsert on the
 * shared rate_limits table (the one Better Auth uses, with disjoint keys), so several Node processes
 * share the count. A fixed window starts at the first request after the previous one ended.
 */
export async function consumeRateLimit(key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const db = await getDb();
  const windowStart = now - rule.windowSeconds * 1000;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStart} then ${now} else rate_limits.last_request end
    returning count`);
  return Number(result.rows[0]?.count ?? 0) <= rule.max;
}

/** The public form guard: off where rate limits are off (tests, the e2e server). */
export async function isWithinFormRateLimit(request: Request, form: "contact" | "newsletter") {
  if (!getEnv().RATE_LIMIT) return true;
  const rule = form === "contact" ? CONTACT_RATE_LIMIT : NEWSLETTER_RATE_LIMIT;
  return consumeRateLimit(`app:${form}:${clientAddress(request)}`, rule);
}
