/**
 * RSS 2.0 feeds (PRODUCT.md "Discovery"): `/rss.xml` (every type), `/videos/rss.xml` and `/blog/rss.xml`,
 * written by the `feed` package, links absolute on PUBLIC_URL. A company's feed is in
 * company-feed.server.ts and written here too; the podcast feed is in podcast-feed.server.ts; it and the sitemap (sitemap.server.ts) answer through this module's xmlResponse.
 */
import { sql } from "drizzle-orm";
import { Feed, type FeedOptions } from "feed";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { COMPANY_LIST_PATH, disclosureText, tickerLabel, type Disclosure } from "~/lib/disclosure";
import { formatDate } from "~/lib/format";
import { pageUrl } from "~/server/http/page-url.server";

import { companiesOfItems, itemKey, type ItemCompanyRow } from "../content/item-companies.server";
import { itemDisclosure, payersOf, PROMOTION_COLUMNS_SQL, type PromotionColumns } from "../content/item-promotion.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { getEnv } from "../env.server";
import { htmlToPlainText } from "../html-text.server";
import { NEWEST_PUBLISHED_SQL } from "../list-order.server";
import { logError } from "../log.server";
import { correctionsOf, type Correction } from "../revisions/corrections.server";

/** PRODUCT.md "Limits": every feed lists the 50 newest items. */
export const FEED_ITEM_LIMIT = 50;

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";
/** CDNs keep a feed for five minutes and may serve it stale for ten more while refetching. */
export const FEED_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";

export interface FeedItem {
  id: string;
  title: string;
  description: string | null;
  contentType: ContentType;
  publishedAt: Date;
  updatedAt: Date;
  /** PRODUCT.md "Paid promotion": set for a paid item. */
  disclosure: Disclosure | null;
  /** PRODUCT.md "Revisions": its corrections, oldest first. */
  corrections: Correction[];
}

/**
 * Newest published items of the given types (all five by default), for the feeds; with `companyId`, only
 * those that name the company (PRODUCT.md "Discovery": a company's feed).
 */
export async function listPublishedForFeeds(
  limit: number,
  types: readonly ContentType[] = CONTENT_TYPES,
  companyId?: string,
): Promise<FeedItem[]> {
  const tables = CONTENT_TYPE_LIST.filter((info) => types.includes(info.key));
  if (tables.length === 0) return [];
  const naming = (key: ContentType) =>
    companyId === undefined
      ? sql``
      : sql` and id in (select content_id from content_companies where content_type = ${key} and company_id = ${companyId})`;
  const db = await getDb();
  const result = await db.execute<
    {
      id: string;
      title: string;
      description: string | null;
      content_type: ContentType;
      published_at: string | Date;
      updated_at: string | Date;
    } & PromotionColumns
  >(sql`
    select * from (${sql.join(
      // Table names come from the registry, never from input.
      tables.map(
        ({ key, tableName }) => sql`select id, title, description, ${key}::text as content_type, published_at, updated_at,
          ${PROMOTION_COLUMNS_SQL}
          from ${sql.identifier(tableName)} where ${PUBLIC_NOW_SQL}${naming(key)}`,
      ),
      sql` union all `,
    )}) items
    order by ${NEWEST_PUBLISHED_SQL}
    limit ${limit}`);
  const [payers, corrections] = await Promise.all([
    payersOf(result.rows),
    correctionsOf(result.rows.map((row) => ({ type: row.content_type, id: row.id }))),
  ]);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    contentType: row.content_type,
    publishedAt: new Date(row.published_at),
    updatedAt: new Date(row.updated_at),
    disclosure: itemDisclosure(row.content_type, row, payers),
    corrections: corrections.get(`${row.content_type}:${row.id}`) ?? [],
  }));
}

/** Characters XML 1.0 cannot hold in any form (most control characters, lone surrogates). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Values for the `feed` package's XML writer (xml-js), so each comes out as exactly the text given and the
 * document stays well-formed. The writer turns `&amp;` in element text back into `&` before escaping,
 * closes and reopens CDATA only at the first `]]>`, and escapes nothing but `"` in attribute values.
 */
export const xmlSafe = {
  /** Element text (`_text`, and the feed options written as text: title, description). */
  text: (value: string) => value.replace(NOT_XML, "").replaceAll("&amp;", "&amp;amp;"),
  /** Item titles and descriptions, which the package writes as CDATA: every `]]>` after the first split here. */
  cdata: (value: string) => {
    const text = value.replace(NOT_XML, "");
    const first = text.indexOf("]]>");
    return first < 0 ? text : text.slice(0, first + 3) + text.slice(first + 3).replaceAll("]]>", "]]]]><![CDATA[>");
  },
  /** Attribute values of extensions (`_attributes`). */
  attribute: (value: string) => value.replace(NOT_XML, "").replaceAll("&", "&amp;").replaceAll("<", "&lt;"),
};

