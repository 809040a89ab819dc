/**
 * The public company pages (PRODUCT.md "Company pages"): `/companies` (the companies with coverage visitors
 * can see, A–Z, by sector), `/companies/{slug}` (one company and its coverage) and `/clients` (the client
 * companies). Loaders get plain strings (labels, ticker label) so the routes never load `~/lib/companies`
 * and its Zod schema. A company's coverage is counted with the visibility rule of every public page
 * (PRODUCT.md "Scheduled publishing").
 */
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { MetaDescriptor } from "react-router";

import { isCompanySlug, sectorLabel } from "~/lib/companies";
import { COMPANY_SECTORS, type CompanySector } from "~/lib/company-sectors";
import { CONTENT_REGISTRY, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { companyPath, tickerLabel } from "~/lib/disclosure";
import { CHART_RANGES } from "~/lib/markets";
import { isHttpUrl, isMediaUrl } from "~/lib/media-fields";
import { totalPages as countPages } from "~/lib/pagination";

import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb, schema } from "../db/db.server";
import { getEnv } from "../env.server";
import { marketBlockHtml } from "../markets/market-block.server";
import { storedMarket } from "../markets/market-data.server";
import { showsMarkets } from "../markets/providers.server";
import { companyPreviewPath } from "../seo/preview-images.server";
import { pagedPath, pageMeta } from "../seo/seo.server";
import { absoluteUrl, SITE_NAME } from "../seo/site-url.server";
import { breadcrumbs, tickerSymbol, type LdJson } from "../seo/structured-data.server";
import { companyCoverage } from "./company-coverage.server";
import { disclosureRegister, type RegisterEntry } from "./disclosure-register.server";

const { companies } = schema;

/** PRODUCT.md "Company pages": a company page lists its coverage 12 at a time (a full grid of 2 or 3 columns). */
export const COVERAGE_PAGE_SIZE = 12;
/** PRODUCT.md "Company pages": `/companies` shows 25 companies a page, like the admin lists. */
export const COMPANIES_PAGE_SIZE = 25;

/** A company as the public lists show it: the labels already made. */
export interface CompanySummary {
  name: string;
  slug: string;
  /** 'ASX:IBG'. */
  tickerLabel: string;
  /** 'Mining', or null without a sector. */
  sectorLabel: string | null;
  logoUrl: string | null;
}

const SUMMARY_FIELDS = {
  name: companies.name,
  slug: companies.slug,
  ticker: companies.ticker,
  exchange: companies.exchange,
  sector: companies.sector,
  logoUrl: companies.logoUrl,
};

interface SummaryRow {
  name: string;
  slug: string;
  ticker: string;
  exchange: string;
  sector: string | null;
  logoUrl: string | null;
}

function summary(row: SummaryRow): CompanySummary {
  return {
    name: row.name,
    slug: row.slug,
    tickerLabel: tickerLabel(row),
    sectorLabel: sectorLabel(row.sector),
    logoUrl: safePicture(row.logoUrl),
  };
}

/** A logo is shown only from an address the media fields accept (PRODUCT.md "Media fields"). */
function safePicture(url: string | null): string | null {
  return url && isMediaUrl(url) ? url : null;
}

/**
 * Every company id named by an item visitors can see, once per item, with the item's last change:
 * the published and live rows of all five types (PRODUCT.md "Companies").
 */
function visibleTagsSql(): SQL {
  return sql.join(
    // Table names come from the registry, never from input.
    CONTENT_TYPE_LIST.map(
      ({ key, tableName }) => sql`select company_id, greatest(updated_at, published_at) as changed
        from ${sql.identifier(tableName)} join content_companies on content_type = ${key} and content_id = id
        where ${PUBLIC_NOW_SQL}`,
    ),
    sql` union all `,
  );
}

/* ---------------------------------------------------------------------------------------------------- */
/* /companies/{slug}                                                                                      */

export interface CoverageCard {
  key: string;
  /** 'Interview'. */
  typeLabel: string;
  /** The placeholder icon when the item has no picture. */
  icon: (typeof CONTENT_REGISTRY)[keyof typeof CONTENT_REGISTRY]["icon"];
  title: string;
  url: string;
  image: string | null;
  publishedAt: string;
  /** PRODUCT.md "Paid promotion": the entry carries the label. */
  paid: boolean;
}

export interface CompanyProfile extends CompanySummary {
  /** For the Follow button (PRODUCT.md "Following and alerts"). */
  id: string;
  description: string | null;
  /** The company's own site (an http or https address) and its host to show, or null. */
  website: { url: string; host: string } | null;
}

export interface CompanyPage {
  company: CompanyProfile;
  coverage: { items: CoverageCard[]; total: number; page: number; totalPages: number };
  /** PRODUCT.md "Company pages": every paid piece about the company, who paid, what and when. */
  register: RegisterEntry[];
  /** PRODUCT.md "Markets": the market block's HTML (rendered on the server), or null without market data. */
  marketHtml: string | null;
  meta: MetaDescriptor[];
}

