import { toEmbedUrl } from "~/lib/media";

/**
 * What the rich-text editor accepts as a link or a video (PRODUCT.md "Rich-text editor"): the same
 * addresses the server's allow-list keeps (app/server/content/sanitize.server.ts), so nothing the author sees in
 * the editor is removed on save. Pure: tested on its own.
 */

const SITE_PATH = /^\/(?![/\\])/;

/** Whether a stored link target is one the editor keeps: http(s), mailto, or a path on this site. */
export function isAllowedHref(href: string | null | undefined): boolean {
  const value = href?.trim();
  if (!value) return false;
  if (SITE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    if (url.protocol === "mailto:") return url.pathname.length > 0;
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The link target for what an author typed: kept as typed when allowed, `https://` added to a bare
 * domain (`example.com/page`), `mailto:` to an email address; null when it cannot be a link.
 */
export function linkHref(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  if (isAllowedHref(value)) return value;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#:]\S*)?$/i.test(value)) {
    const withScheme = `https://${value}`;
    return isAllowedHref(withScheme) ? withScheme : null;
  }
  return null;
}

const YOUTUBE_HOSTS = new Set(["www.youtube.com", "www.youtube-nocookie.com"]);
const EMBED_PATH = /^\/embed\/[A-Za-z0-9_-]+$/;

/**
 * The privacy-enhanced embed URL (www.youtube-nocookie.com, PRODUCT.md "Security headers") for a YouTube
 * watch, short, shorts or embed URL; null for anything else, other video hosts included.
 */
export function youtubeEmbedUrl(typed: string): string | null {
  const embed = toEmbedUrl(typed.trim());
  if (!embed) return null;
  const url = new URL(embed);
  if (!YOUTUBE_HOSTS.has(url.hostname) || !EMBED_PATH.test(url.pathname)) return null;
  url.hostname = "www.youtube-nocookie.com";
  return url.toString();
}
