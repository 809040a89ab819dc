import { itemsEndpoint } from "~/server/content-api/api-endpoints.server";

import type { Route } from "./+types/api.v1.items";

/** PRODUCT.md "Content API": published items, newest first, filtered and paged by cursor. */
export function loader({ request }: Route.LoaderArgs) {
  return itemsEndpoint(request);
}
