/**
 * Who is counted as a view or a listen (PRODUCT.md "Security"): one per visitor per item per 30 minutes,
 * never a bot. A visitor is a keyed hash of the client address and the user agent, so nothing personal
 * is stored; the allowances live in the shared rate_limits table (written by `hit-batch.server.ts`), so
 * every process agrees.
 */
import { isbot } from "isbot";

import { dailyHash } from "../daily-salt.server";
import { addressHash, addressKey, type RateLimitRule } from "../rate-limit.server";
import { secretHash } from "../secret.server";
import { deviceClassOf, referrerGroup, UNKNOWN_EMBED_HOST, type DeviceClass, type ReferrerGroup } from "./referrer-group.server";

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
  /** PRODUCT.md "Measurement": what the view adds to the day's audience figures, when the endpoint knows it. */
  audience?: Audience;
}

/** PRODUCT.md "Measurement": a counted view's share of the day's figures. Nothing here names a reader. */
export interface Audience {
  /** Address and user agent under the day's salt: a unique visitor of the day, unrelated across days. */
  daily: string;
  device: DeviceClass;
  referrer: ReferrerGroup;
  /** The referring page's host, for search, social and other referrers (none for direct, internal or mail). */
  referrerHost: string | null;
  /** PRODUCT.md "Embeds": the host of the site whose page framed ours, for a view counted in an embed. */
  embedHost: string | null;
}

/**
 * The audience of a view by `userAgent` from `address`, linked from `referrerHost` with `source` (utm_source);
 * `embedded`: counted by our embed frame on another site's page, `referrerHost` being that site's.
 */
export function audienceOf(
  {
    userAgent,
    address,
    referrerHost,
    source,
    embedded = false,
  }: { userAgent: string; address: string; referrerHost: string | null; source: string | null; embedded?: boolean },
  { salt, ownHost }: { salt: string; ownHost: string },
): Audience {
  const referrer = embedded ? "embed" : referrerGroup(referrerHost, source, ownHost);
  return {
    daily: dailyHash(salt, `${addressKey(address)}\n${userAgent}`),
    device: deviceClassOf(userAgent),
    referrer,
    referrerHost: referrer === "search" || referrer === "social" || referrer === "other" ? referrerHost : null,
    embedHost: embedded ? (referrerHost ?? UNKNOWN_EMBED_HOST) : null,
  };
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
