import * as React from "react";

import { playPath, quartilesReached, type PlayedType, type PlayMark } from "~/lib/play-marks";

/** Whether this document has counted a view yet: its first comes from document.referrer, later ones from our own pages. */
let landed = false;

/**
 * PRODUCT.md "Measurement": where the reader came from, as the counter takes it: the referring page's host
 * alone (never its address, which may carry someone's query) and the link's utm_source.
 */
function origin(): string {
  const params = new URLSearchParams();
  const referrer = landed ? window.location.href : document.referrer;
  landed = true;
  if (referrer && URL.canParse(referrer)) params.set("ref", new URL(referrer).hostname);
  const source = new URLSearchParams(window.location.search).get("utm_source");
  if (source) params.set("src", source.slice(0, 50));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Each item's counter POST of this document: a player's marks wait for it (PRODUCT.md "Measurement"). */
const counterPosts = new Map<string, Promise<unknown>>();

/** POSTs to a counter endpoint and reads the new count; null when it failed (the page keeps its number). */
function postCounter(id: string, url: string, field: "views" | "listens"): Promise<number | null> {
  const post = readCounter(url, field);
  counterPosts.set(id, post);
  return post;
}

async function readCounter(url: string, field: "views" | "listens"): Promise<number | null> {
  try {
    const response = await fetch(`${url}${origin()}`, { method: "POST", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as Record<string, unknown>;
    return typeof body[field] === "number" ? body[field] : null;
  } catch {
    return null;
  }
}

/** The types whose pages count views, by their counter's path segment: /api/{slug}/{id}/view. */
export type ViewCountedSlug = "videos" | "blogs" | "interviews" | "special-features";

/**
 * PRODUCT.md "Counters": counts one view per page view of a video, article, interview or special feature,
 * in the browser after hydration (never on the server render or a prefetch), and returns the count to
 * show. The ref keeps React's development double-effects and revalidations from counting twice; moving to
 * another item counts that one.
 */
export function useViews(slug: ViewCountedSlug, id: string, initialViews: number): number {
  const [counted, setCounted] = React.useState<{ id: string; views: number } | null>(null);
  const countedFor = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (countedFor.current === id) return;
    countedFor.current = id;
    void postCounter(id, `/api/${slug}/${id}/view`, "views").then((views) => {
      if (views != null) setCounted({ id, views });
    });
  }, [slug, id]);
  return counted?.id === id ? counted.views : initialViews;
}

/** PRODUCT.md "Counters": playing a podcast records one listen per page view; returns the count to show and the recorder. */
export function usePodcastListens(podcastId: string, initialListens: number) {
  const [counted, setCounted] = React.useState<{ id: string; listens: number } | null>(null);
  const recordedFor = React.useRef<string | null>(null);
  const recordListen = React.useCallback(() => {
    if (recordedFor.current === podcastId) return;
    recordedFor.current = podcastId;
    void postCounter(podcastId, `/api/podcasts/${podcastId}/listen`, "listens").then((listens) => {
      if (listens != null) setCounted({ id: podcastId, listens });
    });
  }, [podcastId]);
  return { listens: counted?.id === podcastId ? counted.listens : initialListens, recordListen };
}

/** The media element events a player hands to `usePlayMarks`' recorder. */
export interface PlayMarkHandlers {
  onPlay: () => void;
  onTimeUpdate: (event: React.SyntheticEvent<HTMLMediaElement>) => void;
  onEnded: (event: React.SyntheticEvent<HTMLMediaElement>) => void;
}

/** A jump of the position longer than this between two time updates is a seek, not time played. */
const MAX_TICK_SECONDS = 3;

/**
 * PRODUCT.md "Measurement": the marks of the item's player, each sent once per page view after the view's
 * (or listen's) counter POST: `play`, each quarter reached, and on leaving the page the seconds played since
 * the last mark. A video host's frame reports nothing back, so its press is the play alone.
 */
export function usePlayMarks(type: PlayedType, id: string): PlayMarkHandlers {
  const view = React.useRef({ id, sent: new Set<PlayMark>(), unsent: 0, position: null as number | null });
  if (view.current.id !== id) view.current = { id, sent: new Set(), unsent: 0, position: null };

  const send = React.useCallback(
    (mark: PlayMark) => {
      const current = view.current;
      if (current.sent.has(mark)) return;
      current.sent.add(mark);
      const seconds = Math.floor(current.unsent);
      current.unsent -= seconds;
      const url = `${playPath(type, current.id)}?mark=${mark}&s=${seconds}`;
      // keepalive: the mark sent as the page goes still arrives.
      const post = () => fetch(url, { method: "POST", keepalive: true }).catch(() => undefined);
      void (counterPosts.get(current.id) ?? Promise.resolve()).then(post);
    },
    [type],
  );

  React.useEffect(() => {
    const leave = () => {
      if (view.current.sent.has("play") && view.current.unsent >= 1) send("leave");
    };
    window.addEventListener("pagehide", leave);
    return () => {
      leave();
      window.removeEventListener("pagehide", leave);
    };
  }, [id, send]);

  return React.useMemo(() => {
    const advance = (media: HTMLMediaElement, position: number) => {
      const current = view.current;
      const tick = current.position == null ? 0 : position - current.position;
      if (!media.paused && tick > 0 && tick < MAX_TICK_SECONDS) current.unsent += tick;
      current.position = position;
      for (const mark of quartilesReached(position, media.duration, current.sent)) send(mark);
    };
    return {
      onPlay: () => send("play"),
      onTimeUpdate: (event) => advance(event.currentTarget, event.currentTarget.currentTime),
      onEnded: (event) => advance(event.currentTarget, event.currentTarget.duration),
    };
  }, [send]);
}
