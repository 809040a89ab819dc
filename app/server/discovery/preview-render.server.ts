/**
 * Link-preview images behind preview-images.server.ts (PRODUCT.md "Discovery"): an item's thumbnail or
 * featured image (a web address, a demo file or an upload's original) covered to 1200×630, the site's
 * default image and the podcast cover, each rendered once with sharp and kept on disk under
 * `DATA_DIR/previews`:
 *
 *   previews/{type slug}/{id}/{source version}-{RENDER_REVISION}.jpg   an item's preview
 *   previews/site/{name}-{hash of the drawing}.jpg                      the default image, the podcast cover
 *
 * Concurrent requests for a missing file share one render, and none is ever half written
 * (file-cache.server.ts). A picture that cannot be read gives the default image,
 * and the failure is remembered for a few minutes so a dead host is not asked on every request.
 */
import { createHash } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import sharp from "sharp";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isHttpUrl, isSiteMediaPath } from "~/lib/media-fields";
import { UPLOADS_PATH } from "~/lib/uploads";

import { getEnv } from "../env.server";
import { storedOnce } from "../file-cache.server";
import { log } from "../log.server";
import { getStorage } from "../media/storage/current-storage.server";
import { StorageKeyError } from "../media/storage/storage.server";
import { fetchPublic } from "../outbound-fetch.server";
import { itemPreviewVersion, PODCAST_COVER_SIZE, PREVIEW_HEIGHT, PREVIEW_WIDTH, previewVersion } from "../seo/preview-images.server";
import { COMPANY_LOGO_BOX, companyCardSvg, defaultPreviewSvg, paidBandSvg, podcastCoverSvg } from "./preview-brand.server";

/** Bump when the rendering changes (size, crop, quality), so every item's preview is made again. */
const RENDER_REVISION = "r1";
const JPEG_OPTIONS = { mozjpeg: true, quality: 80 } as const;
/** Bigger pictures are refused (a decompression bomb), about a 64-megapixel photo. */
const MAX_INPUT_PIXELS = 64_000_000;
/** An SVG is drawn at the size that covers the preview: at most this many pixels. */
const MAX_SVG_RASTER_PIXELS = 16_000_000;
/** Transparent pictures sit on white, as on a light page. */
const FLATTEN_BACKGROUND = "#ffffff";

/** Limits of reading a source; tests shorten them and point `staticRoot` at a folder of their own. */
export const previewSettings = {
  /** Where `/media/…` paths are read; unset: the folder server.ts serves them from. */
  staticRoot: undefined as string | undefined,
  fetchTimeoutMs: 5_000,
  maxSourceBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
  /** Web addresses that are not global unicast (loopback, private, link-local …) are refused unless this is set. */
  allowPrivateAddresses: false,
  /** How long a picture that could not be read is not asked for again. */
  retryAfterMs: 5 * 60_000,
};

export interface PreviewImage {
  body: Buffer;
  /** Strong validator: the same bytes always carry the same tag. */
  etag: string;
  /** false when the default image stands in for the item's own (no picture, or it could not be read). */
  own: boolean;
}

/** A source that cannot become a preview: reported as a warning, answered with the default image. */
class PreviewSourceError extends Error {
  override name = "PreviewSourceError";
}

/* ---------------------------------------------------------------------------------------------------- */
/* The disk cache                                                                                         */

function previewsDir(): string {
  return path.join(getEnv().DATA_DIR, "previews");
}

/* ---------------------------------------------------------------------------------------------------- */
/* The site's own images                                                                                  */

const siteImages = new Map<string, Promise<PreviewImage>>();

/** One of the brand drawings as a JPEG, kept in memory once read (it is asked for on every other page). */
function siteImage(name: string, svg: string): Promise<PreviewImage> {
  const hash = createHash("sha256").update(svg).update(JSON.stringify(JPEG_OPTIONS)).digest("base64url").slice(0, 10);
  const file = path.join(previewsDir(), "site", `${name}-${hash}.jpg`);
  let image = siteImages.get(file);
  if (!image) {
    image = storedOnce(
      file,
      () => sharp(Buffer.from(svg)).jpeg(JPEG_OPTIONS).toBuffer(),
      (other) => other.startsWith(`${name}-`),
    ).then((body) => ({ body, etag: `"${name}-${hash}"`, own: true }));
    image.catch(() => siteImages.delete(file));
    siteImages.set(file, image);
  }
  return image;
}