/** PRODUCT.md "Markets": the stored market data of a company, as its page's block; null when markets are off. */
async function marketBlock(row: { id: string; name: string; ticker: string; exchange: string }): Promise<string | null> {
  if (!showsMarkets(getEnv().MARKETS_PROVIDER)) return null;
  const today = new Date();
  const since = new Date(today.getTime() - (CHART_RANGES["1y"].days + 7) * 86_400_000).toISOString().slice(0, 10);
  return marketBlockHtml(row, await storedMarket(row.id, { since }), today);
}

function website(url: string | null): CompanyProfile["website"] {
  if (!url || !isHttpUrl(url)) return null;
  return { url, host: new URL(url).host.replace(/^www\./, "") };
}

/**
 * PRODUCT.md "Company pages": the company with this slug and one page (from 1) of its coverage, newest
 * first, with the head tags; null when no company has the slug. A page past the end has no items.
 */
export async function getCompanyPage(slug: string | undefined, page: number): Promise<CompanyPage | null> {
  if (!isCompanySlug(slug)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ...SUMMARY_FIELDS, id: companies.id, website: companies.website, description: companies.description })
    .from(companies)
    .where(eq(companies.slug, slug));
  if (!row) return null;
  const [{ items, total }, register, marketHtml] = await Promise.all([
    companyCoverage(row.id, page, COVERAGE_PAGE_SIZE),
    disclosureRegister(row.id),
    marketBlock(row),
  ]);
  const company: CompanyProfile = { ...summary(row), id: row.id, description: row.description, website: website(row.website) };
  return {
    company,
    coverage: {
      items: items.map((item) => ({
        key: `${item.type}:${item.id}`,
        typeLabel: CONTENT_REGISTRY[item.type].label,
        icon: CONTENT_REGISTRY[item.type].icon,
        title: item.title,
        url: item.url,
        image: safePicture(item.image),
        publishedAt: item.publishedAt.toISOString(),
        paid: item.paidPromotion,
      })),
      total,
      page,
      totalPages: countPages(total, COVERAGE_PAGE_SIZE),
    },
    register,
    marketHtml,
    meta: companyPageMeta(company, page),
  };
}

/** schema.org's Corporation for a company page (PRODUCT.md "Discovery"). */
export function corporation(company: CompanyProfile): LdJson {
  const [exchange = "", ticker = ""] = company.tickerLabel.split(":");
  const facts: LdJson = {
    "@context": "https://schema.org",
    "@type": "Corporation",
    name: company.name,
    tickerSymbol: tickerSymbol({ exchange, ticker }),
    url: absoluteUrl(companyPath(company.slug)),
  };
  if (company.description) facts.description = company.description;
  if (company.logoUrl) facts.logo = absoluteUrl(company.logoUrl);
  if (company.website) facts.sameAs = [company.website.url];
  return facts;
}

/** The head of a company page: its own title and address per page, the site's preview image, Corporation and breadcrumbs. */
function companyPageMeta(company: CompanyProfile, page: number): MetaDescriptor[] {
  const path = companyPath(company.slug);
  const named = `${company.name} (${company.tickerLabel})`;
  return pageMeta({
    title: page > 1 ? `${named}, page ${page} | ${SITE_NAME}` : `${named} | ${SITE_NAME}`,
    description: company.description || `Interviews, articles and videos about ${named} on ${SITE_NAME}.`,
    path: pagedPath(path, page),
    ogType: "website",
    oembed: page === 1,
    headline: named,
    image: { path: companyPreviewPath(company.slug, company.logoUrl), alt: company.logoUrl ? `${company.name} logo` : SITE_NAME },
    feeds: ["all"],
    structuredData: [
      corporation(company),
      breadcrumbs([
        { name: "Companies", path: "/companies" },
        { name: company.name, path },
      ]),
    ],
  });
}

/** The company with this slug as the lists show it, with its id (PRODUCT.md "Embeds"), or null. */
export async function companyBySlug(slug: string): Promise<(CompanySummary & { id: string }) | null> {
  if (!isCompanySlug(slug)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ...SUMMARY_FIELDS, id: companies.id })
    .from(companies)
    .where(eq(companies.slug, slug));
  return row ? { ...summary(row), id: row.id } : null;
}

/** The company with this slug, for its preview image (`/og/companies/{slug}.jpg`), or null. */
export async function companyLogoBySlug(slug: string): Promise<{ logoUrl: string | null } | null> {
  if (!isCompanySlug(slug)) return null;
  const db = await getDb();
  const [row] = await db.select({ logoUrl: companies.logoUrl }).from(companies).where(eq(companies.slug, slug));
  return row ? { logoUrl: safePicture(row.logoUrl) } : null;
}

