import { getEnv } from "~/server/env.server";

export function loader() {
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\nSitemap: ${getEnv().BETTER_AUTH_URL}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
