import { xmlResponse } from "~/server/discovery/feed.server";
import { buildPodcastFeed } from "~/server/discovery/podcast-feed.server";

import type { Route } from "./+types/podcasts.rss[.]xml";

/** PRODUCT.md "Discovery": the podcast feed for Apple Podcasts, episodes with a direct audio file only. */
export function loader({ request }: Route.LoaderArgs) {
  return xmlResponse(request, buildPodcastFeed);
}
