/**
 * schema.org objects for the pages' JSON-LD (PRODUCT.md "Discovery"). URLs are absolute on the public
 * origin; React Router escapes the JSON it writes into the page, so a title holding `</script>` cannot end
 * the script.
 */
import { companyPath, disclosureText, type Disclosure, type ItemCompany } from "~/lib/disclosure";
import { audioPostId, videoSource } from "~/lib/media";

import { absoluteUrl, SITE_NAME } from "./site-url.server";

/** A JSON-LD object, as React Router's meta writes it. */
export interface LdJson {
  [key: string]: LdValue;
}
type LdValue = string | number | boolean | null | LdJson | LdValue[];

/** ISO 8601 duration of a number of seconds ('PT1H2M3S'), or undefined when unknown. */
export function isoDuration(seconds: number | null | undefined): string | undefined {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** Leaves out the facts an item does not have (JSON-LD has no use for `undefined`). */
function known(object: Record<string, LdValue | undefined>): LdJson {
  const facts: LdJson = {};
  for (const [key, value] of Object.entries(object)) if (value !== undefined) facts[key] = value;
  return facts;
}

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : undefined);

function publisher(): LdJson {
  return {
    "@type": "Organization",
    name: SITE_NAME,
    url: absoluteUrl("/"),
    logo: { "@type": "ImageObject", url: absoluteUrl("/favicon.svg") },
  };
}

/** The home page: who publishes the site, and how to search it. */
export function homeStructuredData(): LdJson[] {
  return [
    { "@context": "https://schema.org", ...publisher() },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: SITE_NAME,
      url: absoluteUrl("/"),
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl("/search")}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
  ];
}

/** Home › list › item, the trail of a detail page. */
export function breadcrumbs(trail: { name: string; path: string }[]): LdJson {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/** What every item's structured data is built from. */
export interface ItemFacts {
  title: string;
  /** Plain text. */
  description: string;
  /** The item's page. */
  path: string;
  /** Absolute URLs: the preview first, then the original picture. */
  images: string[];
  publishedAt: Date | string | null;
  updatedAt?: Date | string | null;
}

/** What an item's page knows beyond ItemFacts: the companies it names and, when paid, its disclosure. */
export interface ItemPromotion {
  companies?: readonly ItemCompany[];
  disclosure?: Disclosure | null;
}

/** schema.org's tickerSymbol: the exchange and the ticker separated by a space ('ASX IBG'), unlike the 'ASX:IBG' readers see. */
export function tickerSymbol(company: { exchange: string; ticker: string }): string {
  return `${company.exchange} ${company.ticker}`;
}

/**
 * PRODUCT.md "Paid promotion": the companies as the work's `about`, and a paid item's sponsor. The whole
 * disclosure goes in `funding`, schema.org's place for who paid for a work ("funding or sponsorship"),
 * as a Grant whose funder is the sponsor and whose description is the text readers see in the feeds.
 */
function promotionFacts({ companies = [], disclosure }: ItemPromotion): LdJson {
  const facts: LdJson = {};
  if (companies.length > 0) {
    facts.about = companies.map((company) => ({
      "@type": "Corporation",
      name: company.name,
      tickerSymbol: tickerSymbol(company),
      url: absoluteUrl(companyPath(company.slug)),
    }));
  }
  if (disclosure) {
    const sponsor = disclosure.sponsor ? { "@type": "Organization", name: disclosure.sponsor } : undefined;
    if (sponsor) facts.sponsor = sponsor;
    facts.funding = {
      "@type": "Grant",
      name: "Paid promotion",
      description: disclosureText(disclosure),
      ...(sponsor ? { funder: sponsor } : {}),
    };
  }
  return facts;
}

function counter(action: "WatchAction" | "ListenAction" | "ReadAction", count: number | null | undefined) {
  return { "@type": "InteractionCounter", interactionType: { "@type": action }, userInteractionCount: count ?? 0 };
}

/** What a video and an episode open with: named by the title, and described by it when they have no description. */
function mediaWork(type: "VideoObject" | "PodcastEpisode", item: ItemFacts): LdJson {
  return {
    "@context": "https://schema.org",
    "@type": type,
    name: item.title,
    description: item.description || item.title,
    url: absoluteUrl(item.path),
  };
}

export function videoObject(
  item: ItemFacts & ItemPromotion & { videoUrl: string | null; duration: number | null; views: number | null },
): LdJson {
  const source = videoSource(item.videoUrl);
  return known({
    ...mediaWork("VideoObject", item),
    thumbnailUrl: item.images,
    uploadDate: iso(item.publishedAt),
    duration: isoDuration(item.duration),
    ...(source.kind === "embed" ? { embedUrl: source.src } : {}),
    ...(source.kind === "file" ? { contentUrl: absoluteUrl(source.src) } : {}),
    interactionStatistic: counter("WatchAction", item.views),
    ...promotionFacts(item),
  });
}

export function podcastEpisode(
  item: ItemFacts & ItemPromotion & { audioUrl: string | null; duration: number | null; listens: number | null },
): LdJson {
  // A direct file is media a crawler can fetch; an audio-host post is only a player page.
  const directFile = item.audioUrl && !audioPostId(item.audioUrl) ? absoluteUrl(item.audioUrl) : null;
  return known({
    ...mediaWork("PodcastEpisode", item),
    image: item.images,
    datePublished: iso(item.publishedAt),
    duration: isoDuration(item.duration),
    ...(directFile ? { associatedMedia: { "@type": "AudioObject", contentUrl: directFile } } : {}),
    partOfSeries: {
      "@type": "PodcastSeries",
      name: `${SITE_NAME} Podcasts`,
      url: absoluteUrl("/podcasts"),
      webFeed: absoluteUrl("/podcasts/rss.xml"),
    },
    interactionStatistic: counter("ListenAction", item.listens),
    ...promotionFacts(item),
  });
}

/** Google shows at most 110 characters of a headline. */
const HEADLINE_MAX = 110;

export function newsArticle(item: ItemFacts & ItemPromotion & { authorName?: string | null }): LdJson {
  const headline = item.title.length > HEADLINE_MAX ? `${item.title.slice(0, HEADLINE_MAX - 1).trimEnd()}…` : item.title;
  return known({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline,
    description: item.description || undefined,
    url: absoluteUrl(item.path),
    mainEntityOfPage: absoluteUrl(item.path),
    image: item.images,
    datePublished: iso(item.publishedAt),
    dateModified: iso(item.updatedAt ?? item.publishedAt),
    author: item.authorName ? [{ "@type": "Person", name: item.authorName }] : [publisher()],
    publisher: publisher(),
    ...promotionFacts(item),
  });
}