/** The site-wide preview (DEFAULT_PREVIEW_PATH), 1200×630. */
export function defaultPreview(): Promise<PreviewImage> {
  return siteImage("default", defaultPreviewSvg(PREVIEW_WIDTH, PREVIEW_HEIGHT));
}

/** The podcast feed's cover (PODCAST_COVER_PATH), 1400×1400. */
export function podcastCover(): Promise<PreviewImage> {
  return siteImage("podcast-cover", podcastCoverSvg(PODCAST_COVER_SIZE));
}

/* ---------------------------------------------------------------------------------------------------- */
/* An item's preview                                                                                      */

/** Items whose picture could not be read lately, by type, id and version. */
const failures = new LRUCache<string, true>({ max: 10_000, ttl: previewSettings.retryAfterMs });

/**
 * The preview of item `id` whose picture is `source` (its current thumbnail or featured image): its own,
 * or the default image when it has none or it cannot be read. A paid item's carries the 'Paid promotion'
 * band, on the default image too (PRODUCT.md "Paid promotion").
 */
export async function itemPreview(type: ContentType, id: string, source: string | null | undefined, paid = false): Promise<PreviewImage> {
  if (!source && !paid) return { ...(await defaultPreview()), own: false };
  const version = itemPreviewVersion(source, paid);
  const key = `${type}/${id}/${version}`;
  if (failures.has(key)) return paidOr(paid, await defaultPreview(), version);
  const file = path.join(previewsDir(), CONTENT_REGISTRY[type].slug, id, `${version}-${RENDER_REVISION}.jpg`);
  try {
    const body = await storedOnce(
      file,
      async () => {
        const picture = source ? await renderSource(source) : (await defaultPreview()).body;
        return paid ? withPaidBand(picture) : picture;
      },
      () => true,
    );
    return { body, etag: `"${version}-${RENDER_REVISION}"`, own: true };
  } catch (error) {
    failures.set(key, true, { ttl: previewSettings.retryAfterMs });
    const reason = error instanceof Error ? error.message : String(error);
    log.warn(`The preview of ${type} ${id} is the default image: ${source} cannot be read (${reason}).`);
    return paidOr(paid, await defaultPreview(), version);
  }
}

/** The default image standing in for a paid item's picture that failed still says it is paid. */
async function paidOr(paid: boolean, fallback: PreviewImage, version: string): Promise<PreviewImage> {
  if (!paid) return { ...fallback, own: false };
  return { body: await withPaidBand(fallback.body), etag: `"${version}-default-${RENDER_REVISION}"`, own: false };
}

/** PRODUCT.md "Paid promotion": the band laid over a 1200×630 JPEG. */
async function withPaidBand(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg)
    .composite([{ input: Buffer.from(paidBandSvg(PREVIEW_WIDTH, PREVIEW_HEIGHT)) }])
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}

/** Forgets remembered failures (tests). */
export function forgetPreviewFailures() {
  failures.clear();
}

async function renderSource(source: string): Promise<Buffer> {
  return coverPreview(await readSource(source));
}

/** A picture's bytes: an upload's original, a demo file or a web address (within the limits above). */
async function readSource(source: string): Promise<Buffer> {
  if (isSiteMediaPath(source) && source.startsWith(UPLOADS_PATH)) return readUpload(source.slice(UPLOADS_PATH.length));
  if (isSiteMediaPath(source)) return readSiteFile(source);
  if (isHttpUrl(source)) return download(new URL(source));
  throw new PreviewSourceError("neither a site path nor a web address");
}

/* ---------------------------------------------------------------------------------------------------- */
/* A company's preview                                                                                    */

/**
 * PRODUCT.md "Company pages": the company's logo (contained, never cropped) on the brand card, kept on disk
 * as `previews/companies/{slug}/{logo version}-{RENDER_REVISION}.jpg`; the default image when it has no
 * logo or the logo cannot be read.
 */
export async function companyPreview(slug: string, logoUrl: string | null | undefined): Promise<PreviewImage> {
  if (!logoUrl) return { ...(await defaultPreview()), own: false };
  const version = previewVersion(logoUrl);
  const key = `company/${slug}/${version}`;
  if (failures.has(key)) return { ...(await defaultPreview()), own: false };
  const file = path.join(previewsDir(), "companies", slug, `${version}-${RENDER_REVISION}.jpg`);
  try {
    const body = await storedOnce(
      file,
      () => renderCompanyCard(logoUrl),
      () => true,
    );
    return { body, etag: `"${version}-${RENDER_REVISION}"`, own: true };
  } catch (error) {
    failures.set(key, true, { ttl: previewSettings.retryAfterMs });
    const reason = error instanceof Error ? error.message : String(error);
    log.warn(`The preview of company ${slug} is the default image: ${logoUrl} cannot be read (${reason}).`);
    return { ...(await defaultPreview()), own: false };
  }
}

