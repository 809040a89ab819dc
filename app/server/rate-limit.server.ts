import { isIP } from "node:net";
import { sql } from "drizzle-orm";

import { getDb } from "./db/db.server";
import { getEnv } from "./env.server";
import { secretHash } from "./secret.server";

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** spam guards for the public forms, per client address */
export const CONTACT_RATE_LIMIT: RateLimitRule = { max: 5, windowSeconds: 600 };
export const NEWSLETTER_RATE_LIMIT: RateLimitRule = { max: 10, windowSeconds: 600 };
/** PRODUCT.md "Security": failed sign-ins per account, from whatever addresses they come. */
export const SIGN_IN_ACCOUNT_RATE_LIMIT: RateLimitRule = { max: 10, windowSeconds: 900 };
/**
 * PRODUCT.md "Accounts": verification mails per recipient address and per account, whoever asks and from
 * however many addresses, so no one can have a stranger mailed over and over. Always on: it guards the
 * recipient, not the site.
 */
export const VERIFICATION_MAIL_LIMIT: RateLimitRule = { max: 3, windowSeconds: 1800 };
/** One text for every sign-in limit, so it says nothing about whether the account exists. */
export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait 15 minutes and try again.";

/**
 * No rule may have a longer window: a row whose window started longer ago than this has expired under
 * every rule, so it can be deleted (the view and listen counters use the longest, 30 minutes).
 */
export const LONGEST_WINDOW_SECONDS = 1800;
const PRUNE_INTERVAL_MS = 60_000;

/**
 * The client address: server.ts replaces X-Forwarded-For with the one address it resolved through the
 * trusted proxies (PRODUCT.md "Security"). Anything else (several addresses, garbage, no header: a
 * request that did not come through server.ts) is no address at all, never a bucket shared by everyone.
 */
export function clientAddress(request: Request): string | null {
  return addressFromForwardedFor(request.headers.get("x-forwarded-for"));
}

/** `clientAddress` from the header's value (Express handlers read it without a Request). */
export function addressFromForwardedFor(header: string | null | undefined): string | null {
  const value = header?.trim();
  return value && isIP(value) ? value : null;
}

/**
 * What a limit keys on: an IPv4 address as it is (also when written as IPv4-mapped IPv6), an IPv6 address
 * by its /64 network, since one subscriber usually holds a whole /64 (Better Auth's limiter does the same).
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, embedded IPv4 converted), or null for IPv4. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.split("%")[0]!;
  if (isIP(plain) !== 6) return null;
  let text = plain;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The stored key for a client address: a keyed hash, so the table holds no addresses. */
export function addressHash(address: string) {
  return secretHash("address", addressKey(address));
}

let lastPrune = Number.NEGATIVE_INFINITY;

/**
 * Deletes rows whose window ended under every rule, at most once a minute per process, so keys made per
 * visitor and item do not pile up. Better Auth's limiter stores here too (its storage is ours, below).
 */
export async function pruneExpiredRateLimits(now: number) {
  if (Math.abs(now - lastPrune) < PRUNE_INTERVAL_MS) return;
  lastPrune = now;
  const db = await getDb();
  await db.execute(sql`delete from rate_limits where last_request < ${now - LONGEST_WINDOW_SECONDS * 1000}`);
}

/**
 * Counts one request against `key` and says whether it is within the rule, and if not, in how many
 * seconds the window ends. One atomic upsert on the shared rate_limits table, so several Node processes
 * share the count. A fixed window starts at the first request after the previous one ended;
 * `last_request` holds that start.
 */
async function consume(key: string, rule: RateLimitRule, now: number) {
  if (rule.windowSeconds > LONGEST_WINDOW_SECONDS) {
    throw new Error(`rate limit window ${rule.windowSeconds}s is longer than LONGEST_WINDOW_SECONDS`);
  }
  const db = await getDb();
  const windowStart = now - rule.windowSeconds * 1000;
  const result = await db.execute<{ count: number; window_start: number | string }>(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request as window_start`);
  await pruneExpiredRateLimits(now);
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  const allowed = count <= rule.max;
  const endsIn = Math.max(Math.ceil((Number(row?.window_start ?? now) + rule.windowSeconds * 1000 - now) / 1000), 1);
  return { allowed, retryAfterSeconds: allowed ? null : endsIn };
}

/** A counted request's place in its window, for the `RateLimit-*` headers (PRODUCT.md "Content API"). */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

/**
 * A fixed-window count per key kept in this process's memory: no database write per request, so it suits a
 * read that is otherwise answered from memory (PRODUCT.md "Content API"). Each instance counts on its own.
 * At most `maxKeys` keys are kept: when a new one comes and the map is full, windows that ended go first,
 * then the oldest window, so many addresses cannot grow it without limit.
 */
export class MemoryRateLimiter {
  /** By key, in the order their windows started (a new window re-inserts its key): the oldest come first. */
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly maxKeys: number) {}

  get size() {
    return this.windows.size;
  }

  /** Counts one request against `key` and tells how much of its window is left. */
  consume(key: string, rule: RateLimitRule, now = Date.now()): RateLimitState {
    const windowMs = rule.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      this.windows.delete(key);
      this.makeRoom(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const resetSeconds = Math.max(Math.ceil((window.startedAt + windowMs - now) / 1000), 1);
    return { allowed: window.count <= rule.max, limit: rule.max, remaining: Math.max(rule.max - window.count, 0), resetSeconds };
  }

  private makeRoom(now: number, windowMs: number) {
    for (const [key, window] of this.windows) {
      if (this.windows.size < this.maxKeys && now - window.startedAt < windowMs) return;
      this.windows.delete(key);
    }
  }
}

export async function consumeRateLimit(key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  return (await consume(key, rule, now)).allowed;
}

/** Takes back one counted request (a sign-in that turned out not to be a failed guess). */
export async function refundRateLimit(key: string) {
  const db = await getDb();
  await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`);
}

/**
 * Better Auth's per-address limits (sign-in, sign-up) through the same atomic upsert and clean-up as
 * ours. Its own database storage deletes every row older than its longest window (one minute), ours
 * included, which would reset the 10- and 30-minute limits; its keys name the address, ours hash it.
 */
export const betterAuthRateLimitStorage = {
  async consume(key: string, rule: { window: number; max: number }) {
    const { allowed, retryAfterSeconds } = await consume(
      `auth:${secretHash("auth-limit", key)}`,
      { max: rule.max, windowSeconds: rule.window },
      Date.now(),
    );
    return { allowed, retryAfter: retryAfterSeconds };
  },
};

/** The public form guard: off where rate limits are off (tests, the e2e server). */
export async function isWithinFormRateLimit(request: Request, form: "contact" | "newsletter") {
  if (!getEnv().RATE_LIMIT) return true;
  const address = clientAddress(request);
  // Only a request that bypassed server.ts has no address: refuse it rather than share one bucket.
  if (!address) return false;
  const rule = form === "contact" ? CONTACT_RATE_LIMIT : NEWSLETTER_RATE_LIMIT;
  return consumeRateLimit(`app:${form}:${addressHash(address)}`, rule);
}
