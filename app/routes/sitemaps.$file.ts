import { xmlResponse } from "~/server/discovery/feed.server";
import { buildSitemap, SITEMAP_CACHE_CONTROL, SITEMAP_CONTENT_TYPE } from "~/server/discovery/sitemap.server";

import type { Route } from "./+types/sitemaps.$file";

/** PRODUCT.md "Discovery": one sitemap of the index (`pages-1.xml`, `videos-2.xml` …); any other name is a 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  return xmlResponse(request, () => buildSitemap(params.file), { contentType: SITEMAP_CONTENT_TYPE, cacheControl: SITEMAP_CACHE_CONTROL });
}