async function renderCompanyCard(logoUrl: string): Promise<Buffer> {
  const { left, top, size } = COMPANY_LOGO_BOX;
  const input = await readSource(logoUrl);
  const logo = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
    .resize(size, size, { fit: "contain", background: FLATTEN_BACKGROUND })
    .flatten({ background: FLATTEN_BACKGROUND })
    .toColourspace("srgb")
    .png()
    .toBuffer();
  return sharp(Buffer.from(companyCardSvg(PREVIEW_WIDTH, PREVIEW_HEIGHT)))
    .composite([{ input: logo, left, top }])
    .flatten({ background: FLATTEN_BACKGROUND })
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}

/** `input` (any format sharp reads, SVG included) covering 1200×630, cropped from the centre, as JPEG. */
export async function coverPreview(input: Buffer): Promise<Buffer> {
  const { format, width, height } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // sharp draws an SVG at the scale it is resized to, so it stays sharp; one so narrow (or flat) that
  // covering the preview would mean drawing it huge is refused.
  const scale = Math.max(PREVIEW_WIDTH / width, PREVIEW_HEIGHT / height);
  if (format === "svg" && width * height * scale * scale > MAX_SVG_RASTER_PIXELS) throw new PreviewSourceError("SVG too narrow to cover");
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: "cover", position: "centre" })
    .flatten({ background: FLATTEN_BACKGROUND })
    .toColourspace("srgb")
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}

/* ---------------------------------------------------------------------------------------------------- */
/* Sources                                                                                                */

let builtClientDir: string | undefined;

/** The folder server.ts serves public files from: the build's client folder in production, public/ otherwise. */
function staticRoot(): string {
  if (previewSettings.staticRoot) return previewSettings.staticRoot;
  if (getEnv().NODE_ENV !== "production") return path.resolve("public");
  builtClientDir ??= findBuiltClientDir();
  return builtClientDir;
}

/** This module is bundled into `{build}/server/…`; server.ts serves `{build}/client`. */
function findBuiltClientDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    const client = path.join(dir, "..", "client");
    if (path.basename(dir) === "server" && existsSync(client)) return path.resolve(client);
    dir = path.dirname(dir);
  }
  return path.resolve(process.env.BUILD_DIR ?? "build", "client");
}

/** A `/media/…` file (isSiteMediaPath: plain segments, no `..`), read from the static folder. */
async function readSiteFile(sitePath: string): Promise<Buffer> {
  const root = path.resolve(staticRoot());
  const file = path.resolve(root, `.${sitePath}`);
  if (!file.startsWith(root + path.sep)) throw new PreviewSourceError("outside the static folder");
  const { size } = await fs.stat(file);
  if (size > previewSettings.maxSourceBytes) throw new PreviewSourceError(`larger than ${previewSettings.maxSourceBytes} bytes`);
  return fs.readFile(file);
}

/**
 * An uploaded picture's original (PRODUCT.md "Media library"), from whichever storage holds it, up to
 * the image upload limit.
 */
async function readUpload(key: string): Promise<Buffer> {
  const limit = Math.max(previewSettings.maxSourceBytes, getEnv().UPLOAD_MAX_BYTES.image);
  let object;
  try {
    object = await getStorage().get(key);
  } catch (error) {
    if (error instanceof StorageKeyError) throw new PreviewSourceError("not an upload");
    throw error;
  }
  if (!object) throw new PreviewSourceError("no such upload");
  if (object.size > limit) {
    object.body.destroy();
    throw new PreviewSourceError(`larger than ${limit} bytes`);
  }
  return buffer(object.body);
}

/** A web address's body, within previewSettings' limits and never from a non-public network. */
function download(url: URL): Promise<Buffer> {
  return fetchPublic(url, {
    timeoutMs: previewSettings.fetchTimeoutMs,
    maxBytes: previewSettings.maxSourceBytes,
    maxRedirects: previewSettings.maxRedirects,
    allowPrivateAddresses: previewSettings.allowPrivateAddresses,
    accept: "image/*",
    userAgent: "MarketWire link preview",
  });
}
