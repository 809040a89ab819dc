/**
 * PRODUCT.md "Markets": what a market-data provider answers. A provider is asked only by the background
 * refresh (`refresh.server.ts`), never by a page; each call gets a signal that aborts it after the timeout.
 */

/** A company's listing, as the provider is asked about it. */
export interface Listing {
  companyId: string;
  ticker: string;
  exchange: string;
}

export interface Quote {
  last: number;
  previousClose: number;
  volume: number | null;
  currency: string;
  marketCap: number | null;
  /** The time of the price (already delayed). */
  asOf: Date;
  delayMinutes: number;
  /** The attribution the provider's licence asks for ('Source: …'). */
  source: string;
}

export interface DailyClose {
  /** YYYY-MM-DD, the exchange's trading day. */
  day: string;
  close: number;
}

export interface Announcement {
  /** The provider's own id: the same announcement fetched twice is stored once. */
  externalId: string;
  title: string;
  publishedAt: Date;
  url: string;
  priceSensitive: boolean;
  /** The form or category in words. */
  category: string | null;
}

export interface MarketProvider {
  /** For the logs and the admin's markets page. */
  name: string;
  /** The latest delayed quote, or null when the provider has none for the listing. */
  quote?(listing: Listing, signal: AbortSignal): Promise<Quote | null>;
  /** Daily closes from `since` (YYYY-MM-DD) on. */
  history?(listing: Listing, since: string, signal: AbortSignal): Promise<DailyClose[]>;
  /** The listing's recent announcements, any order. */
  announcements?(listing: Listing, signal: AbortSignal): Promise<Announcement[]>;
}
