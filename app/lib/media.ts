/**
 * How stored media URLs become players (PRODUCT.md "Video", PRODUCT.md "Audio"), and the one URL parser
 * (`media-fields.ts` checks a media field with it). Pure: used by loaders and components.
 */

import { AUDIO_HOST_ORIGIN, FRAME_ORIGINS } from "./frame-hosts";

const LOCAL_BASE = "http://site.invalid";

/**
 * The one URL parser, behind the players here and the media fields' rules: an http(s) address with a
 * host, read on its own or, with `base`, as a path on that site. Null for anything else (`javascript:`,
 * `data:`, text that is no URL).
 */
export function parseHttpUrl(value: string, base?: string): URL | null {
  try {
    const url = new URL(value, base);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Only web URLs may reach an iframe `src`, a `<video>`/`<audio>` or a link (no `javascript:` etc.):
 * absolute http(s) URLs, or paths on this site (`/media/…`, the demo content's files). A stored value is
 * trimmed first.
 */
function parseWebUrl(url: string | null | undefined): URL | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith("/")) return value.startsWith("//") || value.startsWith("/\\") ? null : parseHttpUrl(value, LOCAL_BASE);
  return parseHttpUrl(value);
}

/** The URL to put in the page: site paths stay relative. */
function hrefOf(url: URL): string {
  return url.origin === LOCAL_BASE ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

// ---------------------------------------------------------------------------------------------
// Embedded frames

/** Whether a URL may be a frame's `src`: https on one of the frame hosts. */
export function isFrameUrl(url: string | null | undefined): boolean {
  const parsed = parseWebUrl(url);
  return parsed !== null && parsed.protocol === "https:" && FRAME_ORIGINS.includes(parsed.origin);
}

// ---------------------------------------------------------------------------------------------
// Video

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTUBE_NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const YOUTUBE_SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A start offset such as `90`, `90s` or `1h2m3s` in seconds; null when absent or unreadable. */
function parseStartSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || !(match[1] || match[2] || match[3])) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/** The video id of a YouTube watch, short, shorts, live or embed URL, with whether it is already an embed. */
function youtubeVideo(url: URL): { id: string; isEmbed: boolean } | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  let isEmbed = false;
  if (YOUTUBE_SHORT_HOSTS.has(host)) {
    id = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (segments[0] === "embed") {
      id = segments[1];
      isEmbed = true;
    } else if (segments[0] === "shorts" || segments[0] === "live" || segments[0] === "v") id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? { id, isEmbed } : null;
}

/** A video host's player for a page: the frame's `src` and our stored copy of the host's picture. */
interface VideoEmbed {
  src: string;
  thumbnail: string;
}

/** Where the site serves its stored copy of a host's picture of a video (PRODUCT.md "Video"). */
export const VIDEO_THUMBNAILS_PATH = "/video-thumbnails/";

function videoEmbed(parsed: URL): VideoEmbed | null {
  const youtube = youtubeVideo(parsed);
  if (youtube) {
    const thumbnail = `${VIDEO_THUMBNAILS_PATH}youtube/${youtube.id}.jpg`;
    if (youtube.isEmbed) {
      const embed = new URL(parsed);
      embed.protocol = "https:";
      embed.hostname = YOUTUBE_NOCOOKIE_HOSTS.has(parsed.hostname.toLowerCase()) ? "www.youtube-nocookie.com" : "www.youtube.com";
      embed.port = "";
      return { src: embed.toString(), thumbnail };
    }
    const start = parseStartSeconds(parsed.searchParams.get("t") ?? parsed.searchParams.get("start"));
    return { src: `https://www.youtube.com/embed/${youtube.id}${start ? `?start=${start}` : ""}`, thumbnail };
  }
  const vimeo = /^\/video\/(\d+)\/?$/.exec(parsed.pathname);
  if (parsed.hostname.toLowerCase() === "player.vimeo.com" && vimeo) {
    const embed = new URL(parsed);
    embed.protocol = "https:";
    embed.port = "";
    return { src: embed.toString(), thumbnail: `${VIDEO_THUMBNAILS_PATH}vimeo/${vimeo[1]}.jpg` };
  }
  return null;
}

/**
 * PRODUCT.md "Video": a video-host URL in watch form (`youtube.com/watch?v=…`, also `m.`/`music.`) or short
 * form (`youtu.be/…`, `/shorts/…`) becomes `https://www.youtube.com/embed/{id}` (a `t`/`start` offset is kept
 * as `?start=`). An embed URL keeps its path and parameters, on the frame host's https address
 * (PRODUCT.md "Security headers": only the frame hosts' players become frames). Anything else: null.
 */
export function toEmbedUrl(url: string | null | undefined): string | null {
  const parsed = parseWebUrl(url);
  return (parsed && videoEmbed(parsed)?.src) ?? null;
}

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|mov)$/i;

