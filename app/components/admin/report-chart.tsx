/**
 * PRODUCT.md "Client reports": the report's daily chart, drawn as plain SVG in the server's render (no chart
 * library, nothing to load): a bar a day for views and listens, a line for downloads. The SVG names the period
 * and its totals; 'Show figures' gives every reader the same figures as a table.
 */
import { useId } from "react";

import { Table, TableBody, TableCell, TableColumns, TableRow } from "~/components/ui/table";

import { formatDay } from "./daily-chart";

export interface ReportChartDay {
  day: string;
  views: number;
  listens: number;
  downloads: number;
}

const WIDTH = 720;
const HEIGHT = 220;
// Room on the left for a seven-digit maximum ("1,234,567") in 12 px type.
const PAD = { top: 12, right: 8, bottom: 24, left: 64 };
const number = (n: number) => n.toLocaleString("en-US");

/** 'Views, listens and downloads per day from Nov 1, 2026 to Nov 30, 2026: 1,234 views, 56 listens, 78 downloads.' */
export function reportChartSummary(days: readonly ReportChartDay[]): string {
  const total = (key: "views" | "listens" | "downloads") => days.reduce((sum, day) => sum + day[key], 0);
  const range = days.length ? `from ${formatDay(days[0]!.day)} to ${formatDay(days[days.length - 1]!.day)}` : "";
  return `Views, listens and downloads per day ${range}: ${number(total("views"))} views, ${number(total("listens"))} listens, ${number(total("downloads"))} downloads.`;
}

export function ReportChart({ days }: { days: readonly ReportChartDay[] }) {
  const titleId = useId();
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const max = Math.max(1, ...days.map((day) => Math.max(day.views + day.listens, day.downloads)));
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => PAD.left + index * slot;
  const downloadsLine = days.map((day, index) => `${(x(index) + slot / 2).toFixed(1)},${y(day.downloads).toFixed(1)}`).join(" ");
  const summary = reportChartSummary(days);
  return (
    <figure className="flex min-w-0 flex-col gap-3" data-testid="report-chart">
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary" />
          Views
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: "var(--gain)" }} />
          Listens
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-3 bg-foreground" />
          Downloads
        </li>
      </ul>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--border)" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max)} y2={y(max)} stroke="var(--border)" strokeDasharray="4 4" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="12" fill="var(--muted-foreground)">
          {number(max)}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="12" fill="var(--muted-foreground)">
          0
        </text>
        {days.map((day, index) => {
          const left = x(index) + (slot - barWidth) / 2;
          return (
            <g key={day.day}>
              <rect x={left} width={barWidth} y={y(day.views)} height={y(0) - y(day.views)} fill="var(--primary)" />
              <rect
                x={left}
                width={barWidth}
                y={y(day.views + day.listens)}
                height={y(day.views) - y(day.views + day.listens)}
                fill="var(--gain)"
              />
            </g>
          );
        })}
        {days.length > 1 ? <polyline points={downloadsLine} fill="none" stroke="var(--foreground)" strokeWidth="2" /> : null}
        {days.length ? (
          <>
            <text x={PAD.left} y={HEIGHT - 6} fontSize="12" fill="var(--muted-foreground)">
              {formatDay(days[0]!.day)}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize="12" fill="var(--muted-foreground)">
              {formatDay(days[days.length - 1]!.day)}
            </text>
          </>
        ) : null}
      </svg>
      <details className="group text-sm">
        <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <span className="group-open:hidden">Show figures</span>
          <span className="hidden group-open:inline">Hide figures</span>
        </summary>
        <Table className="mt-2 max-w-lg">
          <caption className="sr-only">Views, listens and downloads per day</caption>
          <TableColumns
            columns={[
              { label: "Day", className: "pl-0" },
              { label: "Views", align: "right" },
              { label: "Listens", align: "right" },
              { label: "Downloads", align: "right" },
            ]}
          />
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.day} data-day={day.day}>
                <th scope="row" className="p-2 pl-0 text-left font-normal whitespace-nowrap">
                  <time dateTime={day.day}>{formatDay(day.day)}</time>
                </th>
                <TableCell className="text-right tabular-nums">{number(day.views)}</TableCell>
                <TableCell className="text-right tabular-nums">{number(day.listens)}</TableCell>
                <TableCell className="text-right tabular-nums">{number(day.downloads)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </figure>
  );
}
