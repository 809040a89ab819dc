import { itemEndpoint } from "~/server/content-api/api-endpoints.server";

import type { Route } from "./+types/api.v1.items.$id";

/** PRODUCT.md "Content API": one published item. */
export function loader({ request, params }: Route.LoaderArgs) {
  return itemEndpoint(request, params.id);
}
