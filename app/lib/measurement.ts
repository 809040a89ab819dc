/**
 * PRODUCT.md "Measurement": the counting route every podcast feed's enclosure points at, one address per
 * episode for its life (the id never changes; the extension follows the file's type, as podcast apps
 * require), and the public page that says how downloads are counted.
 */
import { CONTENT_REGISTRY, publicUrlFor } from "./content-registry";
import type { ContentType } from "./content-types";

/** The content types the podcast feed lists as episodes: podcasts, and interviews with an audio file. */
export const EPISODE_TYPES = ["podcast", "interview"] as const satisfies readonly ContentType[];
export type EpisodeType = (typeof EPISODE_TYPES)[number];

export function isEpisodeType(type: ContentType): type is EpisodeType {
  return (EPISODE_TYPES as readonly ContentType[]).includes(type);
}

export const EPISODE_AUDIO_ROUTE = "/e/:file";
export const METHODOLOGY_PATH = "/methodology";

const EXTENSIONS: Record<string, string> = { "audio/mpeg": ".mp3", "audio/x-m4a": ".m4a", "audio/mp4": ".m4a" };

/** `/e/{id}.mp3` (or `.m4a`) for an episode whose file has `mimeType`. */
export function episodeAudioPath(id: string, mimeType: string): string {
  return `/e/${id}${EXTENSIONS[mimeType] ?? ".mp3"}`;
}

/** The episode id of a counting route's file name (`{uuid}.mp3` or `.m4a`), or null. */
export function episodeIdOfFile(file: string): string | null {
  const match = /^([\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12})\.(mp3|m4a)$/i.exec(file);
  return match ? match[1]!.toLowerCase() : null;
}

/** PRODUCT.md "Measurement": the mails that carry items, by what the reader signed up for. */
export const MAIL_CHANNELS = ["newsletter", "alert"] as const;
export type MailChannel = (typeof MAIL_CHANNELS)[number];

export function isMailChannel(value: unknown): value is MailChannel {
  return (MAIL_CHANNELS as readonly unknown[]).includes(value);
}

/**
 * PRODUCT.md "Measurement": an item's link in a mail goes through `/go/{channel}/{slug}/{id}`, our redirect,
 * which counts the press and keeps nothing of the reader; it only ever leads to the item's own page.
 */
export const MAIL_LINK_ROUTE = "/go/:channel/:slug/:id";

export function mailLinkPath(channel: MailChannel, type: ContentType, id: string): string {
  return `/go/${channel}/${CONTENT_REGISTRY[type].slug}/${id}`;
}

/**
 * Where a mail's link leads: the item's page tagged `utm_source={channel}&utm_medium=email`, so the view it
 * brings is grouped under its mail (the page's counter sends utm_source).
 */
export function mailLandingPath(channel: MailChannel, type: ContentType, id: string): string {
  const url = new URL(publicUrlFor(type, id), "http://site.invalid");
  url.searchParams.set("utm_source", channel);
  url.searchParams.set("utm_medium", "email");
  return `${url.pathname}${url.search}${url.hash}`;
}
