/**
 * PRODUCT.md "Transcripts": which results of a search page were found only in their transcript, and where
 * in it. Runs after the search statement, on the page's results alone (at most 12, by primary key).
 */
import { sql } from "drizzle-orm";

import { CONTENT_REGISTRY, hasTranscript, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import type { SearchResult, TranscriptMatch } from "~/lib/search";
import { timeFragment } from "~/lib/transcript-files";
import { findCue, readStoredTranscript } from "~/lib/transcripts";

import type { Database } from "../db/db.server";

/** Words shown around the match. */
const SNIPPET_LENGTH = 200;

/**
 * The results found only in their transcript, by id: the same test as search (a lower-cased substring),
 * on the other fields (not found there) and on the transcript's words (found there).
 */
export async function transcriptMatches(
  db: Pick<Database, "execute">,
  query: string,
  results: SearchResult[],
): Promise<Map<string, TranscriptMatch>> {
  const found = new Map<string, TranscriptMatch>();
  const types = [...new Set(results.map((result) => result.contentType))].filter(hasTranscript);
  if (!query || types.length === 0) return found;
  const branches = types.map((type) => {
    const ids = results.filter((result) => result.contentType === type).map((result) => sql`${result.id}::uuid`);
    // Table names come from the registry, never from input.
    return sql`select ${type}::text as content_type, id, transcript from ${sql.identifier(CONTENT_REGISTRY[type].tableName)}
      where id in (${sql.join(ids, sql`, `)})
        and strpos(lower(coalesce(transcript_text, '')), lower(${query})) > 0
        and strpos(lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, '')), lower(${query})) = 0`;
  });
  const { rows } = (await db.execute(sql.join(branches, sql` union all `))) as unknown as {
    rows: { content_type: ContentType; id: string; transcript: string }[];
  };
  for (const row of rows) found.set(row.id, matchIn(row.content_type, row.id, row.transcript, query));
  return found;
}

/** The cue (WebVTT) or sentence (plain text) holding the query, as a result shows it. */
export function matchIn(type: ContentType, id: string, transcript: string, query: string): TranscriptMatch {
  const page = publicUrlFor(type, id);
  const stored = readStoredTranscript(transcript);
  if (stored.format === "vtt") {
    const cue = findCue(stored.cues, query);
    if (cue) return { text: around(cue.text.replace(/\s+/g, " "), query), start: cue.start, href: `${page}${timeFragment(cue.start)}` };
  } else {
    const text = stored.paragraphs.join(" ").replace(/\s+/g, " ");
    const sentence = text.split(/(?<=[.!?])\s+/).find((part) => part.toLowerCase().includes(query.toLowerCase()));
    if (sentence) return { text: around(sentence, query), start: null, href: `${page}#transcript` };
  }
  // Case folding in the browser's sense and PostgreSQL's can differ on rare letters: the result still says where.
  return { text: "", start: null, href: `${page}#transcript` };
}

/** At most SNIPPET_LENGTH characters of `text` around the query's first occurrence, with '…' where cut. */
function around(text: string, query: string): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const at = Math.max(0, text.toLowerCase().indexOf(query.toLowerCase()));
  const start = Math.max(0, Math.min(at - Math.floor((SNIPPET_LENGTH - query.length) / 2), text.length - SNIPPET_LENGTH));
  const cut = text.slice(start, start + SNIPPET_LENGTH).trim();
  return `${start > 0 ? "…" : ""}${cut}${start + SNIPPET_LENGTH < text.length ? "…" : ""}`;
}
