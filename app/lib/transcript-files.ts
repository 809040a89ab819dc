/**
 * Where a published item's transcript and chapters are served (PRODUCT.md "Transcripts"): the native
 * video's tracks, the podcast feed and anyone who wants the file read them; and the address of a moment
 * on the item's page (`#t=65`). Pure.
 */
import type { ContentType } from "./content-types";

export type TranscriptFile = "vtt" | "txt" | "chapters.vtt" | "chapters.json";

export const TRANSCRIPT_FILE_TYPES: Record<TranscriptFile, string> = {
  vtt: "text/vtt; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  "chapters.vtt": "text/vtt; charset=utf-8",
  "chapters.json": "application/json+chapters; charset=utf-8",
};

/** `/transcripts/podcast/{id}.vtt`, `/transcripts/podcast/{id}/chapters.json` … */
export function transcriptFilePath(type: ContentType, id: string, file: TranscriptFile): string {
  return file.startsWith("chapters") ? `/transcripts/${type}/${id}/${file}` : `/transcripts/${type}/${id}.${file}`;
}

/** The file a stored transcript is served as: WebVTT (stored with its `WEBVTT` header) or plain text. */
export function transcriptFileOf(stored: string): "vtt" | "txt" {
  return stored.startsWith("WEBVTT") ? "vtt" : "txt";
}

/** The fragment of a page at a time: `#t=90`. */
export function timeFragment(seconds: number): string {
  return `#t=${Math.floor(seconds)}`;
}

/** The time in `#t=90` (whole seconds, as timeFragment writes it), or null. */
export function timeFromFragment(hash: string): number | null {
  const match = /^#t=(\d{1,6})$/.exec(hash);
  return match ? Number(match[1]) : null;
}
