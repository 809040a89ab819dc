/**
 * The companies the site covers (PRODUCT.md "Companies"): the admin's texts, the sector and exchange
 * choices, and the one Zod schema of the company form, used by the browser for early messages and by the
 * server to parse FormData. Pure: no server imports.
 */
import type { CompanySector } from "~/lib/company-sectors";
import { LIMITS } from "~/lib/editor-fields";
import { isHttpUrl, isMediaUrl } from "~/lib/media-fields";
import { z } from "~/lib/zod";

/** PRODUCT.md "Companies": the sectors, by stored value, with the label the admin sees. */
export const SECTOR_LABELS = {
  mining: "Mining",
  energy: "Energy",
  technology: "Technology",
  healthcare: "Healthcare",
  financials: "Financials",
  consumer: "Consumer",
  industrials: "Industrials",
  real_estate: "Real Estate",
  utilities: "Utilities",
  materials: "Materials",
  communication: "Communication",
} as const satisfies Record<CompanySector, string>;

export function sectorLabel(value: string | null | undefined): string | null {
  return value ? ((SECTOR_LABELS as Record<string, string>)[value] ?? null) : null;
}

/**
 * PRODUCT.md "Companies": the exchanges a company can be listed on. A fixed list, so one exchange has one
 * spelling and 'ticker on this exchange' stays unique in fact, not only in letters.
 */
export const EXCHANGES = ["ASX", "NYSE", "NASDAQ", "LSE", "AIM", "TSX", "TSXV", "CSE", "NZX", "OTC"] as const;
export type Exchange = (typeof EXCHANGES)[number];

/** PRODUCT.md "Limits": the company form's field limits. */
export const COMPANY_LIMITS = { name: 200, slug: 100, ticker: 12, description: 500, url: LIMITS.url } as const;

/** PRODUCT.md "Companies": an item names at most this many companies. */
export const MAX_COMPANIES_PER_ITEM = LIMITS.companies;

/** PRODUCT.md "Companies": texts of the company admin, written out so a message seen on screen can be found with grep. */
export const COMPANY_TEXTS = {
  listHeading: "Companies",
  addButton: "Add Company",
  searchLabel: "Search companies",
  empty: "No companies found",
  createFirst: "Create your first company",
  fetchFailed: "Failed to fetch companies",
  createHeading: "Create New Company",
  editHeading: "Edit Company",
  backButton: "Back to Companies",
  createButton: "Create Company",
  updateButton: "Update Company",
  created: "Company created successfully",
  updated: "Company updated successfully",
  deleted: "Company deleted successfully",
  createFailed: "Failed to create company",
  updateFailed: "Failed to update company",
  deleteFailed: "Failed to delete company",
  notFound: "Company not found",
  loadFailed: "Failed to load company",
  slugTaken: "This slug is already used by another company",
  tickerTaken: "Another company already has this ticker on this exchange",
  /** PRODUCT.md "Review": the client flag decides which pieces need review, so only an admin changes it. */
  clientAdminOnly: "Only an admin can change whether a company is a client: it decides which pieces need compliance review",
  clientHelp: "Pieces naming a client need compliance approval. Only an admin can change this.",
  tooManyCompanies: `Choose at most ${MAX_COMPANIES_PER_ITEM} companies`,
  unknownCompanies: "A chosen company no longer exists; remove it and save again",
} as const;

export const COMPANIES_PATH = "/admin/companies";

/** What the form holds: every field as typed. */
export interface CompanyValues {
  name: string;
  slug: string;
  ticker: string;
  exchange: string;
  sector: string;
  website: string;
  logoUrl: string;
  description: string;
  isClient: boolean;
}

/** What the server saves: trimmed text or null, the ticker upper-cased, the slug always set. */
export interface CompanyInput {
  name: string;
  slug: string;
  ticker: string;
  exchange: Exchange;
  sector: CompanySector | null;
  website: string | null;
  logoUrl: string | null;
  description: string | null;
  isClient: boolean;
}

export function emptyCompanyValues(): CompanyValues {
  return { name: "", slug: "", ticker: "", exchange: "", sector: "", website: "", logoUrl: "", description: "", isClient: false };
}

