/**
 * The admin editor's values shared by every content type when the form is empty: a draft without tags or
 * companies, not featured, not a paid promotion.
 */
export const EMPTY_SHARED_VALUES = {
  title: "",
  description: "",
  content: "",
  status: "draft",
  tags: [],
  featured: false,
  companyIds: [],
  paidPromotion: false,
  disclosureSponsor: "",
  disclosurePurpose: "",
  disclosureCompensation: "",
};

/** What the editor's schema gives for an item that names no company and is not a paid promotion. */
export const UNPAID_WITHOUT_COMPANIES = {
  companyIds: [],
  paidPromotion: false,
  disclosureSponsor: null,
  disclosurePurpose: null,
  disclosureCompensation: null,
};
