import { NO_STORE } from "~/lib/cache-headers";
import { recordVideoView } from "~/server/videos.server";
import { visitorOf } from "~/server/visitor.server";

import type { Route } from "./+types/api.videos.$id.view";

// Counters must never be answered from a cache: every answer carries NO_STORE.

/** Only POST counts a view: a GET (crawler, prefetch, link preview) is refused. */
export async function loader() {
  return Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}

/**
 * PRODUCT.md "Counters": a view is counted once the video page has loaded in a browser (the page posts here
 * after hydration), with one atomic UPDATE; at most once per visitor per 30 minutes and never for a bot
 * (PRODUCT.md "Security"). Always answers the live count: a page from the cache shows it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const views = await recordVideoView(params.id, visitorOf(request));
  if (views == null) return Response.json({ error: "Video not found" }, { status: 404, headers: NO_STORE });
  return Response.json({ views }, { headers: NO_STORE });
}
