import { data, type MetaDescriptor } from "react-router";

import { NO_STORE } from "~/lib/cache-headers";
import { pageUrl } from "~/server/http/page-url.server";

import { logError } from "../log.server";

/**
 * A public page's database read, answered the same way on every list (PRODUCT.md "Lists", "Search"):
 * `{ ok: true, meta, ...loaded }`, or when the database fails `{ ok: false, meta, ...failed }` with 503, never cached
 * (an error must not be kept as the page), logged once with the address. The page shows its failure state.
 */
export async function loadPublicList<T extends object, F extends object>(
  request: Request,
  what: string,
  load: () => Promise<T>,
  failed: F,
  /** The page's head tags (PRODUCT.md "Discovery"); the search page writes its own. */
  meta: MetaDescriptor[] = [],
) {
  try {
    return { ok: true as const, meta, ...(await load()) };
  } catch (error) {
    const url = pageUrl(request);
    logError(`Failed to load ${what} (${url.pathname}${url.search})`, error);
    return data({ ok: false as const, meta, ...failed }, { status: 503, headers: NO_STORE });
  }
}
