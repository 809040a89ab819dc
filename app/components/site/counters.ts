import * as React from "react";

/** POSTs to a counter endpoint and reads the new count; null when it failed (the page keeps its number). */
async function postCounter(url: string, field: "views" | "listens"): Promise<number | null> {
  try {
    const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" } });
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
    void postCounter(`/api/${slug}/${id}/view`, "views").then((views) => {
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
    void postCounter(`/api/podcasts/${podcastId}/listen`, "listens").then((listens) => {
      if (listens != null) setCounted({ id: podcastId, listens });
    });
  }, [podcastId]);
  return { listens: counted?.id === podcastId ? counted.listens : initialListens, recordListen };
}
