import { getEnv } from "../env.server";

export { SITE_NAME } from "~/lib/seo";

/** A site path (or an already absolute URL) on the public origin, `PUBLIC_URL` (PRODUCT.md "Discovery"). */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${getEnv().PUBLIC_URL}/`).toString();
}
