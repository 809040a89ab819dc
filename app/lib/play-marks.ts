/**
 * PRODUCT.md "Measurement": what a page's player reports of a play. Each mark is one small POST to
 * `/api/{slug}/{id}/play?mark=…&s=…`, sent at most once per page view; `s` is the seconds played since the
 * view's previous mark, so their sum is the time played. Pure: the players and the endpoint read the same rules.
 */
import type { ContentType } from "./content-types";

/** A play started; it reached a quarter of the item; the reader left (or the play ended) with time unsent. */
export const PLAY_MARKS = ["play", "25", "50", "75", "100", "leave"] as const;
export type PlayMark = (typeof PLAY_MARKS)[number];

/** The quarters, in the order a play reaches them. */
export const QUARTILE_MARKS = ["25", "50", "75", "100"] as const satisfies readonly PlayMark[];

/**
 * The types whose pages have a player, by their counters' path segment (the registry's slug; a test holds
 * them equal). Written out, so the players' bundle does not carry the registry.
 */
export const PLAYED_SLUGS = { video: "videos", interview: "interviews", podcast: "podcasts" } as const satisfies Partial<
  Record<ContentType, string>
>;
export type PlayedType = keyof typeof PLAYED_SLUGS;
export const PLAYED_TYPES = Object.keys(PLAYED_SLUGS) as PlayedType[];

export function isPlayedType(type: ContentType): type is PlayedType {
  return type in PLAYED_SLUGS;
}

/** Seconds one mark may carry: six hours, longer than any piece we publish. */
export const MAX_MARK_SECONDS = 21_600;

export const PLAY_MARK_MESSAGES = {
  mark: `The mark must be one of ${PLAY_MARKS.join(", ")}.`,
  seconds: `Seconds must be a whole number from 0 to ${MAX_MARK_SECONDS}.`,
} as const;

export function isPlayMark(value: unknown): value is PlayMark {
  return typeof value === "string" && (PLAY_MARKS as readonly string[]).includes(value);
}

/** The seconds a mark carries: absent is 0; anything but a whole number in range is null (refused). */
export function markSeconds(value: unknown): number | null {
  if (value === undefined) return 0;
  if (typeof value !== "string" || !/^\d{1,5}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= MAX_MARK_SECONDS ? seconds : null;
}

/** `/api/{slug}/{id}/play`, the play endpoint of an item. */
export function playPath(type: PlayedType, id: string): string {
  return `/api/${PLAYED_SLUGS[type]}/${id}/play`;
}

/** Express's pattern of each played type's endpoint. */
export const PLAY_ROUTES: readonly { type: PlayedType; pattern: string }[] = PLAYED_TYPES.map((type) => ({
  type,
  pattern: playPath(type, ":id"),
}));

/**
 * The quarters a play at `position` of `duration` seconds has reached and not yet reported (`sent`), in
 * order. The last quarter is reached at the end (within half a second), as players stop a hair short of it.
 */
export function quartilesReached(position: number, duration: number, sent: ReadonlySet<PlayMark>): PlayMark[] {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(position)) return [];
  return QUARTILE_MARKS.filter((mark) => {
    if (sent.has(mark)) return false;
    const at = (Number(mark) / 100) * duration;
    return mark === "100" ? position >= duration - 0.5 : position >= at;
  });
}

/** The share of plays that reached a quarter, in whole per cent; null without plays. */
export function completionPercent(reached: number, plays: number): number | null {
  return plays > 0 ? Math.round((Math.min(reached, plays) / plays) * 100) : null;
}

/** PRODUCT.md "Measurement": plays, the plays that reached each quarter, and the seconds played in all. */
export interface PlayFigures {
  plays: number;
  q25: number;
  q50: number;
  q75: number;
  q100: number;
  seconds: number;
}

/** The average seconds played per play, whole; null without plays. */
export function averageSeconds(figures: PlayFigures | null): number | null {
  return figures && figures.plays > 0 ? Math.round(figures.seconds / figures.plays) : null;
}
