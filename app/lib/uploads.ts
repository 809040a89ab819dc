/**
 * Uploads as the browser and the public pages see them (PRODUCT.md "Media library"): where a file is
 * sent, what comes back, the public path of a stored file and the names of an image's resized copies.
 * Pure: no server imports.
 */

/** POST multipart/form-data here: a `kind` field ('image' or 'audio'; absent: whichever the file is) and a `file` field. */
export const UPLOAD_ENDPOINT = "/admin/media/upload";

/** Every upload is served under this path, whatever the storage. */
export const UPLOADS_PATH = "/uploads/";

export type UploadKind = "image" | "audio";

/** The 201 answer's `media`; a refusal answers 4xx with `{ error: "message" }`. */
export interface UploadedMedia {
  id: string;
  kind: UploadKind;
  /** The public path of the original: /uploads/{storage key}. */
  url: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  /** Audio: whole seconds. */
  duration: number | null;
}

/** The public path of a stored file. */
export function uploadUrl(storageKey: string): string {
  return `${UPLOADS_PATH}${storageKey}`;
}

/** Widths of an image's WebP copies: cards, detail pages, large screens. Never wider than the original. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

/**
 * Storage keys. An image's original carries its width in its name (`images/{id}-{width}w.{ext}`) and its
 * copies theirs (`images/{id}-{width}w.webp`), so a page can list the copies (srcset) from the URL alone.
 */
export const imageKey = (id: string, width: number, ext: string) => `images/${id}-${width}w.${ext}`;
export const audioKey = (id: string, ext: string) => `audio/${id}.${ext}`;

/** The widths of the copies made of an image `width` pixels wide: only those narrower than it. */
export function variantWidths(width: number): number[] {
  return IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width);
}

const UPLOADED_IMAGE = /^\/uploads\/images\/([\da-f-]{36})-(\d+)w\.[a-z\d]+$/;

/** The width in pixels of an uploaded image's original, read from its URL; undefined for any other URL. */
export function uploadedImageWidth(url: string): number | undefined {
  const match = UPLOADED_IMAGE.exec(url);
  return match ? Number(match[2]) : undefined;
}

/**
 * The `srcset` of an uploaded image's URL: its WebP copies, and the original itself while it is no wider
 * than the largest copy; undefined for any other URL or an image too small to have copies.
 */
export function uploadSrcSet(url: string): string | undefined {
  const match = UPLOADED_IMAGE.exec(url);
  if (!match) return undefined;
  const width = Number(match[2]);
  const set = variantWidths(width).map((w) => `${UPLOADS_PATH}images/${match[1]}-${w}w.webp ${w}w`);
  if (set.length === 0) return undefined;
  if (width <= IMAGE_VARIANT_WIDTHS[2]) set.push(`${url} ${width}w`);
  return set.join(", ");
}
