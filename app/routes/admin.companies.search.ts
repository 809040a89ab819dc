import { NO_STORE } from "~/lib/cache-headers";
import { COMPANY_TEXTS } from "~/lib/companies";
import { parseQuery } from "~/lib/search";
import { requireRight } from "~/server/auth/session.server";
import { searchCompanies } from "~/server/companies/companies.server";
import { pageUrl } from "~/server/http/page-url.server";
import { logError } from "~/server/log.server";

import type { Route } from "./+types/admin.companies.search";

/**
 * GET /admin/companies/search?q=: the editor's company picker (PRODUCT.md "Companies"), admins only.
 * `{ companies }`: the exact ticker first, then A–Z, at most 10; an empty query finds none. The query
 * follows the admin lists' rule: control characters become spaces.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "companies.read");
  const q = parseQuery(pageUrl(request).searchParams.get("q"));
  try {
    return Response.json({ companies: await searchCompanies(q) }, { headers: NO_STORE });
  } catch (error) {
    logError(`[admin] company search failed (${pageUrl(request).pathname})`, error);
    return Response.json({ error: COMPANY_TEXTS.fetchFailed }, { status: 503, headers: NO_STORE });
  }
}
