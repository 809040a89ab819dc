/**
 * PRODUCT.md "Webhooks": when a failed delivery is tried again. The waits come from
 * WEBHOOK_RETRY_DELAYS_SECONDS (Standard Webhooks' schedule by default), each ±20% at random so receivers
 * that failed together are not retried together; a receiver's Retry-After is honoured when longer. Pure.
 */

/** Retry-After never holds a delivery longer than this (a receiver cannot park it for weeks). */
export const RETRY_AFTER_CAP_MS = 24 * 3600_000;

/** The wait a Retry-After header asks for, in ms (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, RETRY_AFTER_CAP_MS);
  // An HTTP date ('Wed, 21 Oct 2026 07:28:00 GMT'); anything else is not one.
  const date = /GMT$/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), RETRY_AFTER_CAP_MS);
}

/**
 * The wait before the next attempt after `attempts` attempts have failed, or null when the schedule is spent.
 * `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, delaysSeconds: readonly number[], askedMs: number | null, random: number): number | null {
  const base = delaysSeconds[attempts - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * 1000 * (0.8 + 0.4 * random));
  return Math.max(jittered, askedMs ?? 0);
}