/** A feed with the options every feed shares; `path` is the feed's own address (`atom:link rel="self"`). */
export function newFeed(
  options: { path: string; link: string; title: string; description: string; updated?: Date } & Partial<FeedOptions>,
) {
  const origin = getEnv().PUBLIC_URL;
  const { path, link, title, description, ...rest } = options;
  return new Feed({
    link: `${origin}${link}`,
    title: xmlSafe.text(title),
    description: xmlSafe.text(description),
    language: "en",
    copyright: "© 2025 MarketWire",
    feedLinks: { rss: `${origin}${path}` },
    ...rest,
  });
}

/** The three feeds of articles and videos: which types each lists, where it lives and what it is called. */
const FEEDS = {
  all: {
    types: CONTENT_TYPES,
    path: "/rss.xml",
    link: "/",
    title: "MarketWire",
    description: "Market insights connecting investors with listed companies: interviews, podcasts, articles and special features.",
  },
  video: {
    types: ["video"],
    path: "/videos/rss.xml",
    link: CONTENT_REGISTRY.video.listPath,
    title: "MarketWire Videos",
    description: "The latest MarketWire videos: market briefings, earnings wraps and company presentations.",
  },
  blog: {
    types: ["blog"],
    path: "/blog/rss.xml",
    link: CONTENT_REGISTRY.blog.listPath,
    title: "MarketWire Blog",
    description: "The latest MarketWire articles on listed companies, sectors and markets.",
  },
} satisfies Record<string, { types: readonly ContentType[]; path: string; link: string; title: string; description: string }>;

export type FeedName = keyof typeof FEEDS;

/**
 * PRODUCT.md "Paid promotion": a paid item's entry opens with its disclosure, before anything about the item;
 * PRODUCT.md "Revisions": then its corrections, each with its date, then its usual text.
 */
export function withDisclosure(disclosure: Disclosure | null, text: string, corrections: readonly Correction[] = []): string {
  return [
    disclosure ? disclosureText(disclosure) : "",
    ...corrections.map((correction) => `Correction, ${formatDate(correction.at, "long")}: ${correction.note}`),
    text,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * PRODUCT.md "Discovery": a company an item names, as a feed category: 'Ironbark Gold (ASX:IBG)', in the
 * site's companies (`domain`, the taxonomy the name belongs to, as RSS 2.0 has it).
 */
export function companyCategory(company: Pick<ItemCompanyRow, "name" | "exchange" | "ticker">) {
  return {
    name: xmlSafe.text(`${company.name} (${tickerLabel(company)})`),
    domain: xmlSafe.attribute(`${getEnv().PUBLIC_URL}${COMPANY_LIST_PATH}`),
  };
}

/** RSS 2.0 of the 50 newest published items of a feed's types, newest first. */
export async function buildRssFeed(name: FeedName = "all"): Promise<string> {
  const { types, ...channel } = FEEDS[name];
  return writeRssFeed(channel, await listPublishedForFeeds(FEED_ITEM_LIMIT, types));
}

/** Where a feed lives and what it is called (`newFeed`'s options). */
export interface FeedChannel {
  path: string;
  link: string;
  title: string;
  description: string;
}

/** RSS 2.0 of `items` in the order given: every feed of articles and videos is written here. */
export async function writeRssFeed(channel: FeedChannel, items: readonly FeedItem[]): Promise<string> {
  const origin = getEnv().PUBLIC_URL;
  const companies = await companiesOfItems(items);
  const feed = newFeed({ ...channel, updated: items[0]?.publishedAt });
  for (const item of items) {
    const link = `${origin}${publicUrlFor(item.contentType, item.id)}`;
    feed.addItem({
      title: xmlSafe.cdata(item.title),
      id: link,
      link,
      // PRODUCT.md "Text from HTML": feeds carry the description as plain text, after a paid item's disclosure.
      description: xmlSafe.cdata(withDisclosure(item.disclosure, htmlToPlainText(item.description), item.corrections)),
      date: item.publishedAt,
      category: [
        { name: xmlSafe.text(CONTENT_REGISTRY[item.contentType].label) },
        ...(companies.get(itemKey(item.contentType, item.id)) ?? []).map(companyCategory),
      ],
    });
  }
  return feed.rss2();
}

/**
 * A feed or sitemap answer: the document with its type and caching, a short 404 when `build` finds no such
 * document, or, when the database cannot be read, a short 503; neither is cached (PRODUCT.md "Lists": an
 * error must not be kept as the document).
 */
export async function xmlResponse(
  request: Request,
  build: () => Promise<string | null>,
  headers: { contentType: string; cacheControl: string } = { contentType: RSS_CONTENT_TYPE, cacheControl: FEED_CACHE_CONTROL },
): Promise<Response> {
  try {
    const body = await build();
    if (body === null)
      return new Response("Not found.\n", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    return new Response(body, { headers: { "Content-Type": headers.contentType, "Cache-Control": headers.cacheControl } });
  } catch (error) {
    logError(`Failed to build ${pageUrl(request).pathname}`, error);
    return new Response("Temporarily unavailable. Please try again later.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
}
