/**
 * PRODUCT.md "Measurement": where a view came from, grouped. The page sends only the host of the page that
 * linked to it (never the whole address, which may carry someone's query) and the link's `utm_source`, if any.
 */

/** `embed`: counted by our embed frame on another site (PRODUCT.md "Embeds"); the rest by where the link was. */
export const REFERRER_GROUPS = ["search", "social", "newsletter", "alert", "internal", "direct", "other", "embed"] as const;
export type ReferrerGroup = (typeof REFERRER_GROUPS)[number];

/** PRODUCT.md "Embeds": the host of an embed whose page sent no referrer (never a host a page could send). */
export const UNKNOWN_EMBED_HOST = "(unknown site)";

/** Search engines, by a label of their host (google.com, google.com.au, www.bing.com …). */
const SEARCH = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|startpage|qwant|kagi|perplexity)\.[a-z.]+$|^search\.brave\.com$/;
/** Social networks and forums where investors share links. */
const SOCIAL =
  /(^|\.)(x\.com|t\.co|twitter\.com|facebook\.com|fb\.me|linkedin\.com|lnkd\.in|reddit\.com|threads\.net|bsky\.app|instagram\.com|youtube\.com|whatsapp\.com|t\.me|telegram\.org|stocktwits\.com|hotcopper\.com\.au|mastodon\.social)$/;
/** A host as a page may report it: letters, digits, dots and dashes, lower-cased. */
const HOST = /^[a-z0-9.-]{1,253}$/;

/** The host a page sent, cleaned, or null when it sent none or something that is no host. */
export function referrerHostOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const host = value.trim().toLowerCase().replace(/\.$/, "");
  return HOST.test(host) && host.includes(".") ? host : null;
}

/**
 * The group of a view whose page was linked from `host` (null: no referrer) with the link's `utm_source`
 * (`source`); `ownHost` is this site's. A newsletter or alert link says so by its source.
 */
export function referrerGroup(host: string | null, source: string | null, ownHost: string): ReferrerGroup {
  const tag = source?.trim().toLowerCase();
  if (tag === "newsletter") return "newsletter";
  if (tag === "alert") return "alert";
  if (!host) return "direct";
  if (host === ownHost) return "internal";
  if (SEARCH.test(host)) return "search";
  if (SOCIAL.test(host)) return "social";
  return "other";
}

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The device class of a browser's user agent: "Mobi" marks phones (as MDN advises); iPads and Android without it are tablets. */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (/Mobi/.test(userAgent)) return "mobile";
  if (/iPad|Tablet|Android/.test(userAgent)) return "tablet";
  return "desktop";
}
