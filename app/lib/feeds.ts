import { companyPath } from "./disclosure";

/** The site's RSS feeds (PRODUCT.md "Discovery"): pages link theirs in `<head>`, the footer links them all. */
export const FEEDS = {
  all: { path: "/rss.xml", label: "All content" },
  videos: { path: "/videos/rss.xml", label: "Videos" },
  blog: { path: "/blog/rss.xml", label: "Articles" },
  podcasts: { path: "/podcasts/rss.xml", label: "Podcasts" },
} as const;

export type FeedKey = keyof typeof FEEDS;

/** PRODUCT.md "Discovery": a company's own feed, linked from its page and the page's `<head>`. */
export function companyFeedPath(slug: string): string {
  return `${companyPath(slug)}/rss.xml`;
}

/** The podcast feed's square cover (`itunes:image`, 1400–3000 px), unless PODCAST_IMAGE_URL names another. */
export const PODCAST_COVER_PATH = "/og/podcast-cover.jpg";
