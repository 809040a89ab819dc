/**
 * PRODUCT.md "Markets": the provider MARKETS_PROVIDER names. `none` shows no market block and asks nothing;
 * `csv` shows what admins import and asks nothing either; the others are refreshed in the background.
 */
import type { MarketsProviderName } from "~/lib/markets";

import { demoProvider } from "./demo-provider.server";
import type { MarketProvider } from "./provider.server";
import { secEdgarProvider } from "./sec-edgar-provider.server";

/** Whether company and item pages show market data at all. */
export function showsMarkets(name: MarketsProviderName): boolean {
  return name !== "none";
}

/** The provider the background refresh asks, or null when nothing is fetched (`none`, `csv`). */
export function refreshedProvider(name: MarketsProviderName, { secUserAgent }: { secUserAgent?: string } = {}): MarketProvider | null {
  if (name === "demo") return demoProvider();
  // The environment has checked the User-Agent the SEC requires (env.server.ts).
  if (name === "sec-edgar") return secEdgarProvider({ userAgent: secUserAgent ?? "" });
  // `none` and `csv` fetch nothing; http-json is wired when its provider lands (issue 46).
  return null;
}
