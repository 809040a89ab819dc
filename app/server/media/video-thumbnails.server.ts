/**
 * Video hosts' pictures of their videos, for items without a picture of their own (PRODUCT.md "Video"):
 * fetched once from the host by the server (YouTube's `hqdefault.jpg`; Vimeo's oEmbed `thumbnail_url`),
 * cropped to 16:9, stripped of metadata and kept on disk as `DATA_DIR/video-thumbnails/{host}/{id}.jpg`,
 * so a reader's browser only ever asks this site. Only videos of published items are fetched; a picture
 * that cannot be fetched gives a neutral placeholder, and the failure is remembered for a few minutes.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import sharp from "sharp";

import { VIDEO_THUMBNAILS_PATH, videoSource } from "~/lib/media";

import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { getEnv } from "../env.server";
import { storedOnce } from "../file-cache.server";
import { containsPattern } from "../like-pattern.server";
import { log } from "../log.server";
import { fetchPublic, type OutboundFetchOptions } from "../outbound-fetch.server";

/** Where the hosts are asked; tests point them at a local server (and let it be on loopback). */
export const videoThumbnailSettings = {
  youtubeBase: "https://i.ytimg.com",
  vimeoBase: "https://vimeo.com",
  fetchTimeoutMs: 5_000,
  maxSourceBytes: 2 * 1024 * 1024,
  allowPrivateAddresses: false,
  retryAfterMs: 5 * 60_000,
};

export type VideoHost = "youtube" | "vimeo";

/** `/video-thumbnails/{host}/{id}.jpg` as lib/media.ts writes it: a YouTube id or a Vimeo number. */
const THUMBNAIL_PATH = /^\/video-thumbnails\/(?:(youtube)\/([A-Za-z0-9_-]{11})|(vimeo)\/(\d{1,20}))\.jpg$/;

/** The host and video id a thumbnail path names, or null for any other path. */
export function parseThumbnailPath(pathname: string): { host: VideoHost; id: string } | null {
  const match = THUMBNAIL_PATH.exec(pathname);
  if (!match) return null;
  return match[1] ? { host: "youtube", id: match[2]! } : { host: "vimeo", id: match[4]! };
}

/** At most this wide; YouTube's hqdefault is 480 px, a player column is ~860. */
const MAX_WIDTH = 960;
const JPEG_OPTIONS = { mozjpeg: true, quality: 80 } as const;
const MAX_INPUT_PIXELS = 40_000_000;

export type VideoThumbnail = { kind: "stored"; body: Buffer } | { kind: "placeholder"; body: Buffer };

/** A 16:9 gradient in the site's colours, the same as a card without a picture; the Play button sits on it. */
export const PLACEHOLDER_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">' +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1a33"/>' +
    '<stop offset=".5" stop-color="#16325c"/><stop offset="1" stop-color="#075985"/></linearGradient></defs>' +
    '<rect width="640" height="360" fill="url(#g)"/></svg>',
);

/** Videos whose picture could not be fetched lately. */
const failures = new LRUCache<string, true>({ max: 10_000, ttl: videoThumbnailSettings.retryAfterMs });

/** Forgets remembered failures (tests). */
export function forgetThumbnailFailures() {
  failures.clear();
}

/**
 * The stored picture of a host's video, fetched first if need be; the placeholder when it cannot be
 * fetched; null when no published item shows that video (nothing is fetched for it).
 */
export async function videoThumbnail(host: VideoHost, id: string): Promise<VideoThumbnail | null> {
  const file = path.join(getEnv().DATA_DIR, "video-thumbnails", host, `${id}.jpg`);
  const key = `${host}/${id}`;
  if (failures.has(key)) return { kind: "placeholder", body: PLACEHOLDER_SVG };
  try {
    const body = await storedOnce(
      file,
      async () => {
        const videoUrl = await publishedVideoUrl(host, id);
        if (!videoUrl) throw new NotShown();
        return render(await download(host, id, videoUrl));
      },
      () => false,
    );
    return { kind: "stored", body };
  } catch (error) {
    if (error instanceof NotShown) return null;
    failures.set(key, true, { ttl: videoThumbnailSettings.retryAfterMs });
    log.warn(`The picture of ${host} video ${id} is a placeholder: it cannot be fetched (${(error as Error).message}).`);
    return { kind: "placeholder", body: PLACEHOLDER_SVG };
  }
}

class NotShown extends Error {}

/**
 * The video address of a published video, interview or special feature whose player shows this
 * thumbnail (lib/media.ts decides, as on the page), or null.
 */
async function publishedVideoUrl(host: VideoHost, id: string): Promise<string | null> {
  const pattern = containsPattern(id);
  const db = await getDb();
  const { rows } = await db.execute<{ video_url: string }>(sql`
    (select video_url from videos where ${PUBLIC_NOW_SQL} and video_url like ${pattern} limit 20)
    union all (select video_url from interviews where ${PUBLIC_NOW_SQL} and video_url like ${pattern} limit 20)
    union all (select video_url from special_features where ${PUBLIC_NOW_SQL} and video_url like ${pattern} limit 20)`);
  const wanted = `${VIDEO_THUMBNAILS_PATH}${host}/${id}.jpg`;
  for (const { video_url: url } of rows) {
    const source = videoSource(url);
    if (source.kind === "embed" && source.thumbnail === wanted) return url;
  }
  return null;
}

function fetchOptions(accept: string): OutboundFetchOptions {
  return {
    timeoutMs: videoThumbnailSettings.fetchTimeoutMs,
    maxBytes: videoThumbnailSettings.maxSourceBytes,
    maxRedirects: 3,
    allowPrivateAddresses: videoThumbnailSettings.allowPrivateAddresses,
    accept,
    userAgent: "MarketWire video thumbnail",
  };
}

/** The host's picture: YouTube's at a fixed address, Vimeo's named by its oEmbed answer. */
async function download(host: VideoHost, id: string, videoUrl: string): Promise<Buffer> {
  if (host === "youtube")
    return fetchPublic(new URL(`/vi/${id}/hqdefault.jpg`, videoThumbnailSettings.youtubeBase), fetchOptions("image/*"));
  // An unlisted Vimeo video's address carries its hash (`?h=…`), without which oEmbed does not know it.
  const hash = new URL(videoUrl).searchParams.get("h");
  const page = `https://vimeo.com/${id}${hash && /^\w+$/.test(hash) ? `/${hash}` : ""}`;
  const oembed = new URL("/api/oembed.json", videoThumbnailSettings.vimeoBase);
  oembed.searchParams.set("url", page);
  oembed.searchParams.set("width", String(MAX_WIDTH));
  const answer = JSON.parse((await fetchPublic(oembed, fetchOptions("application/json"))).toString("utf8")) as { thumbnail_url?: unknown };
  if (typeof answer.thumbnail_url !== "string") throw new Error("the oEmbed answer names no thumbnail");
  return fetchPublic(new URL(answer.thumbnail_url), fetchOptions("image/*"));
}

/**
 * 16:9 from the centre (YouTube's hqdefault is 4:3 with black bars above and below a wide video), at most
 * MAX_WIDTH wide, as a JPEG with no metadata (sharp writes none unless asked).
 */
async function render(input: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const cropHeight = Math.min(height, Math.round((width * 9) / 16));
  const cropWidth = Math.min(width, Math.round((cropHeight * 16) / 9));
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize(Math.min(cropWidth, MAX_WIDTH), Math.round((Math.min(cropWidth, MAX_WIDTH) * 9) / 16), { fit: "cover", position: "centre" })
    .flatten({ background: "#000000" })
    .toColourspace("srgb")
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}
