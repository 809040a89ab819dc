/**
 * Transcripts and chapters on the server (PRODUCT.md "Transcripts"): the words search matches, written
 * with the transcript wherever an item's columns are written (a save, an approved revision).
 */
import { NO_STORE, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-headers";
import { hasTranscript } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";
import type { AudioSource, VideoSource } from "~/lib/media";
import { TRANSCRIPT_FILE_TYPES, transcriptFilePath, type TranscriptFile } from "~/lib/transcript-files";
import {
  chaptersJson,
  chaptersVtt,
  readStoredChapters,
  readStoredTranscript,
  transcriptParagraphs,
  transcriptWords,
  type Chapter,
} from "~/lib/transcripts";

import { getDb, type schema } from "../db/db.server";
import { CONTENT_TABLES } from "./content-tables.server";
import { isPublishedId } from "./published.server";

/** The columns with `transcriptText` set from `transcript` (types without transcripts: as they are). */
export function withTranscriptWords(type: ContentType, columns: Record<string, unknown>): Record<string, unknown> {
  if (!hasTranscript(type) || !("transcript" in columns)) return columns;
  const transcript = columns.transcript;
  return { ...columns, transcriptText: typeof transcript === "string" && transcript ? transcriptWords(transcript) : null };
}

/** A published item's transcript as its page shows it (PRODUCT.md "Transcripts"). */
export interface TranscriptOnPage {
  /** Timed paragraphs from WebVTT (with their start and speaker), or plain-text paragraphs (start null). */
  paragraphs: { start: number | null; speaker: string | null; text: string }[];
  chapters: Chapter[];
  /** Whether the page's player can play from a time (native audio and video, a video host's frame). */
  seekable: boolean;
  /** The WebVTT files a native video's tracks load (null: nothing to load). */
  captionsUrl: string | null;
  chaptersUrl: string | null;
}

/** Null for an item with neither a transcript nor chapters. Parsed here, so the page loads no parser. */
export function transcriptOnPage(
  type: ContentType,
  row: { id: string; transcript?: string | null; chapters?: string | null },
  player: VideoSource | AudioSource,
): TranscriptOnPage | null {
  const chapters = readStoredChapters(row.chapters);
  if (!row.transcript && chapters.length === 0) return null;
  const stored = row.transcript ? readStoredTranscript(row.transcript) : null;
  const paragraphs =
    stored?.format === "vtt"
      ? transcriptParagraphs(stored.cues)
      : (stored?.paragraphs ?? []).map((text) => ({ start: null, speaker: null, text }));
  return {
    paragraphs,
    chapters,
    // The audio host's frame takes no start time; a link is no player.
    seekable: player.kind === "file" || player.kind === "embed",
    captionsUrl: stored?.format === "vtt" ? transcriptFilePath(type, row.id, "vtt") : null,
    chaptersUrl: chapters.length > 0 ? transcriptFilePath(type, row.id, "chapters.vtt") : null,
  };
}

/** Which file a `/transcripts/{type}/…` path asks for: `{id}.vtt`, `{id}.txt`, `{id}/chapters.vtt`, `{id}/chapters.json`. */
function readFilePath(path: string): { id: string; file: TranscriptFile } | null {
  const match = /^([0-9a-f-]{36})(?:\.(vtt|txt)|\/(chapters\.vtt|chapters\.json))$/i.exec(path);
  if (!match || !isUuid(match[1])) return null;
  return { id: match[1]!.toLowerCase(), file: (match[2] ?? match[3]) as TranscriptFile };
}

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * PRODUCT.md "Transcripts": a published item's transcript or chapters as a file (`text/vtt`, plain text or
 * Podcasting 2.0 JSON chapters); 404 for anything else (an unknown type, id or file, an item not live, a
 * file the item has not: a plain-text transcript has no .vtt, a WebVTT one no .txt).
 */
export async function transcriptFileResponse(typeParam: string | undefined, path: string | undefined): Promise<Response> {
  const type = CONTENT_TYPES.find((key) => key === typeParam);
  const wanted = path ? readFilePath(path) : null;
  if (!type || !hasTranscript(type) || !wanted) return NOT_FOUND();
  const table = CONTENT_TABLES[type] as typeof schema.podcasts;
  const db = await getDb();
  const [row] = await db
    .select({ transcript: table.transcript, chapters: table.chapters, duration: table.duration })
    .from(table)
    .where(isPublishedId(CONTENT_TABLES[type], wanted.id));
  if (!row) return NOT_FOUND();
  const body = fileBody(wanted.file, row);
  if (body === null) return NOT_FOUND();
  return new Response(body, {
    headers: {
      "Content-Type": TRANSCRIPT_FILE_TYPES[wanted.file],
      "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL,
      // Players and podcast apps on other sites read these files (PRODUCT.md "Discovery").
      "Access-Control-Allow-Origin": "*",
    },
  });
}

function fileBody(
  file: TranscriptFile,
  row: { transcript: string | null; chapters: string | null; duration: number | null },
): string | null {
  const stored = row.transcript ? readStoredTranscript(row.transcript) : null;
  const chapters = readStoredChapters(row.chapters);
  switch (file) {
    case "vtt":
      return stored?.format === "vtt" ? row.transcript : null;
    case "txt":
      return stored?.format === "text" ? `${row.transcript}\n` : null;
    case "chapters.vtt":
      return chapters.length > 0 ? chaptersVtt(chapters, row.duration) : null;
    case "chapters.json":
      return chapters.length > 0 ? JSON.stringify(chaptersJson(chapters)) : null;
  }
}
