/**
 * PRODUCT.md "Companies": the sectors a company can be in, by stored value. Pure, so the browser's form
 * rules and the database schema (its `sector` column's values) share one list.
 */
export const COMPANY_SECTORS = [
  "mining",
  "energy",
  "technology",
  "healthcare",
  "financials",
  "consumer",
  "industrials",
  "real_estate",
  "utilities",
  "materials",
  "communication",
] as const;

export type CompanySector = (typeof COMPANY_SECTORS)[number];