/* ---------------------------------------------------------------------------------------------------- */
/* /companies                                                                                             */

export interface CoveredCompany extends CompanySummary {
  /** How many items visitors can see name it. */
  items: number;
}

export interface CoveredCompaniesPage {
  companies: CoveredCompany[];
  total: number;
  page: number;
  totalPages: number;
  /** The sector shown, or null for all. */
  sector: { value: CompanySector; label: string } | null;
  /** The sectors that have companies with coverage, A–Z by label, for the filter. */
  sectors: { value: CompanySector; label: string }[];
}

/** A `sector` parameter: a known sector, else null (all sectors; PRODUCT.md "Company pages"). */
export function parseSector(value: string | null | undefined): CompanySector | null {
  return COMPANY_SECTORS.find((sector) => sector === value) ?? null;
}

/** The list's own address and title: the sector and page it shows (PRODUCT.md "Discovery"). */
export function companiesPageMeta(sector: CompanySector | null, page: number): MetaDescriptor[] {
  const query = new URLSearchParams();
  if (sector) query.set("sector", sector);
  if (page > 1) query.set("page", String(page));
  const heading = sector ? `${sectorLabel(sector)} Companies` : "Companies";
  return pageMeta({
    title: `${heading}${page > 1 ? ` (page ${page})` : ""} | ${SITE_NAME}`,
    description: "The listed companies MarketWire covers, A–Z, with their interviews, articles and videos.",
    path: query.size > 0 ? `/companies?${query}` : "/companies",
    ogType: "website",
    feeds: ["all"],
  });
}

/**
 * PRODUCT.md "Company pages": one page (from 1) of the companies that items visitors can see name, A–Z by
 * name, each with how many such items, in `sector` when given; and which sectors have any. One statement,
 * so the page, the total and the sectors agree.
 */
export async function listCoveredCompanies({
  sector,
  page,
}: {
  sector: CompanySector | null;
  page: number;
}): Promise<CoveredCompaniesPage> {
  const offset = Math.min((page - 1) * COMPANIES_PAGE_SIZE, Number.MAX_SAFE_INTEGER);
  const db = await getDb();
  const result = await db.execute<{
    total: number;
    sectors: CompanySector[] | null;
    name: string | null;
    slug: string;
    ticker: string;
    exchange: string;
    sector: string | null;
    logo_url: string | null;
    items: number;
  }>(sql`
    with visible as (${visibleTagsSql()}),
    covered as (
      select c.name, c.slug, c.ticker, c.exchange, c.sector, c.logo_url, c.id, count(*)::int as items
      from companies c join visible on visible.company_id = c.id
      group by c.id
    ),
    listed as (select * from covered ${sector ? sql`where sector = ${sector}` : sql``}),
    page as (select * from listed order by name, id limit ${COMPANIES_PAGE_SIZE} offset ${offset})
    select (select count(*) from listed)::int as total,
      (select array_agg(distinct sector) from covered where sector is not null) as sectors,
      page.*
    from (select 1) as one left join page on true
    order by page.name, page.id`);
  const [first] = result.rows;
  const total = Number(first?.total ?? 0);
  const label = (value: CompanySector) => ({ value, label: sectorLabel(value) ?? value });
  return {
    companies: result.rows
      .filter((row) => row.name !== null)
      .map((row) => ({ ...summary({ ...row, name: row.name!, logoUrl: row.logo_url }), items: Number(row.items) })),
    total,
    page,
    totalPages: countPages(total, COMPANIES_PAGE_SIZE),
    sector: sector ? label(sector) : null,
    sectors: (first?.sectors ?? [])
      .filter((value) => parseSector(value) !== null)
      .map(label)
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/* ---------------------------------------------------------------------------------------------------- */
/* /clients                                                                                               */

/** PRODUCT.md "Company pages": every client company, A–Z by name, whether or not it has coverage yet. */
export async function listClientCompanies(): Promise<CompanySummary[]> {
  const db = await getDb();
  const rows = await db
    .select(SUMMARY_FIELDS)
    .from(companies)
    .where(eq(companies.isClient, true))
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map(summary);
}

/* ---------------------------------------------------------------------------------------------------- */
/* /sitemap.xml                                                                                           */

/**
 * PRODUCT.md "Discovery": the companies with coverage visitors can see, as rows of the sitemap: `ref` the
 * slug, `lastmod` the page's last change (the company's own, or the newest change of an item naming it),
 * and the key the sitemap pages them by (`sort_at`, `sort_id`: the company's creation, so new companies
 * come last).
 */
export function companySitemapRowsSql(): SQL {
  return sql`select c.slug as ref, greatest(c.updated_at, max(visible.changed)) as lastmod, c.created_at as sort_at, c.id as sort_id
    from companies c join (${visibleTagsSql()}) as visible on visible.company_id = c.id
    group by c.id`;
}
