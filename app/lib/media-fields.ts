/**
 * What a media field accepts (PRODUCT.md "Media fields"): a web address or a path to the site's own media.
 * Pure: used by the editors' schemas and the server. Apart from `media.ts`, whose parser it shares, so
 * these rules stay out of the public pages' player chunks.
 */
import { parseHttpUrl } from "~/lib/media";

/**
 * A web address: http(s) with a host, never javascript:, data: or a relative path (PRODUCT.md "Media fields").
 * The value as given: the editor trims it first.
 */
export function isHttpUrl(value: string): boolean {
  return parseHttpUrl(value) !== null;
}

/**
 * Where the site's own media live: the demo files under `public/media` (PRODUCT.md "Beyond the prototype":
 * media fields also take site paths, so seeded items can be saved unchanged) and uploads (PRODUCT.md "Media library").
 */
export const SITE_MEDIA_PREFIXES = ["/media/", "/uploads/"] as const;

/**
 * A path to one of the site's own media files: plain path characters under a media folder, no empty,
 * `.` or `..` segments, no query. Never a `//host` or another scheme, so it stays on this site.
 */
export function isSiteMediaPath(value: string): boolean {
  if (!SITE_MEDIA_PREFIXES.some((prefix) => value.startsWith(prefix))) return false;
  if (!/^[A-Za-z0-9/._~-]+$/.test(value)) return false;
  return value
    .slice(1)
    .split("/")
    .every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** What a media URL field accepts: a web address, or a path to the site's own media. */
export function isMediaUrl(value: string): boolean {
  return isHttpUrl(value) || isSiteMediaPath(value);
}
