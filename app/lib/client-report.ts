/**
 * PRODUCT.md "Client reports": the report's addresses and the period it covers, read from `?from=&to=`. Pure:
 * the page's form, its loader, the CSV's and the PDF's read the same schema.
 */
import { parseUtcDay } from "./dates";
import { z } from "./zod";

/** `/admin/companies/{slug}/report`, the report of one company. */
export function clientReportPath(slug: string): string {
  return `/admin/companies/${slug}/report`;
}

/** `/admin/companies/{slug}/report.csv`, its rows as a file. */
export function clientReportCsvPath(slug: string): string {
  return `${clientReportPath(slug)}.csv`;
}

/** `/admin/companies/{slug}/report.pdf`, the report as a document to send the client. */
export function clientReportPdfPath(slug: string): string {
  return `${clientReportPath(slug)}.pdf`;
}

/** The referrer groups' names, as the page and the PDF show them; an unknown group shows its key. */
export const REFERRER_LABELS: Record<string, string> = {
  search: "Search",
  social: "Social",
  newsletter: "Newsletter",
  alert: "Company alert",
  internal: "Our pages",
  direct: "Direct",
  other: "Other sites",
};
/** The device classes' names, as the page and the PDF show them. */
export const DEVICE_LABELS: Record<string, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" };

/** PRODUCT.md "Client reports": without a period the report shows the last 30 days, today (UTC) included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** PRODUCT.md "Client reports": a period holds at most a year, a leap year's 366 days included. */
export const MAX_PERIOD_DAYS = 366;

export const PERIOD_MESSAGES = {
  format: "Dates must be written YYYY-MM-DD.",
  order: "The period must end on or after its start.",
  tooLong: `The period can be at most ${MAX_PERIOD_DAYS} days long.`,
} as const;

/** A period of whole UTC days, both ends included: '2026-11-01' to '2026-11-30'. */
export interface ReportPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The number of days from `from` to `to`, both included. */
export function periodDays({ from, to }: ReportPeriod): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `DEFAULT_PERIOD_DAYS` days ending with `today`'s UTC date. */
export function defaultPeriod(today = new Date()): ReportPeriod {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

// An absent or empty field takes its default; anything else must be a real day.
const day = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
  z
    .string()
    .refine((value) => parseUtcDay(value) !== null, PERIOD_MESSAGES.format)
    .optional(),
);

/**
 * The one schema of the period query. `today` fixes the default (the last 30 days ending today, UTC); a
 * given `from` alone ends today, a given `to` alone starts 29 days before it.
 */
export function reportPeriodSchema(today = new Date()) {
  return z
    .object({ from: day, to: day })
    .transform(({ from, to }): ReportPeriod => {
      if (from && to) return { from, to };
      if (to) return { from: defaultPeriod(new Date(`${to}T00:00:00Z`)).from, to };
      const end = defaultPeriod(today).to;
      return { from: from ?? defaultPeriod(today).from, to: end };
    })
    .superRefine((period, ctx) => {
      if (period.to < period.from) ctx.addIssue({ code: "custom", message: PERIOD_MESSAGES.order, path: ["to"] });
      else if (periodDays(period) > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", message: PERIOD_MESSAGES.tooLong, path: ["to"] });
    });
}

/** The period of a report's address, or the first message saying why it cannot be read. */
export function parseReportPeriod(
  params: URLSearchParams,
  today = new Date(),
): { ok: true; period: ReportPeriod } | { ok: false; error: string } {
  const result = reportPeriodSchema(today).safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  if (result.success) return { ok: true, period: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? PERIOD_MESSAGES.format };
}
