import { counterMethodNotAllowed, postCounter } from "~/server/counter-endpoint.server";
import { recordPodcastListen } from "~/server/podcasts.server";

import type { Route } from "./+types/api.podcasts.$id.listen";

export const loader = counterMethodNotAllowed;

/**
 * PRODUCT.md "Counters": playing a podcast records a listen, with one atomic UPDATE; at most once per visitor
 * per 30 minutes and never for a bot (PRODUCT.md "Security"). Always answers the live count.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return postCounter(request, "listens", "Podcast not found", (visitor) => recordPodcastListen(params.id, visitor));
}
