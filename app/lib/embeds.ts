/**
 * Embeds (PRODUCT.md "Embeds"): what an embed page shows, as its loader hands it to the markup, and the
 * parameters an embed URL takes. Pure: the server builds these, `components/embed` renders them.
 */
import type { Disclosure } from "./disclosure";
import { SITE_NAME } from "./seo";

/** The message an embed frame posts to its parent page whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = "marketwire:embed-height";

export const EMBED_THEMES = ["light", "dark", "auto"] as const;

export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** What plays in an item's embed: a host's frame behind its picture, the native players, or nothing. */
export type EmbedPlayer =
  | { kind: "frame"; src: string; allow: string; sandbox: string; shape: "video" | "audio"; poster: string | null }
  | { kind: "video"; src: string; poster: string | null }
  | { kind: "audio"; src: string }
  | null;

export interface EmbedItemView {
  /** The site's home page, absolute. */
  home: string;
  typeLabel: string;
  title: string;
  /** Plain text, already shortened. */
  summary: string;
  publishedAt: string | null;
  /** The full page, absolute. */
  url: string;
  /** Who wrote it, when the piece names an author (oEmbed's author_name). */
  author: string | null;
  /** Its link-preview image (1200×630), absolute: oEmbed's thumbnail. */
  previewImage: string;
  /** A picture on this site (the frame asks no other host for anything before play), or null. */
  image: string | null;
  player: EmbedPlayer;
  disclosure: Disclosure | null;
  companies: { name: string; tickerLabel: string; url: string }[];
  /**
   * PRODUCT.md "Embeds": where the frame counts: `view` when it loads (the counter of a type with views),
   * `listen` when its player first plays (a podcast's), `play` for its player's marks; null for none.
   */
  counting: { view: string | null; listen: string | null; play: string | null };
}

export interface EmbedCompanyView {
  /** The site's home page, absolute. */
  home: string;
  name: string;
  tickerLabel: string;
  url: string;
  /** The company page's link-preview image (1200×630), absolute: oEmbed's thumbnail. */
  previewImage: string;
  items: { typeLabel: string; title: string; url: string; publishedAt: string; paid: boolean }[];
}

/** `?theme=`: light, dark or auto (the reader's system setting); anything else is auto. */
export function parseEmbedTheme(value: string | null): EmbedTheme {
  return (EMBED_THEMES as readonly string[]).includes(value ?? "") ? (value as EmbedTheme) : "auto";
}

/** PRODUCT.md "Embeds": a company embed lists 5 items unless `?limit=` asks for 1 to 10. */
export const COMPANY_EMBED_DEFAULT_ITEMS = 5;
export const COMPANY_EMBED_MAX_ITEMS = 10;

export function parseEmbedLimit(value: string | null): number {
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= COMPANY_EMBED_MAX_ITEMS ? limit : COMPANY_EMBED_DEFAULT_ITEMS;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The embed frame, lazily loaded and allowed what its players ask for: oEmbed's `html`, and the start of the embed code. */
export function embedFrameHtml(src: string, title: string, width: number, height: number): string {
  return (
    `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" title="${escapeAttribute(`${title} | ${SITE_NAME}`)}" ` +
    `style="border:0;max-width:100%" loading="lazy" allow="autoplay; fullscreen; encrypted-media; picture-in-picture" allowfullscreen></iframe>`
  );
}

/**
 * The code another site pastes (the Embed dialog): the frame, and one line of script that fits the frame's
 * height to what it reports, so it never shows scroll bars.
 */
export function embedCode(src: string, title: string, width: number, height: number): string {
  return (
    `${embedFrameHtml(src, title, width, height)}\n` +
    `<script>addEventListener("message",function(e){var d=e.data;if(d&&d.type==="${EMBED_HEIGHT_MESSAGE}")` +
    `document.querySelectorAll("iframe").forEach(function(f){if(f.contentWindow===e.source)f.style.height=d.height+"px"})})</script>`
  );
}
