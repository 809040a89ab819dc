/**
 * PRODUCT.md "Transcripts": a transcript's or a chapter's time asks the page's player to play from there,
 * and a page opened at `#t=90` (a search result found in a transcript) starts its player there. The
 * players listen; the transcript only announces the time, so it needs no handle on them.
 */
import { useEffect, useRef } from "react";

import { timeFragment, timeFromFragment } from "./transcript-files";

const SEEK_EVENT = "marketwire:seek";

export interface SeekRequest {
  seconds: number;
  /** Play at once (a reader's press), or only start there when played (a page opened at a time). */
  play: boolean;
}

/** Asks the page's player to play from `seconds`, and keeps the time in the address (a link to this moment). */
export function seekPlayer(seconds: number) {
  window.history.replaceState(window.history.state, "", timeFragment(seconds));
  window.dispatchEvent(new window.CustomEvent<SeekRequest>(SEEK_EVENT, { detail: { seconds, play: true } }));
}

/** Calls `onSeek` for each request, and once on mount when the page was opened at a time. */
export function useSeekRequests(onSeek: (request: SeekRequest) => void) {
  const handler = useRef(onSeek);
  useEffect(() => {
    handler.current = onSeek;
  });
  useEffect(() => {
    const opened = timeFromFragment(window.location.hash);
    if (opened !== null) handler.current({ seconds: opened, play: false });
    const listener = (event: Event) => handler.current((event as CustomEvent<SeekRequest>).detail);
    window.addEventListener(SEEK_EVENT, listener);
    return () => window.removeEventListener(SEEK_EVENT, listener);
  }, []);
}

/** A native player's answer to a request. */
export function seekMedia(media: HTMLMediaElement | null, { seconds, play }: SeekRequest) {
  if (!media) return;
  media.currentTime = seconds;
  if (play) void media.play().catch(() => undefined);
}
