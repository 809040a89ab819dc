import { NO_STORE } from "~/lib/cache-headers";
import { recordPodcastListen } from "~/server/podcasts.server";
import { visitorOf } from "~/server/visitor.server";

import type { Route } from "./+types/api.podcasts.$id.listen";

// Counters must never be answered from a cache: every answer carries NO_STORE.

/** Only POST records a listen. */
export async function loader() {
  return Response.json({ error: "Method Not Allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}

/**
 * PRODUCT.md "Counters": playing a podcast records a listen, with one atomic UPDATE; at most once per visitor
 * per 30 minutes and never for a bot (PRODUCT.md "Security"). Always answers the live count.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const listens = await recordPodcastListen(params.id, visitorOf(request));
  if (listens == null) return Response.json({ error: "Podcast not found" }, { status: 404, headers: NO_STORE });
  return Response.json({ listens }, { headers: NO_STORE });
}
