import { NO_STORE } from "~/lib/cache-headers";
import { CONTENT_REGISTRY, contentTypeBySlug } from "~/lib/content-registry";
import { counterMethodNotAllowed, postCounter } from "~/server/counting/endpoint.server";
import { recordContentHit } from "~/server/counting/record-hit.server";

import type { Route } from "./+types/api.content.$id.counter";

export const loader = counterMethodNotAllowed;

/**
 * PRODUCT.md "Counters": every type's counter, `/api/{slug}/{id}/view` (`/listen` for podcasts; see
 * routes.ts). A page posts here once it has loaded in a browser; the hit is one atomic addition, at most
 * once per visitor per 30 minutes and never for a bot (PRODUCT.md "Security"). Always answers the live
 * count: a page from the cache shows it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const type = contentTypeBySlug(new URL(request.url).pathname.split("/")[2] ?? "");
  if (!type) return Response.json({ error: "Not Found" }, { status: 404, headers: NO_STORE });
  const { counter, noun } = CONTENT_REGISTRY[type];
  const notFound = `${noun[0]!.toUpperCase()}${noun.slice(1)} not found`;
  return postCounter(request, counter, notFound, (visitor) => recordContentHit(type, params.id, visitor));
}
