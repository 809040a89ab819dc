/**
 * PRODUCT.md "Markets": the background refresh. Every instance looks for due listings each few seconds and
 * claims them in one statement (`for update skip locked`), so between all instances a listing is refreshed
 * once per interval. Each provider call is cut off after MARKETS_TIMEOUT_MS; a failure keeps the stored values
 * and waits longer before the next attempt. Pages never wait for any of this.
 */
import { sql } from "drizzle-orm";

import { isTrading } from "~/lib/markets";

import { getDb } from "../db/db.server";
import { isDatabaseUnavailable } from "../http/database-outage.server";
import { logFolded } from "../log.server";
import { nextCloseDay, storeAnnouncements, storeCloses, storeQuote } from "./market-data.server";
import type { Listing, MarketProvider } from "./provider.server";

export interface RefreshSettings {
  provider: MarketProvider;
  /** Seconds between two refreshes of a listing while its exchange trades. */
  intervalSeconds: number;
  timeoutMs: number;
  /** Listings claimed at once by one instance. */
  batch?: number;
  now?: () => Date;
}

/** Outside trading hours, announcements may still come (results are often released after the close). */
const CLOSED_INTERVAL_SECONDS = 15 * 60;
/** The longest wait after failures in a row. */
const MAX_BACKOFF_SECONDS = 3_600;
/** A year and a month of closes for a listing seen for the first time (the 1-year chart). */
const FIRST_HISTORY_DAYS = 400;

/** Seconds to the next refresh of a listing on `exchange`: sooner while it trades, later after each failure. */
export function nextRefreshSeconds(exchange: string, at: Date, intervalSeconds: number, failures: number): number {
  if (failures > 0) return Math.min(MAX_BACKOFF_SECONDS, intervalSeconds * 2 ** failures);
  return isTrading(exchange, at) ? intervalSeconds : Math.max(intervalSeconds, CLOSED_INTERVAL_SECONDS);
}

/** Gives every company a refresh turn (a new company is due at once); cheap when all have one. */
async function enrolCompanies() {
  const db = await getDb();
  await db.execute(sql`insert into market_refresh (company_id) select id from companies on conflict do nothing`);
}

/** Claims up to `batch` due listings for this instance, for long enough to refresh them. */
async function claimDueListings(batch: number, holdMs: number): Promise<(Listing & { failures: number })[]> {
  const db = await getDb();
  const { rows } = await db.execute<{ company_id: string; ticker: string; exchange: string; failures: number }>(sql`
    update market_refresh r set claimed_until = now() + ${holdMs} * interval '1 millisecond'
    from (
      select company_id from market_refresh
      where next_at <= now() and (claimed_until is null or claimed_until < now())
      order by next_at, company_id
      limit ${batch}
      for update skip locked
    ) due, companies c
    where r.company_id = due.company_id and c.id = r.company_id
    returning r.company_id, c.ticker, c.exchange, r.failures`);
  return rows.map((row) => ({ companyId: row.company_id, ticker: row.ticker, exchange: row.exchange, failures: Number(row.failures) }));
}

/** `answer`, or a timeout error once `signal` aborts: a provider that ignores its signal is not waited for either. */
function untilAborted<T>(answer: Promise<T> | T, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error(`No answer within the timeout (${String(signal.reason)})`));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    Promise.resolve(answer)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", abort));
  });
}

/** Asks the provider for everything it answers about `listing`, each call cut off after `timeoutMs`. */
async function refreshListing(listing: Listing, { provider, timeoutMs, now = () => new Date() }: RefreshSettings) {
  const signal = AbortSignal.timeout(timeoutMs);
  const since =
    (await nextCloseDay(listing.companyId)) ?? new Date(now().getTime() - FIRST_HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [quote, closes, announcements] = await Promise.all([
    untilAborted(provider.quote?.(listing, signal) ?? null, signal),
    untilAborted(provider.history?.(listing, since, signal) ?? [], signal),
    untilAborted(provider.announcements?.(listing, signal) ?? [], signal),
  ]);
  // One transaction: a page shows a listing's new quote, closes and announcements together or not at all.
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (closes.length > 0) await storeCloses(listing.companyId, closes, tx);
    if (quote) await storeQuote(listing.companyId, quote, tx);
    return storeAnnouncements(listing.companyId, announcements, tx);
  });
}

/** One look for due listings: refreshes those this instance claims; returns how many it refreshed and failed. */
export async function refreshDueListings(settings: RefreshSettings): Promise<{ refreshed: number; failed: number }> {
  const { intervalSeconds, timeoutMs, batch = 10, now = () => new Date() } = settings;
  await enrolCompanies();
  const listings = await claimDueListings(batch, timeoutMs * 2 + 5_000);
  const db = await getDb();
  let failed = 0;
  await Promise.all(
    listings.map(async (listing) => {
      let error: string | null = null;
      try {
        await refreshListing(listing, settings);
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
        failed += 1;
        logFolded(
          "warn",
          `Market data for ${listing.exchange}:${listing.ticker} could not be refreshed (${settings.provider.name})`,
          cause,
        );
      }
      const failures = error ? listing.failures + 1 : 0;
      const wait = nextRefreshSeconds(listing.exchange, now(), intervalSeconds, failures);
      await db.execute(sql`
        update market_refresh set
          next_at = now() + ${wait} * interval '1 second', claimed_until = null, failures = ${failures},
          last_error = ${error ? error.slice(0, 500) : null},
          refreshed_at = case when ${error === null} then now() else refreshed_at end
        where company_id = ${listing.companyId}`);
    }),
  );
  return { refreshed: listings.length - failed, failed };
}

/** Looks for due listings every few seconds on this instance (PRODUCT.md "Markets"). */
export function startMarketRefresh(settings: RefreshSettings, everyMs = 5_000) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = refreshDueListings(settings)
      .catch((error: unknown) => logFolded(isDatabaseUnavailable(error) ? "warn" : "error", "Market data could not be refreshed", error))
      .finally(() => (busy = false));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
