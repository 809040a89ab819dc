/**
 * PRODUCT.md "Markets": the background refresh on a real database (PGlite, and PostgreSQL in CI's second run,
 * where the two concurrent rounds below use two connections): what a provider answers is stored, a listing is
 * refreshed once per interval however many instances look, and a provider that does not answer leaves the
 * stored values as they were, with the company page still answering at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { insertCompany } from "../../../tests/support/companies";
import { emptyBeforeEach, insertInterviews } from "../../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { tagItem } from "../../../tests/support/item-promotion";
import { getCompanyPage } from "../companies/company-pages.server";
import { loadItemPage } from "../content/item-page.server";
import { getDb, schema } from "../db/db.server";
import { demoProvider } from "./demo-provider.server";
import { changesSince, storeCloses, storedMarket, storeQuote } from "./market-data.server";
import type { Listing, MarketProvider } from "./provider.server";
import { refreshDueListings } from "./refresh.server";

emptyBeforeEach(schema.companies, schema.interviews);
restoreEnvAfterEach(["MARKETS_PROVIDER", "INVESTMENT_NOTICE"]);

// Monday 7 Dec 2026, 08:00 UTC: the ASX has closed (19:00 AEDT), New York has not opened.
const NOW = new Date("2026-12-07T08:00:00Z");
const settings = (provider: MarketProvider) => ({ provider, intervalSeconds: 60, timeoutMs: 200, now: () => NOW });

/** The demo provider, counting the calls it gets per listing. */
function countingProvider() {
  const calls = new Map<string, number>();
  const demo = demoProvider(() => NOW);
  const count = (listing: Listing) => calls.set(listing.ticker, (calls.get(listing.ticker) ?? 0) + 1);
  const provider: MarketProvider = {
    name: "counting",
    quote: (listing, signal) => (count(listing), demo.quote!(listing, signal)),
    history: (listing, since, signal) => demo.history!(listing, since, signal),
    announcements: (listing, signal) => demo.announcements!(listing, signal),
  };
  return { provider, calls };
}

async function refreshRow(companyId: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.marketRefresh).where(eq(schema.marketRefresh.companyId, companyId));
  return row!;
}

describe("refreshDueListings", () => {
  it("stores the quote, a year of closes and the announcements, then waits for the next turn", async () => {
    const company = await insertCompany({ ticker: "ATD", exchange: "ASX" });
    const { provider, calls } = countingProvider();
    expect(await refreshDueListings(settings(provider))).toEqual({ refreshed: 1, failed: 0 });
    const market = await storedMarket(company.id, { since: "2025-01-01", announcements: 50 });
    const demo = demoProvider(() => NOW);
    const listing = { companyId: company.id, ticker: "ATD", exchange: "ASX" };
    expect(market.quote).toEqual(await demo.quote!(listing, AbortSignal.timeout(1000)));
    expect(market.closes.at(-1)).toEqual({ day: "2026-12-07", close: market.quote!.last });
    expect(market.closes.length).toBeGreaterThan(250);
    expect(market.announcements.map((a) => a.externalId)).toEqual(
      (await demo.announcements!(listing, AbortSignal.timeout(1000))).map((a) => a.externalId),
    );
    // Refreshed a moment ago: not due again (the ASX is closed, so not for 15 minutes).
    expect(await refreshDueListings(settings(provider))).toEqual({ refreshed: 0, failed: 0 });
    expect(calls.get("ATD")).toBe(1);
    const row = await refreshRow(company.id);
    expect(row).toMatchObject({ failures: 0, lastError: null, claimedUntil: null });
    expect(row.nextAt.getTime() - row.refreshedAt!.getTime()).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
  });

  it("refreshes each listing once between two instances looking at the same time", async () => {
    const companies = await Promise.all(Array.from({ length: 12 }, (_, n) => insertCompany({ ticker: `L${n}`, exchange: "NYSE" })));
    const { provider, calls } = countingProvider();
    // Two instances' rounds at once (on PostgreSQL, on two connections), each claiming up to 10.
    const [first, second] = await Promise.all([refreshDueListings(settings(provider)), refreshDueListings(settings(provider))]);
    const third = await refreshDueListings(settings(provider));
    expect(first.refreshed + second.refreshed + third.refreshed).toBe(12);
    expect([...calls.values()]).toEqual(Array.from({ length: 12 }, () => 1));
    expect(await refreshDueListings(settings(provider))).toEqual({ refreshed: 0, failed: 0 });
    expect(calls.size).toBe(companies.length);
  });

  it("keeps the last values when the provider does not answer in time, backs off, and the page still answers at once", async () => {
    const company = await insertCompany({ ticker: "ATD", exchange: "ASX", slug: "atlas" });
    await refreshDueListings(settings(demoProvider(() => NOW)));
    const before = await storedMarket(company.id, { since: "2025-01-01" });
    const db = await getDb();
    await db.update(schema.marketRefresh).set({ nextAt: new Date(0) });

    // A provider that never answers and ignores its signal.
    let asked = 0;
    const hanging: MarketProvider = { name: "hanging", quote: () => (asked++, new Promise(() => {})) };
    const round = refreshDueListings(settings(hanging));
    // While the provider hangs, the company page answers with the stored price and its as-of time.
    setEnv({ MARKETS_PROVIDER: "demo" });
    const page = await getCompanyPage("atlas", 1);
    expect(page!.marketHtml).toContain("Delayed 20 min · as at 16:00 AEDT, 7 Dec 2026");
    expect(page!.marketHtml).toContain(`$${before.quote!.last.toFixed(2)}`);
    expect(await round).toEqual({ refreshed: 0, failed: 1 });
    expect(asked).toBe(1);
    expect(await storedMarket(company.id, { since: "2025-01-01" })).toEqual(before);
    const row = await refreshRow(company.id);
    expect(row.failures).toBe(1);
    expect(row.lastError).toMatch(/^No answer within the timeout/);
    // The first retry waits twice the interval.
    expect(row.nextAt.getTime() - Date.now()).toBeGreaterThan(110_000);
  });

  it("shows no market block with MARKETS_PROVIDER=none, whatever is stored", async () => {
    await insertCompany({ ticker: "ATD", exchange: "ASX", slug: "atlas" });
    await refreshDueListings(settings(demoProvider(() => NOW)));
    setEnv({ MARKETS_PROVIDER: "none" });
    expect((await getCompanyPage("atlas", 1))!.marketHtml).toBeNull();
    setEnv({ MARKETS_PROVIDER: "csv" });
    expect((await getCompanyPage("atlas", 1))!.marketHtml).toContain("ASX:ATD share price");
  });
});

