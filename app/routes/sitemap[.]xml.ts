import { xmlResponse } from "~/server/feed.server";
import { buildSitemap, SITEMAP_CACHE_CONTROL, SITEMAP_CONTENT_TYPE } from "~/server/sitemap.server";

import type { Route } from "./+types/sitemap[.]xml";

/** PRODUCT.md "Discovery": the fixed pages and every published item's page. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(request, buildSitemap, { contentType: SITEMAP_CONTENT_TYPE, cacheControl: SITEMAP_CACHE_CONTROL });
}
