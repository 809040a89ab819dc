/**
 * `/sitemap.xml` (PRODUCT.md "Discovery"): the fixed pages, every published item's page and every company
 * page with coverage, each with its last change. Which types have pages, and where, comes from the content
 * registry.
 */
import { CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

import { listCompanyPagesForSitemap } from "./company-pages.server";
import { getEnv } from "./env.server";
import { listPublishedForFeeds } from "./feed.server";

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
export const SITEMAP_CACHE_CONTROL = "public, max-age=0, s-maxage=3600, stale-while-revalidate=600";

/** PRODUCT.md "Public pages": the pages that are not about one item (search is `noindex`, so not here). */
const FIXED_PATHS = ["/", "/about", "/programme", "/clients", "/contact"];

/** A sitemap holds at most 50,000 URLs (sitemaps.org); more would need a sitemap index. */
const MAX_URLS = 50_000;

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

function urlEntry(loc: string, lastmod: Date | undefined) {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
}

/** PRODUCT.md "Company pages": the companies list. */
const COMPANIES_PATH = "/companies";

/**
 * sitemap.xml: the fixed pages, the list pages, the companies list, every published item with a page of its
 * own, then the companies with coverage.
 */
export async function buildSitemap(): Promise<string> {
  const origin = getEnv().PUBLIC_URL;
  const listed = CONTENT_TYPE_LIST.map((info) => info.listPath);
  const withPages = CONTENT_TYPE_LIST.filter((info) => info.hasOwnPage).map((info) => info.key);
  const items = await listPublishedForFeeds(MAX_URLS - FIXED_PATHS.length - listed.length - 1, withPages);
  const companies = await listCompanyPagesForSitemap(MAX_URLS - FIXED_PATHS.length - listed.length - 1 - items.length);

  // An item's page changes when the item does, and when it is published.
  const lastmod = (item: (typeof items)[number]) => new Date(Math.max(item.updatedAt.getTime(), item.publishedAt.getTime()));
  // A list page changes with its newest item.
  const newest = new Map<ContentType, Date>();
  for (const item of items) {
    const current = newest.get(item.contentType);
    if (!current || lastmod(item) > current) newest.set(item.contentType, lastmod(item));
  }
  // The companies list changes with its most recently changed company page.
  const companiesChanged = companies.reduce<Date | undefined>(
    (latest, page) => (!latest || page.lastmod > latest ? page.lastmod : latest),
    undefined,
  );
  const urls = [
    ...FIXED_PATHS.map((path) => urlEntry(origin + path, undefined)),
    ...CONTENT_TYPE_LIST.map((info) => urlEntry(origin + info.listPath, newest.get(info.key))),
    urlEntry(origin + COMPANIES_PATH, companiesChanged),
    ...items.map((item) => urlEntry(origin + publicUrlFor(item.contentType, item.id), lastmod(item))),
    ...companies.map((page) => urlEntry(origin + page.path, page.lastmod)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
