/**
 * Where uploaded files live (PRODUCT.md "Media library"): one small interface with two backends, local
 * disk under `DATA_DIR/uploads` (the default) and S3-compatible object storage (all the S3_* variables
 * set). Bodies are streams both ways, so no file is ever held in memory whole. `getStorage()`
 * (current-storage.server.ts) gives the one the environment chooses.
 */
import path from "node:path";
import type { Readable } from "node:stream";

export interface StoredObject {
  /** Bytes of the whole object. */
  size: number;
  contentType: string;
  /** A strong validator, quoted as in an ETag header. */
  etag: string;
  lastModified: Date;
}

/** Inclusive byte offsets, as in a Range header; `end` is at most size - 1. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  readonly kind: "disk" | "s3";
  /** Stores `body` under `key`, replacing any object there; readers never see a partial object. */
  put(key: string, body: Readable, options: { contentType: string; size?: number }): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes (only `range` of them when given), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<(StoredObject & { body: Readable }) | null>;
  /** Deletes the object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Thrown for a key that could leave the storage's folder or is not one we would write. */
export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

/** Keys we write: segments of lower-case letters, digits, `.`, `_` and `-` starting with a letter or digit, so never `.` or `..`. */
const KEY = /^[a-z\d][a-z\d._-]*(\/[a-z\d][a-z\d._-]*)*$/;

export function checkStorageKey(key: string): string {
  if (key.length > 512 || !KEY.test(key)) {
    throw new StorageKeyError(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
  return key;
}

/** The types we store, by the extension our keys carry (it always comes from the detected type). */
const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
};

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}
