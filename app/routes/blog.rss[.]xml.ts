import { buildRssFeed, xmlResponse } from "~/server/discovery/feed.server";

import type { Route } from "./+types/blog.rss[.]xml";

/** PRODUCT.md "Discovery": the 50 newest published blog posts. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(request, () => buildRssFeed("blog"));
}
