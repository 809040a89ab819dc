/**
 * The sitemap (PRODUCT.md "Discovery"). `/sitemap.xml` is a sitemap index naming the sitemaps under
 * `/sitemaps/`: `pages-1.xml` (the fixed pages, the lists and the companies list), then for each section
 * (every content type with pages of its own, and the company pages) as many `{section}-{n}.xml` as its
 * URLs need, each within the sitemaps.org limits. A section is paged oldest first, so new content only
 * ever changes its last sitemap, and the index's lastmod tells crawlers which to fetch again.
 */
import { sql, type SQL } from "drizzle-orm";

import { CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import { COMPANY_LIST_PATH, companyPath } from "~/lib/disclosure";

import { companySitemapRowsSql } from "../companies/company-pages.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { getEnv } from "../env.server";

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
export const SITEMAP_CACHE_CONTROL = "public, max-age=0, s-maxage=3600, stale-while-revalidate=600";

/** sitemaps.org: a sitemap holds at most 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const MAX_SITEMAP_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 52_428_800;

/** PRODUCT.md "Public pages": the pages that are not about one item (search is `noindex`, so not here). */
const FIXED_PATHS = ["/", "/about", "/programme", "/clients", "/contact"];

/** The sitemap of the fixed pages and lists: always there, always one. */
const PAGES = "pages";

/** The longest path a sitemap names: a company's (slugs are at most 100 characters) or an item's (a uuid). */
const LONGEST_PATH = companyPath("x".repeat(100));

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = "</urlset>\n";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function urlEntry(loc: string, lastmod: Date | undefined) {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
}

/**
 * How many URLs one sitemap holds on this origin: 50,000, unless URLs this long would pass 50 MB (an
 * origin of kilobytes), then as many as fit.
 */
export function urlsPerSitemap(origin = getEnv().PUBLIC_URL): number {
  const entryBytes = Buffer.byteLength(urlEntry(origin + LONGEST_PATH, new Date(0))) + 1;
  const room = MAX_SITEMAP_BYTES - Buffer.byteLength(XML_DECLARATION + URLSET_OPEN + URLSET_CLOSE);
  return Math.max(1, Math.min(MAX_SITEMAP_URLS, Math.floor(room / entryBytes)));
}

/**
 * A section of the sitemap: its name in the sitemaps' paths, the path of each row's page, and its rows
 * (`ref`, `lastmod`, and the key it is paged by: `sort_at`, `sort_id`).
 */
interface Section {
  name: string;
  path: (ref: string) => string;
  rows: () => SQL;
}

/** Every item of the types with pages of their own, by type, then the companies with coverage. */
const SECTIONS: Section[] = [
  ...CONTENT_TYPE_LIST.filter((info) => info.hasOwnPage).map(({ key, listPath, tableName }): Section => ({
    name: listPath.slice(1),
    path: (id) => publicUrlFor(key, id),
    // An item's page changes when the item does, and when it is published. Table names come from the registry.
    rows: () => sql`select id::text as ref, greatest(updated_at, published_at) as lastmod, published_at as sort_at, id as sort_id
        from ${sql.identifier(tableName)} where ${PUBLIC_NOW_SQL}`,
  })),
  { name: "companies", path: companyPath, rows: companySitemapRowsSql },
];

const LIST_SECTIONS = new Map(CONTENT_TYPE_LIST.map((info) => [info.listPath, info.listPath.slice(1)]));

/** One sitemap of the index: its path and the newest change of the pages it names. */
export interface SitemapRef {
  path: string;
  lastmod: Date | undefined;
}

const sitemapPath = (section: string, page: number) => `/sitemaps/${section}-${page}.xml`;

/** The newest of some dates, or undefined when there are none. */
function newest(dates: (Date | undefined)[]): Date | undefined {
  return dates.reduce<Date | undefined>((latest, date) => (date && (!latest || date > latest) ? date : latest), undefined);
}

/** The rows of every section, with its name (`section`). */
const everySection = () =>
  sql.join(
    SECTIONS.map(
      ({ name, rows }) => sql`select ${name}::text as section, lastmod, sort_at, sort_id from (${rows()}) as ${sql.identifier(name)}`,
    ),
    sql` union all `,
  );

/**
 * Every section's sitemaps with their newest change, in one statement: rows numbered in their section's
 * order, `pageSize` to a sitemap.
 */
async function sectionPages(pageSize: number): Promise<Map<string, (Date | undefined)[]>> {
  const db = await getDb();
  const result = await db.execute<{ section: string; page: number; lastmod: string | Date | null }>(sql`
    select section, page, max(lastmod) as lastmod from (
      select section, lastmod, (row_number() over (partition by section order by sort_at, sort_id) - 1) / ${pageSize} + 1 as page
      from (${everySection()}) as everything
    ) as numbered
    group by section, page
    order by section, page`);
  const pages = new Map<string, (Date | undefined)[]>();
  for (const row of result.rows) {
    const list = pages.get(row.section) ?? [];
    list[Number(row.page) - 1] = row.lastmod === null ? undefined : new Date(row.lastmod);
    pages.set(row.section, list);
  }
  return pages;
}

/** The sitemaps of the index, `pages` first, then every section's in order. */
export async function listSitemaps(pageSize = urlsPerSitemap()): Promise<SitemapRef[]> {
  const pages = await sectionPages(pageSize);
  const sections = SECTIONS.flatMap(({ name }) =>
    (pages.get(name) ?? []).map((lastmod, i) => ({ path: sitemapPath(name, i + 1), lastmod })),
  );
  // The lists and the companies list change with their newest item or company.
  return [{ path: sitemapPath(PAGES, 1), lastmod: newest(sections.map((ref) => ref.lastmod)) }, ...sections];
}

/** `/sitemap.xml`: the sitemap index. */
export async function buildSitemapIndex(pageSize = urlsPerSitemap()): Promise<string> {
  const origin = getEnv().PUBLIC_URL;
  const entries = (await listSitemaps(pageSize)).map(
    ({ path, lastmod }) =>
      `<sitemap><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</sitemap>`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

const urlset = (entries: string[]) => `${XML_DECLARATION}${URLSET_OPEN}${entries.join("\n")}\n${URLSET_CLOSE}`;

/** `pages-1.xml`: the fixed pages, each type's list (changed with its newest item) and the companies list. */
async function buildPagesSitemap(): Promise<string> {
  const origin = getEnv().PUBLIC_URL;
  const db = await getDb();
  const result = await db.execute<{ section: string; lastmod: string | Date }>(
    sql`select section, max(lastmod) as lastmod from (${everySection()}) as everything group by section`,
  );
  const newestBySection = new Map(result.rows.map((row) => [row.section, new Date(row.lastmod)]));
  const changed = (section: string) => newestBySection.get(section);
  return urlset([
    ...FIXED_PATHS.map((path) => urlEntry(origin + path, undefined)),
    ...[...LIST_SECTIONS].map(([path, section]) => urlEntry(origin + path, changed(section))),
    urlEntry(origin + COMPANY_LIST_PATH, changed("companies")),
  ]);
}

/** A section's sitemap `page` (from 1), or null past its last. */
async function buildSectionSitemap(section: Section, page: number, pageSize: number): Promise<string | null> {
  const db = await getDb();
  const result = await db.execute<{ ref: string; lastmod: string | Date }>(sql`
    select ref, lastmod from (${section.rows()}) as rows
    order by sort_at, sort_id
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  if (result.rows.length === 0) return null;
  const origin = getEnv().PUBLIC_URL;
  return urlset(result.rows.map((row) => urlEntry(origin + section.path(row.ref), new Date(row.lastmod))));
}

/** A sitemap's file name: `{section}-{n}.xml`, n from 1 without leading zeros. */
const SITEMAP_FILE = /^([a-z]+(?:-[a-z]+)*)-([1-9]\d{0,8})\.xml$/;

/** The sitemap `/sitemaps/{file}`, or null when there is none of that name (404). */
export async function buildSitemap(file: string | undefined, pageSize = urlsPerSitemap()): Promise<string | null> {
  const match = SITEMAP_FILE.exec(file ?? "");
  if (!match) return null;
  const [, name, number] = match;
  const page = Number(number);
  if (name === PAGES) return page === 1 ? buildPagesSitemap() : null;
  const section = SECTIONS.find((candidate) => candidate.name === name);
  return section ? buildSectionSitemap(section, page, pageSize) : null;
}
