/**
 * PRODUCT.md "Markets": a price chart as SVG path data, drawn on the server (no chart library reaches the
 * reader), and its text alternative: where the range started and ended, its low and its high.
 */
import type { DailyClose } from "./provider.server";

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 160;

export interface PriceChart {
  /** The line through the closes, in a CHART_WIDTH × CHART_HEIGHT box. */
  line: string;
  /** The same line closed along the bottom, for the shaded area. */
  area: string;
  first: DailyClose;
  last: DailyClose;
  low: DailyClose;
  high: DailyClose;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The chart of `closes` (oldest first), or null with fewer than two. */
export function priceChart(closes: readonly DailyClose[]): PriceChart | null {
  if (closes.length < 2) return null;
  let low = closes[0]!;
  let high = closes[0]!;
  for (const close of closes) {
    if (close.close < low.close) low = close;
    if (close.close > high.close) high = close;
  }
  // A flat series is drawn across the middle; otherwise the low sits near the bottom and the high near the top.
  const span = high.close - low.close || 1;
  const padding = 8;
  const points = closes.map((close, index) => {
    const x = (index / (closes.length - 1)) * CHART_WIDTH;
    const y = high.close === low.close ? CHART_HEIGHT / 2 : padding + (1 - (close.close - low.close) / span) * (CHART_HEIGHT - 2 * padding);
    return `${round(x)},${round(y)}`;
  });
  const line = `M${points.join("L")}`;
  return { line, area: `${line}L${CHART_WIDTH},${CHART_HEIGHT}L0,${CHART_HEIGHT}Z`, first: closes[0]!, last: closes.at(-1)!, low, high };
}
