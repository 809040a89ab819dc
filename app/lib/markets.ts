/**
 * PRODUCT.md "Markets": the exchanges' trading hours, time zones and delays, and how a quote is written for
 * the reader (the price, its change in signs and words, and the delay line). Pure: no server imports.
 */
import type { Exchange } from "~/lib/companies";

/** The providers an operator can choose with MARKETS_PROVIDER. */
export const MARKETS_PROVIDERS = ["none", "demo", "csv", "sec-edgar", "http-json"] as const;
export type MarketsProviderName = (typeof MARKETS_PROVIDERS)[number];

export interface ExchangeHours {
  /** IANA time zone of the exchange. */
  timeZone: string;
  /** The locale whose short zone name readers of that market know (AEDT, EST, GMT). */
  zoneLocale: string;
  /** Opening and closing times, local, in minutes after midnight (continuous trading only). */
  opens: number;
  closes: number;
  /** The delay that delayed data from this exchange carries without a real-time licence. */
  delayMinutes: number;
  currency: string;
}

const US = { timeZone: "America/New_York", zoneLocale: "en-US", opens: 9 * 60 + 30, closes: 16 * 60, delayMinutes: 15, currency: "USD" };
const CANADA = { timeZone: "America/Toronto", zoneLocale: "en-US", opens: 9 * 60 + 30, closes: 16 * 60, delayMinutes: 15, currency: "CAD" };
const LONDON = { timeZone: "Europe/London", zoneLocale: "en-GB", opens: 8 * 60, closes: 16 * 60 + 30, delayMinutes: 15, currency: "GBP" };

/** PRODUCT.md "Markets": ASX prices shown outside the ASX carry a 20-minute delay; NYSE and Nasdaq 15. */
export const EXCHANGE_HOURS: Record<Exchange, ExchangeHours> = {
  ASX: { timeZone: "Australia/Sydney", zoneLocale: "en-AU", opens: 10 * 60, closes: 16 * 60, delayMinutes: 20, currency: "AUD" },
  NYSE: US,
  NASDAQ: US,
  OTC: US,
  LSE: LONDON,
  AIM: LONDON,
  TSX: CANADA,
  TSXV: CANADA,
  CSE: CANADA,
  NZX: { timeZone: "Pacific/Auckland", zoneLocale: "en-NZ", opens: 10 * 60, closes: 16 * 60 + 45, delayMinutes: 20, currency: "NZD" },
};

export function exchangeHours(exchange: string): ExchangeHours {
  return EXCHANGE_HOURS[exchange as Exchange] ?? US;
}

/** The weekday (0 Sunday) and minutes after midnight of `at` on the exchange's clock. */
function localClock(exchange: string, at: Date): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: exchangeHours(exchange).timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  return { weekday, minutes: Number(part("hour")) * 60 + Number(part("minute")) };
}

/**
 * Whether the exchange trades at `at`, its delay included (a delayed price still moves for that long after
 * the close). Weekends are closed; public holidays are not known here, and cost only a few needless refreshes.
 */
export function isTrading(exchange: string, at: Date): boolean {
  const hours = exchangeHours(exchange);
  const { weekday, minutes } = localClock(exchange, at);
  if (weekday === 0 || weekday === 6) return false;
  return minutes >= hours.opens && minutes < hours.closes + hours.delayMinutes;
}

/** `at` on the exchange's clock with its zone, as readers of that market write it: '14:32 AEDT'. */
export function exchangeTime(exchange: string, at: Date): string {
  const hours = exchangeHours(exchange);
  return new Intl.DateTimeFormat(hours.zoneLocale, {
    timeZone: hours.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(at);
}

/** `at` as a date on the exchange's clock: '5 Dec 2026'. */
export function exchangeDate(exchange: string, at: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: exchangeHours(exchange).timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(at);
}

/**
 * A price in its currency, with the decimals shares are quoted in: three for a share below one unit (penny
 * stocks), two above. `price`: the share's price, when `value` is an amount of it (a change).
 */
export function formatPrice(value: number, currency: string, price = value): string {
  const digits = Math.abs(price) < 1 ? 3 : 2;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

export type Direction = "up" | "down" | "flat";

export function directionOf(change: number): Direction {
  return change > 0 ? "up" : change < 0 ? "down" : "flat";
}

/** A change in percent with its sign: '+12.4 %', '−3.1 %', '0.0 %' (a true minus sign, read as 'minus'). */
export function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "\u2212" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)} %`;
}

/** The change of a quote, in signs and in words (PRODUCT.md "Markets": never by colour alone). */
export function describeChange(
  change: number,
  percent: number,
  currency: string,
  price: number,
): { signed: string; words: string; direction: Direction } {
  const direction = directionOf(change);
  const amount = formatPrice(Math.abs(change), currency, price);
  const signed = `${direction === "up" ? "+" : direction === "down" ? "\u2212" : ""}${amount} (${formatPercent(percent)})`;
  const words = direction === "up" ? `Up ${amount}` : direction === "down" ? `Down ${amount}` : "Unchanged";
  return { signed, words, direction };
}

/** A market capitalisation, short: '$1.2B', '$845M'. */
export function formatMarketCap(value: number, currency: string): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(value);
}

/** PRODUCT.md "Markets": the line every price carries: 'Delayed 20 min · as at 14:32 AEDT · Source: …'. */
export function delayLine(quote: { delayMinutes: number; asOf: Date; source: string }, exchange: string): string {
  const delay = quote.delayMinutes > 0 ? `Delayed ${quote.delayMinutes} min` : "End of day";
  return `${delay} · as at ${exchangeTime(exchange, quote.asOf)}, ${exchangeDate(exchange, quote.asOf)} · Source: ${quote.source}`;
}

/** The change from `from` to `to` in percent (null without a price to start from). */
export function percentChange(from: number | null | undefined, to: number | null | undefined): number | null {
  if (from == null || to == null || from <= 0) return null;
  return ((to - from) / from) * 100;
}

/** PRODUCT.md "Markets": the chart's ranges. */
export const CHART_RANGES = { "1m": { label: "1 month", days: 31 }, "1y": { label: "1 year", days: 366 } } as const;
export type ChartRange = keyof typeof CHART_RANGES;

/** The SEC refuses requests whose User-Agent does not name the company and a contact address. */
export const SEC_USER_AGENT_PATTERN = /^\S.*\s\S+@\S+\.\S+$/;

/** The UTC offset of `timeZone` at `at`, in milliseconds (positive east of Greenwich). */
function zoneOffset(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The moment the exchange closed on `day`, its own clock (16:00 in Sydney is 05:00 UTC in summer, 06:00 in winter). */
export function exchangeCloseTime(exchange: string, day: string): Date {
  const hours = exchangeHours(exchange);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, Math.floor(hours.closes / 60), hours.closes % 60);
  // The offset at the guess, then again at the result: right on both sides of a change of daylight saving.
  let utc = wall - zoneOffset(hours.timeZone, new Date(wall));
  utc = wall - zoneOffset(hours.timeZone, new Date(utc));
  return new Date(utc);
}

/** PRODUCT.md "Markets": the label under which an item's page shows its companies' moves since it was published. */
export const PAST_PERFORMANCE_NOTE =
  "Share price changes since publication are past performance, which is not a reliable indicator of future performance, and are not advice.";