export type VideoSource =
  ({ kind: "embed" } & VideoEmbed) | { kind: "file"; src: string } | { kind: "link"; href: string } | { kind: "none" };

/** Which player a video URL gets: a host's frame (behind a picture until played), the native `<video>`, or just a link. */
export function videoSource(url: string | null | undefined): VideoSource {
  const parsed = parseWebUrl(url);
  if (!parsed) return { kind: "none" };
  const embed = videoEmbed(parsed);
  if (embed) return { kind: "embed", ...embed };
  if (VIDEO_FILE.test(parsed.pathname)) return { kind: "file", src: hrefOf(parsed) };
  return { kind: "link", href: hrefOf(parsed) };
}

// ---------------------------------------------------------------------------------------------
// Audio

/**
 * PRODUCT.md "Audio": the four patterns an audio-host post id is read from, in order: posts/{digits}.mp3,
 * posts/{digits}, boos/{digits}, and a file name ending in {digits}.mp3 (the host's episode files are
 * named `…/some-title-854990733.mp3`).
 */
const AUDIO_POST_PATTERNS = [/posts\/(\d+)\.mp3/i, /posts\/(\d+)/i, /boos\/(\d+)/i, /(\d+)\.mp3(?:[?#].*)?$/i];

export function audioPostId(url: string | null | undefined): string | null {
  const value = url?.trim();
  // A site-relative path (`/media/…`) is one of the site's own files, never an audio-host post: it
  // always plays in the native player, whatever its name.
  if (!value || value.startsWith("/")) return null;
  for (const pattern of AUDIO_POST_PATTERNS) {
    const match = pattern.exec(value);
    if (match) return match[1];
  }
  return null;
}

/** A URL-safe slug of a title: lower case ASCII words joined by '-' ('episode' when nothing is left). */
export function slugify(title: string | null | undefined): string {
  const slug = (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "episode";
}

/**
 * The audio host's player frame for a post, built from the post id and a slug of the title
 * (PRODUCT.md "Audio"). The `posts/{id}` and `boos/{id}` URL shapes are Audioboom's, so the frame is
 * Audioboom's embed player; this and `AUDIO_HOST_ORIGIN` (frame-hosts.ts) are what to change if the audio host changes.
 */
export function audioHostEmbedUrl(postId: string, slug: string): string {
  return `${AUDIO_HOST_ORIGIN}/posts/${encodeURIComponent(postId)}-${encodeURIComponent(slug)}/embed/v4`;
}

export type AudioSource = { kind: "host"; postId: string; src: string } | { kind: "file"; src: string } | { kind: "none" };

/** Which player an audio URL gets: the audio host's frame when a post id is found, else the native `<audio>`. */
export function audioSource(url: string | null | undefined, title: string | null | undefined): AudioSource {
  const parsed = parseWebUrl(url);
  if (!parsed) return { kind: "none" };
  const postId = audioPostId(url);
  if (postId) return { kind: "host", postId, src: audioHostEmbedUrl(postId, slugify(title)) };
  return { kind: "file", src: hrefOf(parsed) };
}
