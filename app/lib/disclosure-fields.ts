/**
 * The paid-promotion disclosure as the editor asks for it (PRODUCT.md "Paid promotion"). Apart from
 * `disclosure.ts`, which public pages load, so the editor's labels and messages stay out of their chunks.
 */

/** The 'Paid for by' choice naming a party that is not a listed company (its name goes in `disclosureSponsor`). */
export const OTHER_PARTY = "other";

/**
 * PRODUCT.md "Paid promotion": the sponsorship fields of the editor's form, with their labels and the
 * message each gets when a paid piece is published without it (the editor's addition is optional).
 */
export const DISCLOSURE_FIELDS = {
  paidBy: { label: "Paid for by", name: "Paid for by", required: "Choose who paid for this promotion" },
  disclosureSponsor: { label: "Name of the other party", name: "The other party's name", required: "Enter who paid for this promotion" },
  considerationForm: { label: "Paid in", name: "Paid in", required: "Choose what was paid" },
  considerationAmount: { label: "Amount", name: "Amount", required: "Enter the amount paid" },
  considerationCurrency: { label: "Currency", name: "Currency", required: "Choose the currency" },
  considerationUnits: { label: "Number of shares or options", name: "Number", required: "Enter the number of shares or options" },
  agreementDate: { label: "Date of the agreement", name: "Date of the agreement", required: "Enter the date of the agreement" },
  disclosureNote: { label: "Editor's addition (optional)", name: "Editor's addition", required: null },
} as const;

export type DisclosureField = keyof typeof DISCLOSURE_FIELDS;

export const DISCLOSURE_FIELD_NAMES = Object.keys(DISCLOSURE_FIELDS) as DisclosureField[];

/** The sponsorship's stored columns (PRODUCT.md "Paid promotion"): `paidBy` is stored as `sponsorCompanyId`. */
export const SPONSORSHIP_COLUMNS = [
  "sponsorCompanyId",
  "disclosureSponsor",
  "considerationForm",
  "considerationAmount",
  "considerationCurrency",
  "considerationUnits",
  "agreementDate",
  "disclosureNote",
] as const;

export type SponsorshipColumn = (typeof SPONSORSHIP_COLUMNS)[number];

/** Messages beyond 'required' (PRODUCT.md "Messages"). */
export const SPONSORSHIP_MESSAGES = {
  payerNotListed: "Choose who paid from the list",
  payerNotNamed: "Choose a company this piece names, or another party",
  form: "Choose cash, shares or options",
  amount: "Enter an amount such as 7500 or 7,500.50",
  amountRange: "The amount must be more than 0 and at most 1,000,000,000",
  currency: "Choose a currency from the list",
  units: "Enter a whole number such as 250000",
  unitsRange: "The number must be more than 0 and at most 1,000,000,000,000",
  date: "Enter a valid date",
  dateRange: "Choose a date from 2000 to today",
} as const;
