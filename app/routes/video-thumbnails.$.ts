import { NO_STORE } from "~/lib/cache-headers";
import { pageUrl } from "~/server/http/page-url.server";
import { parseThumbnailPath, videoThumbnail } from "~/server/media/video-thumbnails.server";

import type { Route } from "./+types/video-thumbnails.$";

/** A host's picture changes rarely and its path never names another: a week. */
const STORED = "public, max-age=604800";
/** The placeholder stands in until the host can be asked again. */
const SHORT_LIVED = "public, max-age=300";

/**
 * PRODUCT.md "Video": our stored copy of a video host's picture of a video a published item shows, at
 * `/video-thumbnails/{youtube|vimeo}/{id}.jpg`; any other path is a plain 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const video = parseThumbnailPath(pageUrl(request).pathname);
  const thumbnail = video ? await videoThumbnail(video.host, video.id) : null;
  if (!thumbnail) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
  const stored = thumbnail.kind === "stored";
  const headers = {
    "Content-Type": stored ? "image/jpeg" : "image/svg+xml",
    "Cache-Control": stored ? STORED : SHORT_LIVED,
    "Content-Length": String(thumbnail.body.length),
  };
  return new Response(request.method === "HEAD" ? null : new Uint8Array(thumbnail.body), { headers });
}
