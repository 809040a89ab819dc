/**
 * What an item's page, feed entries and JSON-LD say about the companies it names and about a paid promotion
 * (PRODUCT.md "Companies", "Paid promotion"): the company chips, the disclosure of a paid item and the
 * investment notice of an item about a company.
 */
import type { ContentType } from "~/lib/content-types";
import type { Disclosure, ItemCompany } from "~/lib/disclosure";

import { getEnv } from "../env.server";
import { itemCompanies } from "./item-companies.server";

/** The stored promotion columns every content table has. */
export interface PromotionColumns {
  paidPromotion: boolean | null;
  disclosureSponsor: string | null;
  disclosurePurpose: string | null;
  disclosureCompensation: string | null;
}

/**
 * PRODUCT.md "Paid promotion": the disclosure of a paid item, or null. A paid flag without all three
 * fields discloses nothing half-way (the editor refuses to save one; older rows may hold one).
 */
export function itemDisclosure(row: PromotionColumns): Disclosure | null {
  if (!row.paidPromotion) return null;
  const sponsor = row.disclosureSponsor?.trim();
  const purpose = row.disclosurePurpose?.trim();
  const compensation = row.disclosureCompensation?.trim();
  return sponsor && purpose && compensation ? { sponsor, purpose, compensation } : null;
}

/** The row without its stored promotion columns, which stay on the server: a page gets `itemDisclosure` instead. */
export function withoutPromotionColumns<Row extends PromotionColumns>(row: Row): Omit<Row, keyof PromotionColumns> {
  const {
    paidPromotion: _paid,
    disclosureSponsor: _sponsor,
    disclosurePurpose: _purpose,
    disclosureCompensation: _compensation,
    ...rest
  } = row;
  return rest;
}

/** A field as a sentence: a full stop added unless it already ends one. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** PRODUCT.md "Paid promotion": the disclosure as one line of plain text, for feeds and structured data. */
export function disclosureText(disclosure: Disclosure): string {
  return `Paid promotion. Paid for by ${sentence(disclosure.sponsor)} Purpose: ${sentence(disclosure.purpose)} Compensation: ${sentence(disclosure.compensation)}`;
}

/** What an item's page shows about the companies it names: the chips (A–Z) and, with any, the investment notice. */
export interface ItemCompaniesOnPage {
  companies: ItemCompany[];
  /** PRODUCT.md "Paid promotion": INVESTMENT_NOTICE on every page naming a company, else null. */
  investmentNotice: string | null;
}

export async function loadItemCompanies(type: ContentType, id: string): Promise<ItemCompaniesOnPage> {
  const tags = await itemCompanies(type, id);
  // Only the chip's fields reach the page's data.
  const companies = tags.map(({ name, slug, ticker, exchange }) => ({ name, slug, ticker, exchange }));
  return { companies, investmentNotice: companies.length > 0 ? getEnv().INVESTMENT_NOTICE : null };
}
