/**
 * The plot of a daily chart, drawn with recharts. Only `daily-chart.tsx` imports it, lazily: the library
 * stays out of every other page's scripts (PRODUCT.md "Speed").
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { DAILY_SERIES, type DailyPoint, type DailySeriesKey } from "./daily-chart-series";

const tickFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const tooltipFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
const asDate = (day: unknown) => new Date(`${String(day)}T00:00:00Z`);
// Axis figures short ('250K', '1.2M'), so six-digit days fit the axis's 40 px; the table has them exact.
const axisFormat = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

const AXIS_TICK = { fill: "var(--muted-foreground)", fontSize: 12 };

export default function DailyChartPlot({ figures, series }: { figures: readonly DailyPoint[]; series: readonly DailySeriesKey[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      {/* No keyboard layer: the plot is hidden from assistive technology, the figures table is its text. */}
      <LineChart data={[...figures]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="day"
          tickFormatter={(day) => tickFormat.format(asDate(day))}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: "var(--border)" }}
          minTickGap={24}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={(value: number) => axisFormat.format(value)}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <Tooltip
          labelFormatter={(day) => tooltipFormat.format(asDate(day))}
          contentStyle={{
            background: "var(--popover)",
            border: "1px solid var(--border)",
            borderRadius: "0.5rem",
            color: "var(--popover-foreground)",
            fontSize: "0.8125rem",
          }}
          cursor={{ stroke: "var(--border)" }}
        />
        {series.map((key) => (
          <Line
            key={key}
            dataKey={key}
            name={DAILY_SERIES[key].label}
            type="monotone"
            stroke={DAILY_SERIES[key].color}
            strokeWidth={2}
            dot={false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
