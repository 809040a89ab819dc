/**
 * PRODUCT.md "Paid promotion": the structured sponsorship of a paid piece (who paid, what, how much, when
 * agreed) and the disclosure sentence written from it. Pure: the server writes the sentence readers see,
 * and the editor shows the same sentence as it is typed.
 */
import { SITE_NAME } from "./seo";

/** What the consideration was paid in. */
export const CONSIDERATION_FORMS = ["cash", "shares", "options"] as const;
export type ConsiderationForm = (typeof CONSIDERATION_FORMS)[number];

export const CONSIDERATION_FORM_LABELS: Record<ConsiderationForm, string> = {
  cash: "Cash",
  shares: "Shares",
  options: "Options",
};

/** The currencies of the markets MarketWire covers, as ISO 4217 codes. */
export const CURRENCIES = ["AUD", "USD", "CAD", "NZD", "GBP", "EUR", "HKD", "SGD"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** PRODUCT.md "Limits": the largest cash amount (two decimals) and number of shares or options. */
export const MAX_CONSIDERATION_AMOUNT = 1_000_000_000;
export const MAX_CONSIDERATION_UNITS = 1_000_000_000_000;

/** Each currency's symbol as international financial press writes it: every dollar named by its country. */
const CURRENCY_SYMBOLS: Record<Currency, string> = {
  AUD: "A$",
  USD: "US$",
  CAD: "C$",
  NZD: "NZ$",
  GBP: "£",
  EUR: "€",
  HKD: "HK$",
  SGD: "S$",
};

/** 'A$7,500', 'US$1,250.50': cents only when there are some. */
export function formatMoney(amount: number, currency: Currency): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return `${CURRENCY_SYMBOLS[currency]}${amount.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}

/** '3 November 2026' from '2026-11-03' (the agreement's calendar date, no time zone). */
export function formatAgreementDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1)),
  );
}

/** A piece's sponsorship as the sentence needs it; the consideration may be incomplete on older pieces. */
export interface Sponsorship {
  /** Who paid, as readers see them: 'Ironbark Gold Ltd (ASX:IBG)' or 'Halcyon Investor Relations'. */
  payer: string;
  form: ConsiderationForm | null;
  /** Cash: the amount and its currency. */
  amount: number | null;
  currency: Currency | null;
  /** Shares or options: how many. */
  units: number | null;
  /** The type's noun in running text ('interview', 'blog post'). */
  noun: string;
}

/** What was received, as words: 'A$7,500 in cash', '250,000 shares'; null when the fields are incomplete. */
export function considerationWords({ form, amount, currency, units }: Pick<Sponsorship, "form" | "amount" | "currency" | "units">) {
  if (form === "cash") return amount !== null && currency !== null ? `${formatMoney(amount, currency)} in cash` : null;
  if (form === "shares" || form === "options") {
    if (units === null) return null;
    const count = units.toLocaleString("en-US");
    return `${count} ${form === "shares" ? (units === 1 ? "share" : "shares") : units === 1 ? "option" : "options"}`;
  }
  return null;
}

/**
 * PRODUCT.md "Paid promotion": 'MarketWire received A$7,500 in cash from Ironbark Gold Ltd (ASX:IBG) for this
 * interview.' A piece whose consideration was never recorded in fields (text kept from before them) says
 * who paid without an amount: 'MarketWire was paid by … for this interview.'
 */
export function sponsorshipStatement(sponsorship: Sponsorship): string {
  const what = considerationWords(sponsorship);
  return what
    ? `${SITE_NAME} received ${what} from ${sponsorship.payer} for this ${sponsorship.noun}.`
    : `${SITE_NAME} was paid by ${sponsorship.payer} for this ${sponsorship.noun}.`;
}

/** A payer company as the disclosure names it: 'Ironbark Gold Ltd (ASX:IBG)'. */
export function payerName(company: { name: string; exchange: string; ticker: string }): string {
  return `${company.name} (${company.exchange}:${company.ticker})`;
}

const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
const UNITS = /^(?:\d{1,3}(?:,\d{3})+|\d+)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '7,500.50' → 7500.5; null when it is not an amount with at most two decimals (range checked by the caller). */
export function parseAmount(text: string): number | null {
  return AMOUNT.test(text) ? Number(text.replaceAll(",", "")) : null;
}

/** '250,000' → 250000; null when it is not a whole number. */
export function parseUnits(text: string): number | null {
  return UNITS.test(text) ? Number(text.replaceAll(",", "")) : null;
}

/** 'YYYY-MM-DD' as a real calendar date (UTC midnight), or null. */
export function parseAgreementDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** PRODUCT.md "Paid promotion": an agreement is dated from 2000 to today (a day's grace for time zones ahead of UTC). */
export function agreementDateInRange(date: Date, now: number): boolean {
  return date.getTime() >= Date.UTC(2000, 0, 1) && date.getTime() <= now + 24 * 60 * 60 * 1000;
}
