import { absoluteUrl } from "~/server/seo/site-url.server";

// PRODUCT.md "Discovery": the sitemap index is named on the public origin.
export function loader() {
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
