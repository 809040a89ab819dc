import { companiesEndpoint } from "~/server/content-api/api-endpoints.server";

import type { Route } from "./+types/api.v1.companies";

/** PRODUCT.md "Content API": every company, A–Z. */
export function loader({ request }: Route.LoaderArgs) {
  return companiesEndpoint(request);
}
