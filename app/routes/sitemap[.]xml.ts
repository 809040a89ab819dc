import { xmlResponse } from "~/server/discovery/feed.server";
import { buildSitemapIndex, SITEMAP_CACHE_CONTROL, SITEMAP_CONTENT_TYPE } from "~/server/discovery/sitemap.server";

import type { Route } from "./+types/sitemap[.]xml";

/** PRODUCT.md "Discovery": the sitemap index, naming every sitemap under /sitemaps/. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(request, () => buildSitemapIndex(), { contentType: SITEMAP_CONTENT_TYPE, cacheControl: SITEMAP_CACHE_CONTROL });
}
