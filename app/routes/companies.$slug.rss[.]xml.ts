import { buildCompanyFeed } from "~/server/discovery/company-feed.server";
import { xmlResponse } from "~/server/discovery/feed.server";

import type { Route } from "./+types/companies.$slug.rss[.]xml";

/** PRODUCT.md "Discovery": the 50 newest published items naming the company; an unknown slug is a 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  return xmlResponse(request, () => buildCompanyFeed(params.slug));
}
