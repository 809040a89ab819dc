/**
 * Paid promotion and the investment notice (PRODUCT.md "Paid promotion"): the texts and limits shared by
 * the editor, the item pages, the feeds and the structured data. Pure and tiny: public pages import it.
 */

/** PRODUCT.md "Limits": each disclosure field. */
export const DISCLOSURE_MAX_LENGTH = 500;

/** PRODUCT.md "Paid promotion": the notice that ends every item page about a company, unless INVESTMENT_NOTICE replaces it. */
export const INVESTMENT_NOTICE_DEFAULT =
  "This content is general information only and is not investment advice. It does not take into account your objectives, financial situation or needs; consider them, and seek professional advice, before acting on it.";

/** What an item's page, feed entry and JSON-LD show about a paid promotion; null when the item is not one. */
export interface Disclosure {
  /** Who paid, as named in the statement: 'Ironbark Gold Ltd (ASX:IBG)'. */
  sponsor: string;
  /** Written from the structured fields: 'MarketWire received A$7,500 in cash from … for this interview.' */
  statement: string;
  /** The editor's optional addition. */
  note: string | null;
  /** The agreement's date as words ('3 November 2026'), when recorded. */
  agreed: string | null;
}

/** PRODUCT.md "Companies": a company an item names, as its page links to it (one name: "item companies"). */
export interface ItemCompany {
  /** The company's id (PRODUCT.md "Following and alerts": what a Follow button posts). */
  id: string;
  name: string;
  slug: string;
  ticker: string;
  exchange: string;
  /** PRODUCT.md "Markets": the share price's change since the item's publication ('+12.4 % since this interview'). */
  sincePublished?: string | null;
}

/** PRODUCT.md "Company pages": the list of companies. */
export const COMPANY_LIST_PATH = "/companies";

/** PRODUCT.md "Company pages": a company's public page. */
export function companyPath(slug: string): string {
  return `/companies/${slug}`;
}

/** 'ASX:IBG': the exchange and ticker as investors write them. */
export function tickerLabel(company: { exchange: string; ticker: string }): string {
  return `${company.exchange}:${company.ticker}`;
}

/** A field as a sentence: a full stop added unless it already ends one. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** PRODUCT.md "Paid promotion": the disclosure as one line of plain text, for feeds and structured data. */
export function disclosureText(disclosure: Disclosure): string {
  const note = disclosure.note ? ` ${sentence(disclosure.note)}` : "";
  return `Paid promotion. ${disclosure.statement}${note}`;
}
