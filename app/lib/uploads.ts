/**
 * Uploads as the browser and the public pages see them (PRODUCT.md "Media library"): where a file is
 * sent, what comes back, and the public path of a stored file. Pure: no server imports.
 */

/** POST multipart/form-data here: a `file` field and a `kind` field ('image' or 'audio'). */
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
