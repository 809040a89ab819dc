import { openApiEndpoint } from "~/server/content-api/api-endpoints.server";

import type { Route } from "./+types/api.v1.openapi[.]json";

/** PRODUCT.md "Content API": the OpenAPI 3.1 document that describes it. */
export function loader({ request }: Route.LoaderArgs) {
  return openApiEndpoint(request);
}