/** A slug: lower-case letters and digits in groups joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a value from a URL can be a company's slug at all (before any lookup). */
export function isCompanySlug(value: string | null | undefined): value is string {
  return value != null && value.length <= COMPANY_LIMITS.slug && SLUG_PATTERN.test(value);
}
const TICKER_PATTERN = /^[A-Z0-9.-]+$/;

/**
 * PRODUCT.md "Companies": the slug made from a name: accents dropped, lower-case, every run of other
 * characters one hyphen, none at either end ('Rio Tinto Ltd.' → 'rio-tinto-ltd'). Empty when the name has
 * no letter or digit of a–z/0–9.
 */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, COMPANY_LIMITS.slug)
    .replace(/-+$/, "");
}

/** Tab, line feed and carriage return are ordinary in typed text; no other control character is (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/** A text field as the form sends it: a missing field, or a file where text belongs, counts as empty. */
const formText = (label: string) =>
  z
    .unknown()
    .prefault("")
    .transform((value) => (typeof value === "string" ? value : ""))
    .pipe(z.string().refine((v) => !CONTROL_CHARACTER.test(v), `${label} contains a control character; remove it`));

const optionalText = (label: string, max: number) =>
  formText(label).pipe(
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
      .transform((v) => v || null),
  );

const optionalUrl = (label: string, accepts: (value: string) => boolean) =>
  formText(label).pipe(
    z
      .string()
      .trim()
      .max(COMPANY_LIMITS.url, `${label} must be at most ${COMPANY_LIMITS.url.toLocaleString("en-US")} characters`)
      .refine((v) => v === "" || accepts(v), "Enter a valid URL starting with http:// or https://")
      .transform((v) => v || null),
  );

const companyShape = {
  name: formText("Name").pipe(
    z.string().trim().min(1, "Name is required").max(COMPANY_LIMITS.name, `Name must be at most ${COMPANY_LIMITS.name} characters`),
  ),
  // Checked only when given; an empty slug is made from the name below.
  slug: formText("Slug").pipe(
    z
      .string()
      .trim()
      .max(COMPANY_LIMITS.slug, `Slug must be at most ${COMPANY_LIMITS.slug} characters`)
      .refine((v) => v === "" || SLUG_PATTERN.test(v), "A slug is lower-case letters, digits and single hyphens"),
  ),
  ticker: formText("Ticker").pipe(
    z
      .string()
      .trim()
      .toUpperCase()
      .min(1, "Ticker is required")
      .max(COMPANY_LIMITS.ticker, `Ticker must be at most ${COMPANY_LIMITS.ticker} characters`)
      // One message at a time: the characters are checked once the length is right.
      .pipe(z.string().regex(TICKER_PATTERN, 'A ticker is letters, digits, "." and "-"')),
  ),
  exchange: formText("Exchange").pipe(
    z
      .string()
      .trim()
      .toUpperCase()
      .min(1, "Exchange is required")
      .pipe(z.enum(EXCHANGES, { error: "Choose an exchange from the list" })),
  ),
  sector: formText("Sector").pipe(
    z
      .string()
      .trim()
      .refine((v) => v === "" || v in SECTOR_LABELS, "Choose a sector from the list")
      .transform((v) => (v || null) as CompanySector | null),
  ),
  website: optionalUrl("Website", isHttpUrl),
  // PRODUCT.md "Media fields": a web address or a path to the site's own media (an upload).
  logoUrl: optionalUrl("Logo URL", isMediaUrl),
  description: optionalText("Description", COMPANY_LIMITS.description),
  // A checkbox sends 'on'; the hidden value some clients send is 'true'.
  isClient: z
    .unknown()
    .prefault("")
    .transform((v) => v === "on" || v === "true"),
};

/**
 * PRODUCT.md "Companies": the one schema of the company form, shared by the browser and the server. An
 * empty slug is made from the name; a name that gives none asks for one.
 */
export const companySchema: z.ZodType<CompanyInput, unknown> = z.object(companyShape).transform((value, ctx) => {
  const slug = value.slug || slugFromName(value.name);
  if (!slug) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: "Enter a slug: the name has no letters or digits to make one from" });
    return z.NEVER;
  }
  return { ...value, slug };
});

/** The options the server and the browser pass to Conform's parseWithZod (empty fields keep the rules above). */
export const COMPANY_PARSE_OPTIONS = { disableAutoCoercion: true } as const;
