/**
 * How the admin shows uploads (PRODUCT.md "Media library"): what the file pickers offer, sizes and types
 * as people read them, and the preview a library row uses. Pure; apart from lib/uploads.ts so none of it
 * reaches a public page, which only needs an upload's srcset.
 */
import { uploadSrcSet, type UploadKind } from "./uploads";

/** What the file pickers offer; the server still reads the type from the content. */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: "image/jpeg,image/png,image/webp,image/avif,image/gif",
  audio: "audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,.mp3,.m4a,.aac,.ogg,.opus",
};

/** The smallest copy of an uploaded image (the media library's preview), or the URL itself. */
export function smallestImageUrl(url: string): string {
  return uploadSrcSet(url)?.split(" ")[0] ?? url;
}

const TYPE_LABELS: Record<string, string> = {
  "image/jpeg": "JPEG image",
  "image/png": "PNG image",
  "image/webp": "WebP image",
  "image/avif": "AVIF image",
  "image/gif": "GIF image",
  "audio/mpeg": "MP3 audio",
  "audio/mp4": "M4A audio",
  "audio/aac": "AAC audio",
  "audio/ogg": "OGG audio",
};

/** How the media library names a stored type: 'PNG image', 'MP3 audio'. */
export function mediaTypeLabel(mimeType: string): string {
  return TYPE_LABELS[mimeType] ?? mimeType;
}

/** A size in bytes as people read it: '900 bytes', '512 KB', '12.3 MB' (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${units[unit]}`;
}
