import { getEnv } from "../env.server";

export const SITE_NAME = "MarketWire";

/** A site path (or an already absolute URL) on the public origin, `PUBLIC_URL` (PRODUCT.md "Discovery"). */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${getEnv().PUBLIC_URL}/`).toString();
}
