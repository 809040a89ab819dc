import { CONTENT_TYPE_LIST } from "./content-registry";
import type { ContentType } from "./content-types";

/**
 * PRODUCT.md "Counters": every type's counter endpoint, `/api/{slug}/:id/view` (`/listen` for podcasts).
 * Answered by server.ts ahead of React Router's routes (app/server/counting/endpoint.server.ts).
 */
export const COUNTER_ROUTES: readonly { type: ContentType; pattern: string }[] = CONTENT_TYPE_LIST.map((info) => ({
  type: info.key,
  pattern: `/api/${info.slug}/:id/${info.counter === "listens" ? "listen" : "view"}`,
}));

/** The counter endpoint of one item: `/api/{slug}/{id}/view` (`/listen` for a podcast). */
export function counterPath(type: ContentType, id: string): string {
  return COUNTER_ROUTES.find((route) => route.type === type)!.pattern.replace(":id", id);
}
