/**
 * What an item's page, feed entries and JSON-LD say about a paid promotion (PRODUCT.md "Paid promotion"):
 * the disclosure of a paid item, written from its stored sponsorship and kept apart from those columns.
 */
import { sql } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import type { Disclosure } from "~/lib/disclosure";
import { SPONSORSHIP_COLUMNS } from "~/lib/disclosure-fields";
import {
  CONSIDERATION_FORMS,
  considerationWords,
  CURRENCIES,
  formatAgreementDate,
  payerName,
  sponsorshipStatement,
  type ConsiderationForm,
  type Currency,
} from "~/lib/sponsorship";

import { companiesByIds } from "./item-companies.server";

/** The stored promotion columns every content table has (numbers and dates as PostgreSQL gives them: text). */
export type PromotionColumns = {
  paidPromotion: boolean | null;
  sponsorCompanyId: string | null;
  disclosureSponsor: string | null;
  considerationForm: string | null;
  considerationAmount: string | number | null;
  considerationCurrency: string | null;
  considerationUnits: string | number | null;
  agreementDate: string | null;
  disclosureNote: string | null;
};

/** The promotion columns in a raw select, named as their Drizzle properties (the feeds' union of five tables). */
export const PROMOTION_COLUMNS_SQL = sql.raw(
  [
    `paid_promotion as "paidPromotion"`,
    `sponsor_company_id as "sponsorCompanyId"`,
    `disclosure_sponsor as "disclosureSponsor"`,
    `consideration_form as "considerationForm"`,
    `consideration_amount as "considerationAmount"`,
    `consideration_currency as "considerationCurrency"`,
    `consideration_units as "considerationUnits"`,
    `agreement_date::text as "agreementDate"`,
    `disclosure_note as "disclosureNote"`,
  ].join(", "),
);

/** A payer company as the disclosure names it. */
export interface PayerCompany {
  name: string;
  exchange: string;
  ticker: string;
}

/** The payer companies of these rows, by id, in one query (none when no row is paid by a company). */
export async function payersOf(rows: readonly Pick<PromotionColumns, "paidPromotion" | "sponsorCompanyId">[]) {
  const ids = rows.flatMap((row) => (row.paidPromotion && row.sponsorCompanyId ? [row.sponsorCompanyId] : []));
  const companies = ids.length > 0 ? await companiesByIds(ids) : [];
  return new Map<string, PayerCompany>(companies.map((company) => [company.id, company]));
}

const number = (value: string | number | null) => (value === null || value === "" ? null : Number(value));
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** The stored consideration as the sentence reads it; a form or currency that is not one of ours is left out. */
function consideration(row: PromotionColumns) {
  return {
    form: oneOf<ConsiderationForm>(CONSIDERATION_FORMS, row.considerationForm),
    amount: number(row.considerationAmount),
    currency: oneOf<Currency>(CURRENCIES, row.considerationCurrency),
    units: number(row.considerationUnits),
  };
}

/** What was paid, as words ('A$7,500 in cash', '250,000 shares'), or null when it was never recorded in fields. */
export function itemConsideration(row: PromotionColumns): string | null {
  return considerationWords(consideration(row));
}

/**
 * PRODUCT.md "Paid promotion": the disclosure of a paid item, or null for an item that is not paid. The
 * statement is written from the fields; a paid item whose payer was never recorded still says it is paid.
 */
export function itemDisclosure(type: ContentType, row: PromotionColumns, payers: ReadonlyMap<string, PayerCompany>): Disclosure | null {
  if (!row.paidPromotion) return null;
  const { noun } = CONTENT_REGISTRY[type];
  const company = row.sponsorCompanyId ? payers.get(row.sponsorCompanyId) : undefined;
  const sponsor = company ? payerName(company) : row.disclosureSponsor?.trim() || null;
  const statement = sponsor ? sponsorshipStatement({ payer: sponsor, noun, ...consideration(row) }) : `This ${noun} is a paid promotion.`;
  return {
    sponsor: sponsor ?? "",
    statement,
    note: row.disclosureNote?.trim() || null,
    agreed: row.agreementDate ? formatAgreementDate(row.agreementDate) : null,
  };
}

/** The row without its stored promotion columns, which stay on the server: a page gets `itemDisclosure` instead. */
export function withoutPromotionColumns<Row extends PromotionColumns>(row: Row): Omit<Row, keyof PromotionColumns> {
  const rest: Record<string, unknown> = { ...row };
  delete rest.paidPromotion;
  for (const column of SPONSORSHIP_COLUMNS) delete rest[column];
  return rest as Omit<Row, keyof PromotionColumns>;
}
