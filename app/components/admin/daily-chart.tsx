import * as React from "react";

import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";
import { formatCount } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";

import { DAILY_SERIES, type DailyPoint, type DailySeriesKey } from "./daily-chart-series";

export type { DailyPoint, DailySeriesKey };

/**
 * The chart library is big: it loads only where a chart is shown, after hydration (the server renders
 * the skeleton). A chunk that fails to load leaves the summary and the figures, which carry the same numbers.
 */
const DailyChartPlot = React.lazy(() => import("./daily-chart-plot").catch(() => ({ default: PlotUnavailable })));

function PlotUnavailable() {
  return <p className="grid size-full place-items-center text-sm text-muted-foreground">The chart could not be loaded.</p>;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** 'May 13, 2026' for '2026-05-13' (a UTC date, PRODUCT.md "Views over time"). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The total of one series over the days shown. */
function total(figures: readonly DailyPoint[], key: DailySeriesKey) {
  return figures.reduce((sum, point) => sum + (point[key] ?? 0), 0);
}

/** '1,234 views and 56 listens in the last 30 days'. */
export function dailySummary(figures: readonly DailyPoint[], series: readonly DailySeriesKey[]): string {
  const counts = series.map((key) => formatCount(total(figures, key), DAILY_SERIES[key].noun, "exact"));
  const days = figures.length === 1 ? "today" : `in the last ${figures.length} days`;
  return `${counts.join(" and ")} ${days}`;
}

/**
 * PRODUCT.md "Views over time": a line per series over the days given (oldest first), with a one-line
 * summary and, for every reader, the same figures as a table behind 'Show figures'. The plot itself is
 * hidden from screen readers: the table says what it shows. Its box has a fixed height, so nothing moves
 * when the library arrives.
 */
export function DailyChart({
  figures,
  series,
  label,
}: {
  figures: readonly DailyPoint[];
  series: readonly DailySeriesKey[];
  label: string;
}) {
  const hydrated = useHydrated();
  const skeleton = <Skeleton className="size-full" />;
  return (
    <figure className="flex min-w-0 flex-col gap-3" data-testid="daily-chart">
      <figcaption className="text-sm text-muted-foreground">{dailySummary(figures, series)}</figcaption>
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
          {series.map((key) => (
            <li key={key} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-full" style={{ background: DAILY_SERIES[key].color }} />
              {DAILY_SERIES[key].label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="h-56 w-full min-w-0 sm:h-64" aria-hidden="true">
        {hydrated ? (
          <React.Suspense fallback={skeleton}>
            <DailyChartPlot figures={figures} series={series} />
          </React.Suspense>
        ) : (
          skeleton
        )}
      </div>
      <details className="group text-sm">
        <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <span className="group-open:hidden">Show figures</span>
          <span className="hidden group-open:inline">Hide figures</span>
        </summary>
        <Table className="mt-2 max-w-md">
          <caption className="sr-only">{label}</caption>
          <TableColumns
            columns={[
              { label: "Day", className: "pl-0" },
              ...series.map((key) => ({ label: DAILY_SERIES[key].label, align: "right" as const })),
            ]}
          />
          <TableBody>
            {/* Newest first: the day someone looks for is usually today. */}
            {[...figures].reverse().map((point) => (
              <TableRow key={point.day} data-day={point.day}>
                <th scope="row" className="p-2 pl-0 text-left font-normal whitespace-nowrap">
                  <time dateTime={point.day}>{formatDay(point.day)}</time>
                </th>
                {series.map((key) => (
                  <TableCell key={key} className="text-right tabular-nums" data-series={key}>
                    {(point[key] ?? 0).toLocaleString("en-US")}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </figure>
  );
}
