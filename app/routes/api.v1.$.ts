import { unknownEndpoint } from "~/server/content-api/api-endpoints.server";

import type { Route } from "./+types/api.v1.$";

/** PRODUCT.md "Content API": any other path under /api/v1 is a JSON 404, not the site's 404 page. */
export function loader({ request }: Route.LoaderArgs) {
  return unknownEndpoint(request);
}
