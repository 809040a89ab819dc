import { NO_STORE } from "~/lib/cache-headers";
import { CONTENT_REGISTRY, contentTypeBySlug } from "~/lib/content-registry";
import { PODCAST_COVER_PATH } from "~/lib/feeds";
import { companyLogoBySlug } from "~/server/companies/company-pages.server";
import { CONTENT_TABLES, contentColumn } from "~/server/content/content-tables.server";
import { publishedById } from "~/server/content/published.server";
import { companyPreview, defaultPreview, itemPreview, podcastCover, type PreviewImage } from "~/server/discovery/preview-render.server";
import { pageUrl } from "~/server/http/page-url.server";
import { DEFAULT_PREVIEW_PATH, itemPreviewVersion, previewVersion } from "~/server/seo/preview-images.server";

import type { Route } from "./+types/og.$";

/** A URL whose `v` names the item's current picture never changes: a year, like fingerprinted assets. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Anything that may change soon: a stale or missing `v`, the default standing in for a picture that failed. */
const SHORT_LIVED = "public, max-age=300";
/** The default image and the podcast cover keep their URLs when the drawing changes. */
const SITE_IMAGE = "public, max-age=86400";

/** `/og/{type slug}/{uuid}.jpg`, matched on the raw path: encoded slashes and dots, extra segments never match. */
const ITEM_PATH = /^\/og\/([a-z-]+)\/([0-9a-fA-F-]{36})\.jpg$/;
/** `/og/companies/{slug}.jpg` (PRODUCT.md "Company pages"): a slug as companies have them. */
const COMPANY_PATH = /^\/og\/companies\/([a-z0-9]+(?:-[a-z0-9]+)*)\.jpg$/;

/**
 * PRODUCT.md "Discovery": link-preview images and the podcast cover. Only published items have one; any
 * other path under /og/ is a plain 404. A stale or missing `v` still gets the current picture, briefly cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  if (url.pathname === DEFAULT_PREVIEW_PATH) return imageResponse(request, await defaultPreview(), SITE_IMAGE);
  if (url.pathname === PODCAST_COVER_PATH) return imageResponse(request, await podcastCover(), SITE_IMAGE);
  const [, companySlug] = COMPANY_PATH.exec(url.pathname) ?? [];
  if (companySlug) return companyImage(request, url, companySlug);

  const [, slug = "", id = ""] = ITEM_PATH.exec(url.pathname) ?? [];
  const type = contentTypeBySlug(slug);
  if (!type) return notFound();
  const table = CONTENT_TABLES[type];
  const picture = contentColumn(type, CONTENT_REGISTRY[type].imageField);
  const row = await publishedById(table, id, (db) =>
    db.select({ id: table.id, picture, paid: table.paidPromotion }).from(table).$dynamic(),
  );
  if (!row) return notFound();

  const source = row.picture as string | null;
  const image = await itemPreview(type, row.id, source, row.paid);
  const current = image.own && url.searchParams.get("v") === itemPreviewVersion(source, row.paid);
  return imageResponse(request, image, current ? IMMUTABLE : SHORT_LIVED);
}

/** A company page's preview: its logo on the brand card; any company, since every company has a page. */
async function companyImage(request: Request, url: URL, slug: string): Promise<Response> {
  const company = await companyLogoBySlug(slug);
  if (!company) return notFound();
  const image = await companyPreview(slug, company.logoUrl);
  const current = image.own && company.logoUrl !== null && url.searchParams.get("v") === previewVersion(company.logoUrl);
  return imageResponse(request, image, current ? IMMUTABLE : SHORT_LIVED);
}

function imageResponse(request: Request, image: PreviewImage, cacheControl: string): Response {
  const headers = new Headers({
    "Content-Type": "image/jpeg",
    "Cache-Control": cacheControl,
    ETag: image.etag,
    // PRODUCT.md "Security headers" keeps resources same-origin; these exist to be shown by other sites.
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (matches(request.headers.get("If-None-Match"), image.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(image.body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(image.body), { headers });
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
}
