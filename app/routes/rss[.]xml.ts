import { buildRssFeed, xmlResponse } from "~/server/discovery/feed.server";

import type { Route } from "./+types/rss[.]xml";

/** PRODUCT.md "Discovery": the 50 newest published items of every type. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(request, () => buildRssFeed("all"));
}
