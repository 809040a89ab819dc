/**
 * Link-preview images (PRODUCT.md "Discovery"): one 1200×630 JPEG per item, made from its thumbnail or
 * featured image, cached on disk and served under /og/ with a version in the URL so it can be cached for a
 * year. Pages use the paths below; the rendering lives in preview-render.server.ts and the route og.$.ts.
 */
import { createHash } from "node:crypto";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The site-wide image, for pages that are not about one item and items without a picture. */
export const DEFAULT_PREVIEW_PATH = "/og/default.jpg";

/**
 * Site-relative URL of an item's preview; `source` is its thumbnail or featured image URL, if any. A paid
 * item's preview carries the 'Paid promotion' band (PRODUCT.md "Paid promotion"), on the site's image when
 * it has no picture of its own.
 */
export function previewImagePath(type: ContentType, id: string, source: string | null | undefined, paid = false): string {
  if (!source && !paid) return DEFAULT_PREVIEW_PATH;
  return `/og/${CONTENT_REGISTRY[type].slug}/${id}.jpg?v=${itemPreviewVersion(source, paid)}`;
}

/** The `v` of an item's preview: changes with its picture and with its paid flag. */
export function itemPreviewVersion(source: string | null | undefined, paid: boolean): string {
  return paid ? previewVersion(`${source ?? ""}\npaid`) : previewVersion(source ?? "");
}

/** The `v` of a preview URL: changes whenever the item's picture does, so the old URL can be cached for a year. */
export function previewVersion(source: string): string {
  return createHash("sha256").update(source).digest("base64url").slice(0, 10);
}

/** The podcast cover's side in pixels (a square RGB JPEG). */
export const PODCAST_COVER_SIZE = 1400;

/**
 * Site-relative URL of a company page's preview (PRODUCT.md "Company pages"): its logo on the brand card,
 * or the site's image when it has no logo. `v` changes with the logo, as an item's does with its picture.
 */
export function companyPreviewPath(slug: string, logoUrl: string | null | undefined): string {
  if (!logoUrl) return DEFAULT_PREVIEW_PATH;
  return `/og/companies/${slug}.jpg?v=${previewVersion(logoUrl)}`;
}
