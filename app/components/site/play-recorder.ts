/**
 * PRODUCT.md "Measurement": a page view's play marks, loaded on the first play (`usePlayMarks`). `play` at
 * once, each quarter as the media reaches it, and `leave` with the seconds played since the last mark when
 * the reader leaves the item or the page; each once per view, after the view's counter POST.
 */
import { playPath, quartilesReached, type PlayedType, type PlayMark } from "~/lib/play-marks";

import type { PlayView } from "./counters";

/** A jump of the position longer than this between two time updates is a seek, not time played. */
const MAX_TICK_SECONDS = 3;

export function recordPlay(type: PlayedType, view: PlayView, media: HTMLMediaElement | null, counted: Promise<unknown> | undefined) {
  if (view.recorded) return;
  view.recorded = true;
  const sent = new Set<PlayMark>();
  let unsent = 0;
  let position: number | null = null;
  let open = true;

  const send = (mark: PlayMark) => {
    if (sent.has(mark)) return;
    sent.add(mark);
    const seconds = Math.floor(unsent);
    unsent -= seconds;
    const url = `${playPath(type, view.id)}?mark=${mark}&s=${seconds}`;
    // keepalive: the mark sent as the page goes still arrives.
    void (counted ?? Promise.resolve()).then(() => fetch(url, { method: "POST", keepalive: true }).catch(() => undefined));
  };

  const advance = (at: number) => {
    // The element may outlive the view (another item in the same player): its view ended with `leave`.
    if (!open || !media) return;
    const tick = position == null ? 0 : at - position;
    if (!media.paused && tick > 0 && tick < MAX_TICK_SECONDS) unsent += tick;
    position = at;
    for (const mark of quartilesReached(at, media.duration, sent)) send(mark);
  };

  const leave = () => {
    if (!open) return;
    open = false;
    if (unsent >= 1) send("leave");
    window.removeEventListener("pagehide", leave);
  };

  send("play");
  media?.addEventListener("timeupdate", () => advance(media.currentTime));
  media?.addEventListener("ended", () => advance(media.duration));
  window.addEventListener("pagehide", leave);
  view.leave = leave;
}
