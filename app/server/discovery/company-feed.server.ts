/**
 * A company's feed, `/companies/{slug}/rss.xml` (PRODUCT.md "Discovery"): the 50 newest items of every type
 * that name the company and visitors can see, written by feed.server.ts like the site's feeds, and the
 * `<link rel="alternate">` its company page carries.
 */
import { eq } from "drizzle-orm";
import type { MetaDescriptor } from "react-router";

import { CONTENT_TYPES } from "~/lib/content-types";
import { companyPath, tickerLabel } from "~/lib/disclosure";
import { companyFeedPath } from "~/lib/feeds";

import { getDb, schema } from "../db/db.server";
import { absoluteUrl, SITE_NAME } from "../seo/site-url.server";
import { FEED_ITEM_LIMIT, listPublishedForFeeds, writeRssFeed } from "./feed.server";

/** A slug as companies have them (PRODUCT.md "Companies"); anything else names no company. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 100;

/** The feed's name, in its channel and the page's `<head>`: 'Ironbark Gold (ASX:IBG) on MarketWire'. */
function companyFeedTitle(company: { name: string; tickerLabel: string }): string {
  return `${company.name} (${company.tickerLabel}) on ${SITE_NAME}`;
}

/** RSS 2.0 of the company's 50 newest live items of all five types, newest first; null when no company has the slug. */
export async function buildCompanyFeed(slug: string | undefined): Promise<string | null> {
  if (!slug || slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return null;
  const db = await getDb();
  const { companies } = schema;
  const [company] = await db
    .select({ id: companies.id, name: companies.name, exchange: companies.exchange, ticker: companies.ticker })
    .from(companies)
    .where(eq(companies.slug, slug));
  if (!company) return null;
  const named = `${company.name} (${tickerLabel(company)})`;
  const items = await listPublishedForFeeds(FEED_ITEM_LIMIT, CONTENT_TYPES, company.id);
  return writeRssFeed(
    {
      path: companyFeedPath(slug),
      link: companyPath(slug),
      title: companyFeedTitle({ name: company.name, tickerLabel: tickerLabel(company) }),
      description: `The latest ${SITE_NAME} interviews, podcasts, articles, videos and special features about ${named}.`,
    },
    items,
  );
}

/** A company page's head tags with its feed linked after the site's feeds (PRODUCT.md "Discovery"). */
export function withCompanyFeed(meta: MetaDescriptor[], company: { name: string; slug: string; tickerLabel: string }): MetaDescriptor[] {
  const link: MetaDescriptor = {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: companyFeedTitle(company),
    href: absoluteUrl(companyFeedPath(company.slug)),
  };
  const after = meta.findLastIndex((tag) => "rel" in tag && tag.rel === "alternate");
  const at = after < 0 ? meta.length : after + 1;
  return [...meta.slice(0, at), link, ...meta.slice(at)];
}
