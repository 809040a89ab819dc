import { describe, expect, it } from "vitest";

import { itemDisclosure, withoutPromotionColumns } from "./item-promotion.server";

describe('itemDisclosure (PRODUCT.md "Paid promotion")', () => {
  const paid = { paidPromotion: true, disclosureSponsor: " Acme Ltd ", disclosurePurpose: "Launch", disclosureCompensation: "A$1" };

  it.each([
    ["a paid item with its three fields, trimmed", paid, { sponsor: "Acme Ltd", purpose: "Launch", compensation: "A$1" }],
    ["an unpaid item", { ...paid, paidPromotion: false }, null],
    ["a paid item without a purpose", { ...paid, disclosurePurpose: null }, null],
    ["a paid item with a blank compensation", { ...paid, disclosureCompensation: " \n " }, null],
  ])("%s", (_case, row, expected) => {
    expect(itemDisclosure(row)).toEqual(expected);
  });
});

describe("withoutPromotionColumns", () => {
  it("keeps every other column", () => {
    expect(
      withoutPromotionColumns({
        id: "x",
        paidPromotion: true,
        disclosureSponsor: "A",
        disclosurePurpose: "B",
        disclosureCompensation: "C",
      }),
    ).toEqual({ id: "x" });
  });
});
