import { oembedAnswer } from "~/server/embeds/oembed.server";
import { pageUrl } from "~/server/http/page-url.server";

import type { Route } from "./+types/oembed";

/**
 * PRODUCT.md "Embeds": the oEmbed endpoint. JSON for any consumer (CORS open); an answer is kept for five
 * minutes, and the consumer is told it may keep the embed an hour (cache_age).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { status, body } = await oembedAnswer(pageUrl(request).searchParams);
  return Response.json(body, {
    status,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": status === 200 ? "public, max-age=300" : "no-store",
    },
  });
}
