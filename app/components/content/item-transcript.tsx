import type { MouseEvent } from "react";

import { formatDuration } from "~/lib/format";
import { seekPlayer } from "~/lib/player-seek";
import { timeFragment } from "~/lib/transcript-files";
import type { TranscriptOnPage } from "~/server/content/transcripts.server";

/*
 * PRODUCT.md "Transcripts": an item's transcript and chapters on its page. Every item page with a player
 * loads this module: plain markup, no `cn`, no icons (PRODUCT.md "Speed").
 */

/** Paragraphs shown before 'Show full transcript'. */
const OPEN_PARAGRAPHS = 5;

/** A start time: a link to this moment that plays the page's player from there, or the time alone when the player cannot seek. */
function Time({ seconds, seekable, label }: { seconds: number; seekable: boolean; label: string }) {
  // PRODUCT.md "Numbers and words": times as m:ss, like durations.
  const text = formatDuration(seconds);
  if (!seekable) return <span className="font-mono text-xs text-muted-foreground tabular-nums">{text}</span>;
  return (
    <a
      href={timeFragment(seconds)}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        seekPlayer(seconds);
      }}
      aria-label={`${label} ${text}`}
      className="rounded-sm font-mono text-xs text-sky-700 tabular-nums underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-sky-500 dark:text-sky-400"
    >
      {text}
    </a>
  );
}

function Paragraphs({ paragraphs, seekable }: { paragraphs: TranscriptOnPage["paragraphs"]; seekable: boolean }) {
  return paragraphs.map((paragraph, index) => (
    <p key={index} className="leading-relaxed">
      {paragraph.start !== null ? (
        <>
          <Time seconds={paragraph.start} seekable={seekable} label="Play from" />{" "}
        </>
      ) : null}
      {paragraph.speaker ? <span className="font-semibold">{paragraph.speaker}: </span> : null}
      {paragraph.text}
    </p>
  ));
}

/**
 * The chapters as a list of times and titles, then the transcript's paragraphs; past the first five, the
 * rest behind 'Show full transcript' (a disclosure: the words stay in the page).
 */
export function ItemTranscript({ transcript }: { transcript: TranscriptOnPage | null }) {
  if (!transcript) return null;
  const { paragraphs, chapters, seekable } = transcript;
  const open = paragraphs.slice(0, OPEN_PARAGRAPHS);
  const rest = paragraphs.slice(OPEN_PARAGRAPHS);
  return (
    <section aria-labelledby="transcript" className="max-w-3xl space-y-4 border-t pt-6">
      <h2 id="transcript" className="text-xl font-bold">
        {paragraphs.length > 0 ? "Transcript" : "Chapters"}
      </h2>
      {chapters.length > 0 ? (
        <nav aria-label="Chapters">
          {paragraphs.length > 0 ? <h3 className="mb-2 font-semibold">Chapters</h3> : null}
          <ol className="space-y-1 text-sm">
            {chapters.map((chapter) => (
              <li key={chapter.start} className="flex gap-3">
                <Time seconds={chapter.start} seekable={seekable} label={`${chapter.title}, play from`} />
                <span>{chapter.title}</span>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <Paragraphs paragraphs={open} seekable={seekable} />
      {rest.length > 0 ? (
        <details className="group space-y-4">
          <summary className="cursor-pointer rounded-sm text-sm font-medium text-sky-700 outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:text-sky-400">
            <span className="group-open:hidden">Show full transcript</span>
            <span className="hidden group-open:inline">Hide the rest of the transcript</span>
          </summary>
          <div className="mt-4 space-y-4">
            <Paragraphs paragraphs={rest} seekable={seekable} />
          </div>
        </details>
      ) : null}
    </section>
  );
}
