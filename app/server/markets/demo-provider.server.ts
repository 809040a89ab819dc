/**
 * PRODUCT.md "Markets": the `demo` provider, what `npm start` uses on the embedded database so a newcomer sees
 * the feature offline. Prices and announcements are generated from the ticker alone: the same listing gets the
 * same history on every machine and at every refresh, and today's price moves through the session.
 */
import { exchangeCloseTime, exchangeHours } from "~/lib/markets";

import type { Announcement, DailyClose, Listing, MarketProvider, Quote } from "./provider.server";

export const DEMO_SOURCE = "MarketWire demo data (not real prices)";

/** The first day of the generated history. */
const EPOCH = Date.UTC(2023, 0, 2);
const DAY_MS = 86_400_000;

/** FNV-1a: a seed per text. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: a small deterministic generator in [0, 1). */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isWeekday = (time: number) => {
  const weekday = new Date(time).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The listing's trading day `at` falls on, on its exchange's calendar (YYYY-MM-DD). */
function exchangeDay(exchange: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: exchangeHours(exchange).timeZone }).format(at);
}

/**
 * Every weekday's close from the epoch through `through` (YYYY-MM-DD): a random walk of about 2 % a day
 * with a slight drift of its own per listing, starting between 0.20 and 80.
 */
export function demoCloses(listing: Pick<Listing, "ticker" | "exchange">, through: string): DailyClose[] {
  const random = generator(seedOf(`${listing.exchange}:${listing.ticker}`));
  let price = 0.2 + random() ** 2 * 80;
  const drift = (random() - 0.45) * 0.002;
  const closes: DailyClose[] = [];
  const end = Date.parse(`${through}T00:00:00Z`);
  for (let time = EPOCH; time <= end; time += DAY_MS) {
    if (!isWeekday(time)) continue;
    const move = drift + (random() + random() + random() - 1.5) * 0.028;
    price = Math.max(0.01, price * (1 + move));
    closes.push({ day: dayOf(time), close: Math.round(price * 1000) / 1000 });
  }
  return closes;
}

const ANNOUNCEMENTS: readonly { title: string; category: string; priceSensitive: boolean }[] = [
  { title: "Quarterly Activities Report", category: "Periodic report", priceSensitive: true },
  { title: "Change of Director's Interest Notice", category: "Director's interest", priceSensitive: false },
  { title: "Investor Presentation", category: "Presentation", priceSensitive: false },
  { title: "Half Year Results", category: "Results of operations", priceSensitive: true },
  { title: "Trading Halt", category: "Trading halt", priceSensitive: true },
  { title: "Placement to Raise Capital", category: "Capital raising", priceSensitive: true },
  { title: "Notice of Annual General Meeting", category: "Meeting", priceSensitive: false },
  { title: "Becoming a Substantial Holder", category: "Substantial holding", priceSensitive: false },
  { title: "Drilling Update", category: "Operations update", priceSensitive: true },
  { title: "Appendix 3Y", category: "Director's interest", priceSensitive: false },
];

/** Where the exchange lists a company's announcements (the demo's documents are the exchange's real pages). */
function announcementsPage(listing: Pick<Listing, "ticker" | "exchange">): string {
  const ticker = encodeURIComponent(listing.ticker);
  if (listing.exchange === "ASX") return `https://www.asx.com.au/markets/trade-our-cash-market/announcements.${ticker.toLowerCase()}`;
  if (listing.exchange === "NYSE" || listing.exchange === "NASDAQ" || listing.exchange === "OTC")
    return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&company=&CIK=${ticker}&type=8-K`;
  return `https://www.google.com/search?q=${encodeURIComponent(`${listing.ticker} ${listing.exchange} announcements`)}`;
}

/** About one announcement every eight weekdays, the latest 20 up to `now`. */
export function demoAnnouncements(listing: Pick<Listing, "ticker" | "exchange">, now: Date): Announcement[] {
  const announcements: Announcement[] = [];
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  for (let time = today; time > today - 400 * DAY_MS && announcements.length < 20; time -= DAY_MS) {
    const day = dayOf(time);
    const random = generator(seedOf(`${listing.exchange}:${listing.ticker}:${day}`));
    if (!isWeekday(time) || random() > 0.125) continue;
    const kind = ANNOUNCEMENTS[Math.floor(random() * ANNOUNCEMENTS.length)]!;
    // Released at 08:30 to 16:00 UTC-ish; an announcement later than now is not out yet.
    const publishedAt = new Date(time + (8.5 + random() * 7.5) * 3_600_000);
    if (publishedAt > now) continue;
    announcements.push({
      externalId: `demo-${listing.ticker}-${day}`,
      title: kind.title,
      publishedAt,
      url: announcementsPage(listing),
      priceSensitive: kind.priceSensitive,
      category: kind.category,
    });
  }
  return announcements;
}

/** Minutes after midnight of `at` on the exchange's clock. */
function localMinutes(exchange: string, at: Date): number {
  const [hour, minute] = new Intl.DateTimeFormat("en-GB", {
    timeZone: exchangeHours(exchange).timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .split(":")
    .map(Number);
  return hour! * 60 + minute!;
}

/**
 * The session as the delayed feed shows it at `now`: the closes already made (today's only after the close)
 * and, while the session runs, how far through it the delayed price is (0 to 1).
 */
function session(listing: Pick<Listing, "ticker" | "exchange">, now: Date) {
  const hours = exchangeHours(listing.exchange);
  const asOf = new Date(now.getTime() - hours.delayMinutes * 60_000);
  const today = exchangeDay(listing.exchange, asOf);
  const closes = demoCloses(listing, today);
  const minutes = localMinutes(listing.exchange, asOf);
  const tradesToday = closes.at(-1)?.day === today;
  if (tradesToday && minutes >= hours.closes) return { asOf, settled: closes, today: null };
  const settled = tradesToday ? closes.slice(0, -1) : closes;
  if (!tradesToday || minutes < hours.opens) return { asOf, settled, today: null };
  return { asOf, settled, today: { close: closes.at(-1)!.close, share: (minutes - hours.opens) / (hours.closes - hours.opens) } };
}

/**
 * The delayed quote at `now`: during the session the price moves from the previous close toward the day's
 * close as the (delayed) session passes; outside it, the last close against the one before.
 */
export function demoQuote(listing: Pick<Listing, "ticker" | "exchange">, now: Date): Quote {
  const hours = exchangeHours(listing.exchange);
  const { asOf, settled, today } = session(listing, now);
  const last = settled.at(-1)!;
  const previousClose = today ? last.close : settled.at(-2)!.close;
  const price = today ? Math.round((last.close + (today.close - last.close) * today.share) * 1000) / 1000 : last.close;
  const random = generator(seedOf(`${listing.exchange}:${listing.ticker}:shares`));
  const shares = Math.round((50 + random() * 950) * 1_000_000);
  return {
    last: price,
    previousClose,
    volume: Math.round(shares * (0.001 + random() * 0.004) * (today ? today.share : 1)),
    currency: hours.currency,
    marketCap: Math.round(price * shares),
    asOf: today ? asOf : exchangeCloseTime(listing.exchange, last.day),
    delayMinutes: hours.delayMinutes,
    source: DEMO_SOURCE,
  };
}

export function demoProvider(now: () => Date = () => new Date()): MarketProvider {
  return {
    name: "demo",
    quote: async (listing) => demoQuote(listing, now()),
    history: async (listing, since) => session(listing, now()).settled.filter((close) => close.day >= since),
    announcements: async (listing) => demoAnnouncements(listing, now()),
  };
}
