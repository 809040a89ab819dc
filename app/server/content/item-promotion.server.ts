/**
 * What an item's page, feed entries and JSON-LD say about a paid promotion (PRODUCT.md "Paid promotion"):
 * the disclosure of a paid item, kept apart from its stored columns.
 */
import type { Disclosure } from "~/lib/disclosure";

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
