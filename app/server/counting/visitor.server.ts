/**
 * Who is counted as a view or a listen (PRODUCT.md "Security"): one per visitor per item per 30 minutes,
 * never a bot. A visitor is a keyed hash of the client address and the user agent, so nothing personal
 * is stored; the allowances live in the shared rate_limits table (written by `hit-batch.server.ts`), so
 * every process agrees.
 */
import { isbot } from "isbot";

import { addressHash, addressKey, type RateLimitRule } from "../rate-limit.server";
import { secretHash } from "../secret.server";

/** One counted view (or listen) per visitor per item per 30 minutes. */
export const COUNT_ONCE_RULE: RateLimitRule = { max: 1, windowSeconds: 1800 };
/**
 * However many browsers one address claims to be (a new user agent per request is trivial to send), it
 * adds at most this many per item per 30 minutes: room for an office or a carrier's shared address.
 */
export const COUNTS_PER_ADDRESS_RULE: RateLimitRule = { max: 20, windowSeconds: 1800 };

export interface Visitor {
  /** Keyed hash of address and user agent. */
  id: string;
  /** Keyed hash of the address alone. */
  address: string;
}

/**
 * The visitor behind a request's user agent and client address (`clientAddress`), or null when it must
 * not be counted (a bot, no user agent, no address).
 */
export function visitorFrom(userAgentHeader: string | null | undefined, address: string | null): Visitor | null {
  const userAgent = userAgentHeader?.trim();
  if (!userAgent || isbot(userAgent) || !address) return null;
  return { id: secretHash("visitor", `${addressKey(address)}\n${userAgent}`), address: addressHash(address) };
}
