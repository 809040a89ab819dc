/**
 * The paid-promotion disclosure as the editor asks for it (PRODUCT.md "Paid promotion"). Apart from
 * `disclosure.ts`, which public pages load, so the editor's labels and messages stay out of their chunks.
 */

/** PRODUCT.md "Paid promotion": the disclosure's three fields in the editor, with their labels and messages. */
export const DISCLOSURE_FIELDS = {
  disclosureSponsor: { label: "Paid for by", name: "Sponsor", required: "Enter who paid for this promotion" },
  disclosurePurpose: { label: "What the payment was for", name: "Purpose", required: "Enter what the payment was for" },
  disclosureCompensation: { label: "Compensation", name: "Compensation", required: "Enter the compensation" },
} as const;

export type DisclosureField = keyof typeof DISCLOSURE_FIELDS;
