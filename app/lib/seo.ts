/**
 * A page's head tags (PRODUCT.md "Discovery") are built by its loader on the server (`server/seo/seo.server.ts`)
 * and only handed over here, so the builders never reach a public page's JavaScript.
 */
import type { MetaDescriptor } from "react-router";

/** The publication's name, in titles, feeds and the disclosure sentence (PRODUCT.md "Paid promotion"). */
export const SITE_NAME = "MarketWire";

export function metaFromLoader({ loaderData }: { loaderData?: { meta: MetaDescriptor[] } | null }): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}

/** Pages that must stay out of search engines: the admin, sign-in, search results. */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex, nofollow" };
