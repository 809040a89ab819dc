/**
 * PRODUCT.md "Markets": the company page's market block, rendered here to HTML so the reader's browser gets
 * markup and no code (the page's JavaScript does not grow, and no chart library is shipped). The price says
 * its change in signs and words as well as colour, and the delay, the as-of time and the source sit right
 * under it. The chart is SVG with a text alternative; the 1-month / 1-year switch is two radio buttons and CSS.
 */
import { renderToStaticMarkup } from "react-dom/server";

import {
  CHART_RANGES,
  delayLine,
  describeChange,
  exchangeDate,
  formatMarketCap,
  formatPercent,
  formatPrice,
  type ChartRange,
} from "~/lib/markets";

import type { StoredMarket } from "./market-data.server";
import { CHART_HEIGHT, CHART_WIDTH, priceChart } from "./price-chart.server";

/** Lucide's paths, inline: this markup cannot use the components' icon sprite helper. */
const ICONS = {
  up: (
    <>
      <polyline points="22 7 13.5 15.5 8.5 10.5 2 17" />
      <polyline points="16 7 22 7 22 13" />
    </>
  ),
  down: (
    <>
      <polyline points="22 17 13.5 8.5 8.5 13.5 2 7" />
      <polyline points="16 17 22 17 22 11" />
    </>
  ),
  flat: <path d="M5 12h14" />,
  alert: (
    <>
      <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </>
  ),
};

function InlineIcon({ name, className }: { name: keyof typeof ICONS; className: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {ICONS[name]}
    </svg>
  );
}

const DIRECTION_CLASS = {
  up: "text-emerald-700 dark:text-emerald-400",
  down: "text-red-700 dark:text-red-400",
  flat: "text-muted-foreground",
} as const;

export interface MarketListing {
  name: string;
  ticker: string;
  exchange: string;
}

/** The closes of the last `days` days of `closes` (which end today or before). */
function lastDays(closes: StoredMarket["closes"], days: number, today: Date) {
  const since = new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  return closes.filter((close) => close.day >= since);
}

function Chart({
  listing,
  market,
  range,
  currency,
  today,
}: {
  listing: MarketListing;
  market: StoredMarket;
  range: ChartRange;
  currency: string;
  today: Date;
}) {
  const chart = priceChart(lastDays(market.closes, CHART_RANGES[range].days, today));
  const id = `market-chart-${range}`;
  if (!chart) return <p className="text-sm text-muted-foreground">Not enough prices yet for a {CHART_RANGES[range].label} chart.</p>;
  const price = (value: number) => formatPrice(value, currency);
  const day = (value: string) => exchangeDate(listing.exchange, new Date(`${value}T12:00:00Z`));
  const summary =
    `${listing.name} (${listing.exchange}:${listing.ticker}) closing prices over ${CHART_RANGES[range].label}: ` +
    `from ${price(chart.first.close)} on ${day(chart.first.day)} to ${price(chart.last.close)} on ${day(chart.last.day)}; ` +
    `low ${price(chart.low.close)} on ${day(chart.low.day)}, high ${price(chart.high.close)} on ${day(chart.high.day)}.`;
  const direction = chart.last.close >= chart.first.close ? "up" : "down";
  return (
    <figure className="m-0">
      <svg
        role="img"
        aria-labelledby={`${id}-summary`}
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className={`h-40 w-full ${DIRECTION_CLASS[direction]}`}
      >
        <path d={chart.area} fill="currentColor" fillOpacity={0.08} stroke="none" />
        <path d={chart.line} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
      </svg>
      <figcaption id={`${id}-summary`} className="mt-2 text-xs leading-relaxed text-muted-foreground">
        {summary}
      </figcaption>
    </figure>
  );
}

