import { sql } from "drizzle-orm";
import { Feed } from "feed";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";

import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { htmlToPlainText } from "./html-text.server";
import { NEWEST_PUBLISHED_SQL } from "./list-order.server";

export interface FeedItem {
  id: string;
  title: string;
  description: string | null;
  contentType: ContentType;
  publishedAt: Date;
  updatedAt: Date;
}

/** Newest published items of every type, for the RSS feed and the sitemap. */
export async function listPublishedForFeeds(limit: number): Promise<FeedItem[]> {
  const db = await getDb();
  const result = await db.execute<{
    id: string;
    title: string;
    description: string | null;
    content_type: ContentType;
    published_at: string | Date;
    updated_at: string | Date;
  }>(sql`
    select id, title, description, content_type, published_at, updated_at from (${sql.join(
      // Table names come from the registry, never from input.
      CONTENT_TYPE_LIST.map(
        ({ key, tableName }) => sql`select id, title, description, ${key}::text as content_type, published_at, updated_at
          from ${sql.identifier(tableName)} where status = 'published'`,
      ),
      sql` union all `,
    )}) items
    order by ${NEWEST_PUBLISHED_SQL}
    limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    contentType: row.content_type,
    publishedAt: new Date(row.published_at),
    updatedAt: new Date(row.updated_at),
  }));
}

/** RSS 2.0 of the 50 newest published items, absolute links on the public origin. */
export async function buildRssFeed(): Promise<string> {
  const origin = getEnv().BETTER_AUTH_URL;
  const items = await listPublishedForFeeds(50);
  const feed = new Feed({
    title: "MarketWire",
    description: "Market insights connecting investors with listed companies: interviews, podcasts, articles and special features.",
    id: `${origin}/`,
    link: `${origin}/`,
    language: "en",
    copyright: "© 2025 MarketWire",
    updated: items[0]?.publishedAt,
    feedLinks: { rss: `${origin}/rss.xml` },
  });
  for (const item of items) {
    const link = `${origin}${publicUrlFor(item.contentType, item.id)}`;
    feed.addItem({
      title: item.title,
      id: link,
      link,
      description: htmlToPlainText(item.description),
      date: item.publishedAt,
      category: [{ name: item.contentType }],
    });
  }
  return feed.rss2();
}

const STATIC_PATHS = ["/", "/about", "/programme", "/clients", "/contact", ...CONTENT_TYPE_LIST.map((info) => info.listPath)];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** sitemap.xml: the static pages and every published item with its own page (anchors are not URLs). */
export async function buildSitemap(): Promise<string> {
  const origin = getEnv().BETTER_AUTH_URL;
  const items = (await listPublishedForFeeds(45_000)).filter((item) => CONTENT_REGISTRY[item.contentType].hasOwnPage);
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...items.map(
      (item) =>
        `<url><loc>${escapeXml(origin + publicUrlFor(item.contentType, item.id))}</loc><lastmod>${item.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