describe("the change since an item's publication (PRODUCT.md 'Markets')", () => {
  /** ASX closes: Thu 3 Dec 10.00, Fri 4 Dec 11.00, Mon 7 Dec 12.00 (16:00 AEDT is 05:00 UTC); the quote 12.40. */
  async function listed() {
    const company = await insertCompany({ ticker: "ATD", exchange: "ASX", slug: "atlas", name: "Atlas" });
    await storeCloses(company.id, [
      { day: "2026-12-03", close: 10 },
      { day: "2026-12-04", close: 11 },
      { day: "2026-12-07", close: 12 },
    ]);
    await storeQuote(company.id, {
      last: 12.4,
      previousClose: 12,
      volume: null,
      currency: "AUD",
      marketCap: null,
      asOf: new Date("2026-12-08T01:00:00Z"),
      delayMinutes: 20,
      source: "Test",
    });
    return company;
  }

  it("starts from the last close made before the publication, on the exchange's clock, and ends at the quote", async () => {
    const company = await listed();
    const change = async (iso: string) => (await changesSince([company], new Date(iso))).get(company.id);
    // Monday 7 Dec 11:00 AEDT (00:00 UTC), in the session: from Friday's close.
    expect(await change("2026-12-07T00:00:00Z")).toBeCloseTo(((12.4 - 11) / 11) * 100, 9);
    // Monday 17:00 AEDT, after the close: from Monday's.
    expect(await change("2026-12-07T06:00:00Z")).toBeCloseTo(((12.4 - 12) / 12) * 100, 9);
    // Friday 4 Dec 04:59 UTC, a minute before the close: from Thursday's.
    expect(await change("2026-12-04T04:59:00Z")).toBeCloseTo(((12.4 - 10) / 10) * 100, 9);
    // Before any close we have: nothing to start from.
    expect(await change("2026-12-01T00:00:00Z")).toBeUndefined();
  });

  it("puts it beside the company on the item's page, labelled past performance and not advice", async () => {
    const company = await listed();
    const [interview] = await insertInterviews([{ publishedAt: new Date("2026-12-07T00:00:00Z") }]);
    await tagItem("interview", interview!.id, [company.id]);
    setEnv({ MARKETS_PROVIDER: "demo", INVESTMENT_NOTICE: "General information only." });
    const page = await loadItemPage("interview", interview!.id);
    expect(page.item!.companies).toEqual([expect.objectContaining({ slug: "atlas", sincePublished: "+12.7 % since this interview" })]);
    expect(page.item!.investmentNotice).toBe(
      "Share price changes since publication are past performance, which is not a reliable indicator of future performance, and are not advice. General information only.",
    );
    setEnv({ MARKETS_PROVIDER: "none" });
    const quiet = await loadItemPage("interview", interview!.id);
    expect(quiet.item!.companies).toEqual([expect.objectContaining({ slug: "atlas", sincePublished: null })]);
    expect(quiet.item!.investmentNotice).toBe("General information only.");
  });
});
