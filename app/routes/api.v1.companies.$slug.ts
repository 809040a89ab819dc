import { companyEndpoint } from "~/server/content-api/api-endpoints.server";

import type { Route } from "./+types/api.v1.companies.$slug";

/** PRODUCT.md "Content API": one company. */
export function loader({ request, params }: Route.LoaderArgs) {
  return companyEndpoint(request, params.slug);
}
