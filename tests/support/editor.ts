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
  paidBy: "",
  disclosureSponsor: "",
  considerationForm: "",
  considerationAmount: "",
  considerationCurrency: "",
  considerationUnits: "",
  agreementDate: "",
  disclosureNote: "",
};

/** What the editor's schema gives for an item that names no company and is not a paid promotion. */
export const UNPAID_WITHOUT_COMPANIES = {
  companyIds: [],
  paidPromotion: false,
  sponsorCompanyId: null,
  disclosureSponsor: null,
  considerationForm: null,
  considerationAmount: null,
  considerationCurrency: null,
  considerationUnits: null,
  agreementDate: null,
  disclosureNote: null,
};
