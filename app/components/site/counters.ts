import * as React from "react";

import type { PlayedType } from "~/lib/play-marks";

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

/** What a player calls when it starts playing: its media element's play event, or nothing for a host's frame. */
export type PlayStarted = (event?: React.SyntheticEvent<HTMLMediaElement>) => void;

/** One page view of an item, as `play-recorder.ts` keeps it: `leave` sends its last seconds and ends it. */
export interface PlayView {
  id: string;
  recorded?: boolean;
  leave?: () => void;
}

/**
 * PRODUCT.md "Measurement": the marks of the item's player, each sent once per page view after the view's
 * (or listen's) counter POST. The recorder is loaded on the first play, so a page whose reader never plays
 * carries none of it (PRODUCT.md "Speed").
 */
export function usePlayMarks(type: PlayedType, id: string): PlayStarted {
  const view = React.useRef<PlayView>({ id });
  if (view.current.id !== id) view.current = { id };
  // Leaving the item (another item, another page) sends the seconds played since the last mark.
  React.useEffect(() => {
    const current = view.current;
    return () => current.leave?.();
  }, [id]);
  return React.useCallback(
    (event) => {
      const media = event?.currentTarget ?? null;
      const current = view.current;
      void import("./play-recorder").then(({ recordPlay }) => recordPlay(type, current, media, counterPosts.get(current.id)));
    },
    [type],
  );
}
