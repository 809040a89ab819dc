import { counterMethodNotAllowed, postCounter } from "~/server/counter-endpoint.server";
import { recordVideoView } from "~/server/videos.server";

import type { Route } from "./+types/api.videos.$id.view";

export const loader = counterMethodNotAllowed;

/**
 * PRODUCT.md "Counters": a view is counted once the video page has loaded in a browser (the page posts here
 * after hydration), with one atomic UPDATE; at most once per visitor per 30 minutes and never for a bot
 * (PRODUCT.md "Security"). Always answers the live count: a page from the cache shows it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return postCounter(request, "views", "Video not found", (visitor) => recordVideoView(params.id, visitor));
}
