/**
 * The head tags of public pages (PRODUCT.md "Discovery"): title, description, canonical link, feed links,
 * OpenGraph and Twitter card tags with an absolute preview image, and JSON-LD. Loaders build them and
 * hand them to the route's `meta` through `metaFromLoader` (lib/seo.ts).
 */
import type { MetaDescriptor } from "react-router";

import { CONTENT_REGISTRY, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { FEEDS, type FeedKey } from "~/lib/feeds";
import { truncate } from "~/lib/format";
import { NOINDEX } from "~/lib/seo";

import { htmlToPlainText } from "../html-text.server";
import { DEFAULT_PREVIEW_PATH, PREVIEW_HEIGHT, PREVIEW_WIDTH, previewImagePath } from "./preview-images.server";
import { absoluteUrl, SITE_NAME } from "./site-url.server";
import { breadcrumbs, type ItemFacts, type LdJson } from "./structured-data.server";

/** The list page each detail page's breadcrumb passes through, named as the public pages name them. */
const LIST_NAMES: Record<ContentType, string> = {
  video: "Videos",
  podcast: "Podcasts",
  blog: "Blog",
  interview: "Interviews",
  special_feature: "Special Features",
};

const FEED_OF_TYPE: Partial<Record<ContentType, FeedKey>> = { video: "videos", blog: "blog", podcast: "podcasts" };

/** Search engines show about 160 characters of a description. */
const DESCRIPTION_MAX = 160;

export interface PageSeo {
  /** The whole `<title>`. */
  title: string;
  description: string;
  /** The canonical path; a page that says noindex has none. */
  path?: string;
  noindex?: boolean;
  /** With a type, the page gets OpenGraph and Twitter card tags. */
  ogType?: "website" | "article" | "video.other";
  /** The preview's headline; defaults to the title. */
  headline?: string;
  /** A site-relative preview image (1200×630); defaults to the site's image. */
  image?: { path: string; alt: string };
  feeds?: readonly FeedKey[];
  /** PRODUCT.md "Embeds": the page can be embedded, so its head names its oEmbed answer (discovery). */
  oembed?: boolean;
  extra?: MetaDescriptor[];
  structuredData?: LdJson[];
}

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const description = truncate(seo.description, DESCRIPTION_MAX - "...".length);
  const tags: MetaDescriptor[] = [{ title: seo.title }, { name: "description", content: description }];
  if (seo.noindex) tags.push(NOINDEX);
  const url = seo.path && !seo.noindex ? absoluteUrl(seo.path) : null;
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url });
  for (const key of seo.feeds ?? []) {
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${SITE_NAME}: ${FEEDS[key].label}`,
      href: absoluteUrl(FEEDS[key].path),
    });
  }
  if (url && seo.oembed) {
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/json+oembed",
      title: seo.title,
      href: absoluteUrl(`/oembed?${new URLSearchParams({ url, format: "json" })}`),
    });
  }
  if (url && seo.ogType) {
    const headline = seo.headline ?? seo.title;
    const image = absoluteUrl(seo.image?.path ?? DEFAULT_PREVIEW_PATH);
    const alt = seo.image?.alt ?? SITE_NAME;
    tags.push(
      { property: "og:site_name", content: SITE_NAME },
      { property: "og:type", content: seo.ogType },
      { property: "og:title", content: headline },
      { property: "og:description", content: description },
      { property: "og:url", content: url },
      { property: "og:locale", content: "en_US" },
      { property: "og:image", content: image },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: String(PREVIEW_WIDTH) },
      { property: "og:image:height", content: String(PREVIEW_HEIGHT) },
      { property: "og:image:alt", content: alt },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: headline },
      { name: "twitter:description", content: description },
      { name: "twitter:image", content: image },
      { name: "twitter:image:alt", content: alt },
      ...(seo.extra ?? []),
    );
  }
  for (const data of seo.structuredData ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/**
 * The head of a page about no one item (home, a section, About, Contact): a website preview, the feed of
 * every item, and its section's own feed when it has one (PRODUCT.md "Discovery").
 */
export function sitePageMeta({
  feed,
  ...seo
}: Pick<PageSeo, "title" | "description" | "path" | "structuredData"> & { feed?: FeedKey }): MetaDescriptor[] {
  return pageMeta({ ...seo, ogType: "website", feeds: feed ? ["all", feed] : ["all"] });
}

interface ItemBase {
  id: string;
  title: string;
  /** May hold markup (podcast descriptions do); the head gets its text. */
  description: string | null;
  /** The thumbnail or featured image. */
  image: string | null;
  /** PRODUCT.md "Paid promotion": the preview carries the label. */
  paidPromotion?: boolean | null;
  publishedAt: Date | string | null;
  updatedAt?: Date | string | null;
}

/** The head of an item's page: preview, its type's feed, breadcrumbs and the type's structured data. */
export function itemPageMeta(
  type: ContentType,
  item: ItemBase,
  { ogType, structuredData }: { ogType: "article" | "video.other"; structuredData: (facts: ItemFacts) => LdJson },
): MetaDescriptor[] {
  const info = CONTENT_REGISTRY[type];
  const path = publicUrlFor(type, item.id);
  const preview = previewImagePath(type, item.id, item.image, item.paidPromotion === true);
  const facts: ItemFacts = {
    title: item.title,
    description: htmlToPlainText(item.description),
    path,
    images: [absoluteUrl(preview), ...(item.image ? [absoluteUrl(item.image)] : [])],
    publishedAt: item.publishedAt,
    updatedAt: item.updatedAt,
  };
  const feed = FEED_OF_TYPE[type];
  const published = item.publishedAt ? new Date(item.publishedAt).toISOString() : null;
  return pageMeta({
    title: `${item.title} | ${SITE_NAME}`,
    description: facts.description || `${info.label} on ${SITE_NAME}`,
    path,
    ogType,
    headline: item.title,
    image: { path: preview, alt: item.title },
    oembed: true,
    feeds: feed ? ["all", feed] : ["all"],
    extra: ogType === "article" && published ? [{ property: "article:published_time", content: published }] : [],
    structuredData: [
      structuredData(facts),
      breadcrumbs([
        { name: LIST_NAMES[type], path: info.listPath },
        { name: item.title, path },
      ]),
    ],
  });
}

/** A list page's own address: page 1 is the bare path (PRODUCT.md "Paging"). */
export function pagedPath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** A detail page's not-found state: a title, and never indexed. */
export function notFoundMeta(heading: string): MetaDescriptor[] {
  return [{ title: `${heading} | ${SITE_NAME}` }, NOINDEX];
}
