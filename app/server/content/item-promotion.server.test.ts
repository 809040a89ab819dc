import { describe, expect, it } from "vitest";

import { UNPAID_WITHOUT_COMPANIES } from "../../../tests/support/editor";
import { itemDisclosure, withoutPromotionColumns, type PromotionColumns } from "./item-promotion.server";

const { companyIds: _companies, ...NONE }: { companyIds: unknown } & PromotionColumns = UNPAID_WITHOUT_COMPANIES;

describe('itemDisclosure (PRODUCT.md "Paid promotion")', () => {
  const companyId = "5d0c8a57-2a4e-4bb5-9f3a-0c3c1d5d7e11";
  const payers = new Map([[companyId, { name: "Acme Ltd", exchange: "ASX", ticker: "ACM" }]]);
  const paid: PromotionColumns = {
    ...NONE,
    paidPromotion: true,
    sponsorCompanyId: companyId,
    considerationForm: "cash",
    considerationAmount: "7500.00",
    considerationCurrency: "AUD",
    agreementDate: "2026-11-03",
    disclosureNote: " Covers the site visit. ",
  };

  it("writes the statement from the fields, naming the paying company with its ticker", () => {
    expect(itemDisclosure("interview", paid, payers)).toEqual({
      sponsor: "Acme Ltd (ASX:ACM)",
      statement: "MarketWire received A$7,500 in cash from Acme Ltd (ASX:ACM) for this interview.",
      note: "Covers the site visit.",
      agreed: "3 November 2026",
    });
  });

  it("names another party by its name, and a piece whose consideration was kept as text only by who paid", () => {
    const other = { ...paid, sponsorCompanyId: null, disclosureSponsor: " Halcyon IR ", considerationForm: null };
    expect(itemDisclosure("special_feature", other, payers)?.statement).toBe("MarketWire was paid by Halcyon IR for this special feature.");
  });

  it("says a paid item is paid even when nobody is named, and nothing for an item that is not paid", () => {
    expect(itemDisclosure("video", { ...NONE, paidPromotion: true }, payers)?.statement).toBe("This video is a paid promotion.");
    expect(itemDisclosure("video", { ...paid, paidPromotion: false }, payers)).toBeNull();
  });

  it("a currency or form that is not one of ours is not written", () => {
    expect(itemDisclosure("blog", { ...paid, considerationCurrency: "XAU" }, payers)?.statement).toBe(
      "MarketWire was paid by Acme Ltd (ASX:ACM) for this blog post.",
    );
  });
});

describe("withoutPromotionColumns", () => {
  it("keeps every other column", () => {
    expect(withoutPromotionColumns({ id: "x", ...NONE, paidPromotion: true, disclosureSponsor: "A" })).toEqual({ id: "x" });
  });
});
