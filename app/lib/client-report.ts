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
  embed: "Embeds on other sites",
};
/** The device classes' names, as the page and the PDF show them. */
export const DEVICE_LABELS: Record<string, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" };

/**
 * PRODUCT.md "Client reports": the mails' figures of an item (or of the report) over the period: sends are
 * mails the SMTP server accepted carrying the item, clicks presses of its link through `/go/…` (Measurement).
 */
export interface MailFigures {
  newsletterSends: number;
  newsletterClicks: number;
  alertSends: number;
  alertClicks: number;
}

export const NO_MAIL: MailFigures = { newsletterSends: 0, newsletterClicks: 0, alertSends: 0, alertClicks: 0 };

/**
 * Clicks as a share of sends, in per cent to one decimal ('2.5%'; click rates are small, so whole per cents
 * would read 0 % for most items); null without sends. Not capped: a forwarded mail, or a reader pressing
 * again after 30 minutes, can bring more clicks than sends.
 */
export function clickRate(clicks: number, sends: number): string | null {
  if (sends <= 0) return null;
  // Rounded once, from whole numbers: 6 of 80 is 7.5 %, never 7.4 % by a floating-point hair.
  return `${(Math.round((clicks * 1000) / sends) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

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

/** PRODUCT.md "Client reports": `/reports/{token}`, the report a shared link opens without an account. */
export function reportLinkPath(token: string): string {
  return `/reports/${token}`;
}

/** `/reports/{token}.csv`, the shared report's rows as a file. */
export function reportLinkCsvPath(token: string): string {
  return `${reportLinkPath(token)}.csv`;
}

/** `/reports/{token}.pdf`, the shared report's PDF. */
export function reportLinkPdfPath(token: string): string {
  return `${reportLinkPath(token)}.pdf`;
}

/** PRODUCT.md "Client reports": a shared link lasts 1 to 90 days, 14 unless the editor says otherwise. */
export const LINK_DAYS = { min: 1, max: 90, default: 14 } as const;

export const REPORT_LINK_TEXTS = {
  days: `Expires after must be a whole number of days from ${LINK_DAYS.min} to ${LINK_DAYS.max}.`,
  period: "The link's period could not be read: open the report again and share it from there.",
  unknownIntent: "Unknown action",
  notFound: "This company has no such report link.",
  created: "Report link created",
  shownOnce: "Copy it now: it is shown only once. Anyone with the link can open this report until it expires or is revoked.",
  revoked: "The report link was revoked.",
  alreadyRevoked: "The report link was already revoked.",
  /** The public page's one answer for an unknown, expired or revoked link: which of them is never said. */
  gone: "This report link has expired or been revoked.",
  goneHint: "Ask the person who sent it to you for a new link.",
} as const;

/** A link's state as the report page lists it. */
export type ReportLinkStatus = "active" | "expired" | "revoked";
export const REPORT_LINK_STATUS_LABELS: Record<ReportLinkStatus, string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

const linkDay = z.string({ error: REPORT_LINK_TEXTS.period }).refine((value) => parseUtcDay(value) !== null, REPORT_LINK_TEXTS.period);

/**
 * The one schema of the 'Share with the client' form: the number of days the link lasts, and the page's
 * period (hidden fields), held to the period's own rules.
 */
export const shareReportSchema = z
  .object({
    days: z.coerce
      .number({ error: REPORT_LINK_TEXTS.days })
      .int(REPORT_LINK_TEXTS.days)
      .min(LINK_DAYS.min, REPORT_LINK_TEXTS.days)
      .max(LINK_DAYS.max, REPORT_LINK_TEXTS.days),
    from: linkDay,
    to: linkDay,
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from || periodDays(value) > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: "custom", message: REPORT_LINK_TEXTS.period, path: ["to"] });
  });
export type ShareReportInput = z.infer<typeof shareReportSchema>;

/** The 'Revoke' button's form: which link. */
export const revokeReportLinkSchema = z.object({ linkId: z.uuid(REPORT_LINK_TEXTS.notFound) });
