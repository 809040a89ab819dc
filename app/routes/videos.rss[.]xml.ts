import { buildRssFeed, xmlResponse } from "~/server/discovery/feed.server";

import type { Route } from "./+types/videos.rss[.]xml";

/** PRODUCT.md "Discovery": the 50 newest published videos. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(request, () => buildRssFeed("video"));
}