function Announcements({ listing, market }: { listing: MarketListing; market: StoredMarket }) {
  if (market.announcements.length === 0) return null;
  return (
    <div className="mt-6 border-t pt-5">
      <h3 className="text-base font-semibold">Announcements to {listing.exchange}</h3>
      <ul className="mt-3 divide-y">
        {market.announcements.map((announcement) => (
          <li key={announcement.id} className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:gap-3">
            <time dateTime={announcement.publishedAt.toISOString()} className="shrink-0 text-xs tabular-nums text-muted-foreground sm:w-28">
              {exchangeDate(listing.exchange, announcement.publishedAt)}
            </time>
            <span className="min-w-0 text-sm">
              <a
                href={announcement.url}
                rel="noopener nofollow"
                className="font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {announcement.title}
              </a>
              {announcement.category ? <span className="text-muted-foreground"> · {announcement.category}</span> : null}
            </span>
            {announcement.priceSensitive ? (
              <span className="inline-flex shrink-0 items-center gap-1 self-start rounded-md border border-amber-600/40 bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200 sm:ml-auto">
                <InlineIcon name="alert" className="size-3.5" />
                Price sensitive
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MarketBlock({ listing, market, today }: { listing: MarketListing; market: StoredMarket; today: Date }) {
  const { quote } = market;
  const currency = quote?.currency ?? "USD";
  return (
    <section aria-labelledby="market-heading" className="mt-10 max-w-3xl rounded-xl border bg-card p-5 sm:p-6">
      <h2 id="market-heading" className="text-lg font-semibold tracking-tight">
        {listing.exchange}:{listing.ticker} share price
      </h2>
      {quote ? <Quote listing={listing} quote={quote} /> : <p className="mt-2 text-sm text-muted-foreground">No price yet.</p>}
      {market.closes.length > 1 ? (
        <div className="market-chart mt-5">
          <fieldset className="flex gap-1 text-sm">
            <legend className="sr-only">Chart range</legend>
            {(Object.keys(CHART_RANGES) as ChartRange[]).map((range) => (
              <label
                key={range}
                className="cursor-pointer rounded-md border px-2.5 py-1 font-medium has-[:checked]:bg-foreground has-[:checked]:text-background has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
              >
                <input type="radio" name="market-range" value={range} defaultChecked={range === "1y"} className="sr-only" />
                {CHART_RANGES[range].label}
              </label>
            ))}
          </fieldset>
          {(Object.keys(CHART_RANGES) as ChartRange[]).map((range) => (
            <div key={range} data-range={range} className="mt-3">
              <Chart listing={listing} market={market} range={range} currency={currency} today={today} />
            </div>
          ))}
        </div>
      ) : null}
      <Announcements listing={listing} market={market} />
      <p className="mt-5 text-xs text-muted-foreground">Past performance is not a reliable indicator of future performance. Not advice.</p>
    </section>
  );
}

function Quote({ listing, quote }: { listing: MarketListing; quote: NonNullable<StoredMarket["quote"]> }) {
  const change = quote.last - quote.previousClose;
  const percent = quote.previousClose > 0 ? (change / quote.previousClose) * 100 : 0;
  const { signed, words, direction } = describeChange(change, percent, quote.currency, quote.last);
  return (
    <>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-3xl font-bold tabular-nums">{formatPrice(quote.last, quote.currency)}</span>
        <span className="text-sm text-muted-foreground">{quote.currency}</span>
        <span className={`inline-flex items-center gap-1 text-base font-semibold tabular-nums ${DIRECTION_CLASS[direction]}`}>
          <InlineIcon name={direction} className="size-4" />
          <span aria-hidden="true">{signed}</span>
          <span className="sr-only">
            {words} ({formatPercent(percent)}) since the previous close
          </span>
        </span>
      </p>
      <p className="mt-1 text-sm font-medium text-foreground/80">{delayLine(quote, listing.exchange)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Previous close</dt>
          <dd className="font-medium tabular-nums">{formatPrice(quote.previousClose, quote.currency)}</dd>
        </div>
        {quote.volume != null ? (
          <div>
            <dt className="text-muted-foreground">Volume</dt>
            <dd className="font-medium tabular-nums">{quote.volume.toLocaleString("en-US")}</dd>
          </div>
        ) : null}
        {quote.marketCap != null ? (
          <div>
            <dt className="text-muted-foreground">Market cap</dt>
            <dd className="font-medium tabular-nums">{formatMarketCap(quote.marketCap, quote.currency)}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/** The block as HTML, or null when nothing is stored for the listing. */
export function marketBlockHtml(listing: MarketListing, market: StoredMarket, today = new Date()): string | null {
  if (!market.quote && market.closes.length === 0 && market.announcements.length === 0) return null;
  return renderToStaticMarkup(<MarketBlock listing={listing} market={market} today={today} />);
}
