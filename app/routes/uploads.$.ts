import { Readable } from "node:stream";
import { data } from "react-router";

import { getStorage } from "~/server/media/storage/current-storage.server";
import { etagMatches, requestedRange } from "~/server/media/storage/http-range.server";

import type { Route } from "./+types/uploads.$";

/**
 * Only the shapes of key the upload endpoint writes (lib/uploads.ts): an image's original or copy, an
 * audio file. Anything else, another object in a shared bucket included, is not found; there is no
 * database look-up, since an object exists only while its media_files row does.
 */
const SERVED_KEY = /^(images\/[\da-f-]{36}-\d{1,5}w\.(jpg|png|webp|avif|gif)|audio\/[\da-f-]{36}\.(mp3|m4a|aac|ogg|opus))$/;

/** Every key names one upload's bytes forever (a new upload gets a new key), so browsers and CDNs may keep it. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * PRODUCT.md "Media library": uploaded files at /uploads/{key}, from whichever storage holds them, with
 * their type and length, byte ranges (players seek in audio with them), validators and long caching.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const notFound = () => data("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!SERVED_KEY.test(key)) throw notFound();
  const storage = getStorage();
  const info = await storage.stat(key);
  if (!info) throw notFound();

  const headers = new Headers({
    "Content-Type": info.contentType,
    "Cache-Control": IMMUTABLE,
    "Accept-Ranges": "bytes",
    ETag: info.etag,
    "Last-Modified": info.lastModified.toUTCString(),
    // Podcast apps and other sites' players load feed enclosures and pictures from here (PRODUCT.md "Discovery").
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (etagMatches(request.headers.get("If-None-Match"), info.etag)) return new Response(null, { status: 304, headers });

  // If-Range: a range of a file that has changed since would mix two versions; send it whole instead.
  const ifRange = request.headers.get("If-Range");
  const rangeHeader = ifRange && ifRange !== info.etag && ifRange !== headers.get("Last-Modified") ? null : request.headers.get("Range");
  const range = requestedRange(rangeHeader, info.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : info.size));
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });

  const object = await storage.get(key, range ?? undefined);
  if (!object) throw notFound();
  return new Response(Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>, { status, headers });
}
