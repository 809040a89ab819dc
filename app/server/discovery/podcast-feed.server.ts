/**
 * `/podcasts/rss.xml` (PRODUCT.md "Discovery"): a podcast feed with the tags Apple Podcasts requires, its
 * channel from the PODCAST_* variables. An episode is listed only with a direct audio file: an MP3 or M4A
 * whose size in bytes the feed can state (the enclosure's `length`): a demo file under /media, or an
 * upload under /uploads (PRODUCT.md "Media library"), whose size and type media_files holds.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, inArray, or, sql } from "drizzle-orm";

import { publicUrlFor } from "~/lib/content-registry";
import { episodeAudioPath } from "~/lib/measurement";
import { transcriptFileOf, transcriptFilePath } from "~/lib/transcript-files";

import { companiesOfItems, itemKey } from "../content/item-companies.server";
import { itemDisclosure, payersOf } from "../content/item-promotion.server";
import { isPublished } from "../content/published.server";
import { getDb, schema } from "../db/db.server";
import { getEnv } from "../env.server";
import { htmlToPlainText } from "../html-text.server";
import { newestPublishedFirst } from "../list-order.server";
import { correctionsOf } from "../revisions/corrections.server";
import { companyCategory, FEED_ITEM_LIMIT, newFeed, withDisclosure, xmlSafe } from "./feed.server";

/** The audio types podcast apps take, by file extension, with the MIME type Apple lists for each. */
const AUDIO_TYPES: Record<string, string> = { ".mp3": "audio/mpeg", ".m4a": "audio/x-m4a" };

/** A plain path to the site's own media (PRODUCT.md "Media fields"): no `.` or `..` segment, no query. */
const SITE_MEDIA_PATH = /^\/(media|uploads)(\/[A-Za-z0-9._~-]+)+$/;

/** An uploaded file's stored type → the type podcast apps take for it (Apple lists audio/x-m4a for M4A). */
const UPLOADED_AUDIO_TYPES: Record<string, string> = { "audio/mpeg": "audio/mpeg", "audio/mp4": "audio/x-m4a" };
const UPLOADS_PREFIX = "/uploads/";

export interface AudioFile {
  /** Absolute, on PUBLIC_URL. */
  url: string;
  /** Bytes. */
  length: number;
  type: string;
  /** Where the bytes are: a file of the static folder, or an upload's storage key (PRODUCT.md "Media library"). */
  source: { kind: "static"; file: string } | { kind: "upload"; key: string };
}

/**
 * The folder this process serves `/media/…` from, as server.ts does: the client build in production (the
 * build's server code, this module included, sits in `<build>/server/`), `public/` otherwise.
 */
export function staticFilesDir(): string {
  if (getEnv().NODE_ENV !== "production") return path.resolve("public");
  for (let dir = path.dirname(fileURLToPath(import.meta.url)), up = 0; up < 3; dir = path.dirname(dir), up++) {
    const client = path.join(path.dirname(dir), "client");
    if (path.basename(dir) === "server" && fs.existsSync(client)) return client;
  }
  // server.ts run by tsx serves the build named by BUILD_DIR.
  return path.resolve(process.env.BUILD_DIR ?? "build", "client");
}

/** The site path of an audio URL that names a file of this site (`/media/…`, `/uploads/…`, or the same on PUBLIC_URL), else null. */
function sitePath(audioUrl: string, origin: string): string | null {
  let pathname = audioUrl;
  if (!audioUrl.startsWith("/")) {
    if (!URL.canParse(audioUrl)) return null;
    const url = new URL(audioUrl);
    if (url.origin !== origin || url.search || url.hash) return null;
    pathname = url.pathname;
  }
  if (!SITE_MEDIA_PATH.test(pathname) || pathname.split("/").some((segment) => segment === "." || segment === "..")) return null;
  return pathname;
}

/**
 * The direct audio file behind an episode's audio URL, with its size, or null. Only files this site
 * serves have a size we know (read from the static folder, or media_files for an upload); a remote `.mp3`
 * has no stored size, so its episode is left out of the feed rather than made invalid (PRODUCT.md "Discovery").
 */
export async function directAudioFile(audioUrl: string, root = staticFilesDir()): Promise<AudioFile | null> {
  const origin = getEnv().PUBLIC_URL;
  const sitePathname = sitePath(audioUrl, origin);
  if (sitePathname?.startsWith(UPLOADS_PREFIX)) return (await uploadedAudioFiles([sitePathname])).get(sitePathname) ?? null;
  const type = sitePathname && AUDIO_TYPES[path.extname(sitePathname).toLowerCase()];
  if (!sitePathname || !type) return null;
  const file = path.join(root, ...sitePathname.split("/"));
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() && stat.size > 0
      ? { url: `${origin}${sitePathname}`, length: stat.size, type, source: { kind: "static", file } }
      : null;
  } catch {
    return null;
  }
}

/**
 * Uploaded audio behind site paths (`/uploads/audio/…`), by path: the size and type media_files holds
 * for the upload, never the file name's word. Only MP3 and M4A qualify.
 */
async function uploadedAudioFiles(sitePaths: string[]): Promise<Map<string, AudioFile>> {
  const keys = sitePaths.filter((sitePathname) => sitePathname.startsWith(UPLOADS_PREFIX)).map((p) => p.slice(UPLOADS_PREFIX.length));
  const files = new Map<string, AudioFile>();
  if (keys.length === 0) return files;
  const db = await getDb();
  const t = schema.mediaFiles;
  const rows = await db
    .select({ storageKey: t.storageKey, mimeType: t.mimeType, sizeBytes: t.sizeBytes })
    .from(t)
    .where(inArray(t.storageKey, keys));
  const origin = getEnv().PUBLIC_URL;
  for (const row of rows) {
    const type = UPLOADED_AUDIO_TYPES[row.mimeType];
    const sitePathname = `${UPLOADS_PREFIX}${row.storageKey}`;
    if (type && row.sizeBytes > 0) {
      files.set(sitePathname, {
        url: `${origin}${sitePathname}`,
        length: row.sizeBytes,
        type,
        source: { kind: "upload", key: row.storageKey },
      });
    }
  }
  return files;
}

/** What the podcast feed lists: podcasts, and interviews (PRODUCT.md "Transcripts": their guest is named). */
type EpisodeType = "podcast" | "interview";

interface Episode {
  type: EpisodeType;
  id: string;
  title: string;
  text: string;
  publishedAt: Date;
  duration: number | null;
  audio: AudioFile;
  /** PRODUCT.md "Transcripts": the transcript's file, if any, and whether there are chapters. */
  transcript: "vtt" | "txt" | null;
  hasChapters: boolean;
  /** An interview's interviewee. */
  guest: string | null;
}

/** Candidates read at a time: enough for the whole feed unless many local files are missing. */
const BATCH = 100;

/**
 * The newest published podcasts and interviews with a direct audio file, up to `limit`, newest first (an
 * interview's audio is an episode too; one with a video and no audio file is not).
 */
export async function listPodcastEpisodes(limit: number): Promise<Episode[]> {
  const [podcasts, interviews] = await Promise.all([listEpisodes("podcast", limit), listEpisodes("interview", limit)]);
  return [...podcasts, ...interviews]
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
}

/** One type's newest published items with a direct audio file, up to `limit`. */
async function listEpisodes(type: EpisodeType, limit: number): Promise<Episode[]> {
  const db = await getDb();
  const table = type === "podcast" ? schema.podcasts : schema.interviews;
  const origin = getEnv().PUBLIC_URL;
  const root = staticFilesDir();
  // Only files of this site can qualify (directAudioFile); the database skips the rest.
  const onThisSite = or(
    ...["/media/", UPLOADS_PREFIX].flatMap((prefix) => [
      sql`starts_with(${table.audioUrl}, ${prefix})`,
      sql`starts_with(${table.audioUrl}, ${`${origin}${prefix}`})`,
    ]),
  );
  // One stat per file and feed build: two episodes may share a file.
  const files = new Map<string, Promise<AudioFile | null>>();
  const episodes: Episode[] = [];
  for (let offset = 0; episodes.length < limit; offset += BATCH) {
    const rows: (typeof schema.podcasts.$inferSelect | typeof schema.interviews.$inferSelect)[] = await db
      .select()
      .from(table)
      .where(and(isPublished(table), onThisSite))
      .orderBy(...newestPublishedFirst(table))
      .limit(BATCH)
      .offset(offset);
    // The batch's uploads in one query.
    const [uploads, payers, corrections] = await Promise.all([
      uploadedAudioFiles(rows.map((row) => sitePath(row.audioUrl!, origin) ?? "")),
      payersOf(rows),
      correctionsOf(rows.map((row) => ({ type, id: row.id }))),
    ]);
    for (const row of rows) {
      const audioUrl = row.audioUrl!;
      if (!files.has(audioUrl)) {
        const sitePathname = sitePath(audioUrl, origin);
        const upload = sitePathname?.startsWith(UPLOADS_PREFIX);
        files.set(audioUrl, upload ? Promise.resolve(uploads.get(sitePathname!) ?? null) : directAudioFile(audioUrl, root));
      }
      const audio = await files.get(audioUrl)!;
      if (!audio || episodes.length === limit) continue;
      episodes.push({
        type,
        id: row.id,
        title: row.title,
        // Apple requires a description: the content's text, or the title, when the description is empty.
        text: withDisclosure(
          itemDisclosure(type, row, payers),
          htmlToPlainText(row.description) || htmlToPlainText(row.content) || row.title,
          corrections.get(`${type}:${row.id}`),
        ),
        publishedAt: row.publishedAt!,
        duration: row.duration,
        audio,
        transcript: row.transcript ? transcriptFileOf(row.transcript) : null,
        hasChapters: Boolean(row.chapters),
        guest: ("intervieweeName" in row && row.intervieweeName?.trim()) || null,
      });
    }
    if (rows.length < BATCH) break;
  }
  return episodes;
}

/** RSS 2.0 with Apple Podcasts' tags, of the 50 newest episodes that have a direct audio file. */
export async function buildPodcastFeed(): Promise<string> {
  const env = getEnv();
  const episodes = await listPodcastEpisodes(FEED_ITEM_LIMIT);
  const companies = await companiesOfItems(episodes.map(({ type, id }) => ({ contentType: type, id })));
  // `podcast: true` declares the itunes namespace. The package's own channel tags are not what Apple
  // requires (a text category, an owner without a name, no image or explicit flag), so every itunes tag
  // is written here through its extension mechanism, and `category` and `author` are left unset.
  const feed = newFeed({
    path: "/podcasts/rss.xml",
    link: "/podcasts",
    title: env.PODCAST_TITLE,
    description: env.PODCAST_DESCRIPTION,
    language: env.PODCAST_LANGUAGE,
    updated: episodes[0]?.publishedAt,
    podcast: true,
  });
  const text = (value: string) => ({ _text: xmlSafe.text(value) });
  const category = (name: string, sub?: Record<string, unknown>) => ({ _attributes: { text: xmlSafe.attribute(name) }, ...sub });
  const channel: Record<string, unknown> = {
    "itunes:author": text(env.PODCAST_AUTHOR),
    "itunes:owner": { "itunes:name": text(env.PODCAST_OWNER_NAME), "itunes:email": text(env.PODCAST_OWNER_EMAIL) },
    "itunes:image": { _attributes: { href: xmlSafe.attribute(env.PODCAST_IMAGE_URL) } },
    "itunes:category": category(
      env.PODCAST_CATEGORY,
      env.PODCAST_SUBCATEGORY ? { "itunes:category": category(env.PODCAST_SUBCATEGORY) } : undefined,
    ),
    "itunes:explicit": text(String(env.PODCAST_EXPLICIT)),
    "itunes:type": text("episodic"),
  };
  for (const [name, objects] of Object.entries(channel)) feed.addExtension({ name, objects: objects as Record<string, unknown> });

  for (const episode of episodes) {
    feed.addItem({
      title: xmlSafe.cdata(episode.title),
      link: `${env.PUBLIC_URL}${publicUrlFor(episode.type, episode.id)}`,
      // The row's id never changes, whatever happens to the title, the page's address or the file.
      guid: episode.id,
      date: episode.publishedAt,
      description: xmlSafe.cdata(episode.text),
      // Through the counting route, so podcast apps' downloads are counted (PRODUCT.md "Measurement").
      enclosure: {
        url: `${env.PUBLIC_URL}${episodeAudioPath(episode.id, episode.audio.type)}`,
        length: episode.audio.length,
        type: episode.audio.type,
      },
      category: (companies.get(itemKey(episode.type, episode.id)) ?? []).map(companyCategory),
      extensions: [
        ...(episode.duration ? [{ name: "itunes:duration", objects: { _text: String(episode.duration) } }] : []),
        ...transcriptTags(episode, env.PUBLIC_URL, env.PODCAST_LANGUAGE),
      ],
    });
  }
  // The package writes the namespaces it knows; the Podcasting 2.0 one is declared here.
  return feed.rss2().replace("<rss ", `<rss xmlns:podcast="${PODCAST_NAMESPACE}" `);
}

/** The Podcasting 2.0 namespace (PRODUCT.md "Transcripts"). */
export const PODCAST_NAMESPACE = "https://podcastindex.org/namespace/1.0";

/** An episode's `podcast:transcript`, `podcast:chapters` and `podcast:person`, each with the attributes the namespace requires. */
function transcriptTags(episode: Episode, origin: string, language: string) {
  const tags: { name: string; objects: Record<string, unknown> }[] = [];
  if (episode.transcript) {
    const url = `${origin}${transcriptFilePath(episode.type, episode.id, episode.transcript)}`;
    const type = episode.transcript === "vtt" ? "text/vtt" : "text/plain";
    // rel="captions": a WebVTT transcript has the timings captions need.
    const rel = episode.transcript === "vtt" ? { rel: "captions" } : {};
    tags.push({
      name: "podcast:transcript",
      objects: { _attributes: { url: xmlSafe.attribute(url), type, language: xmlSafe.attribute(language), ...rel } },
    });
  }
  if (episode.hasChapters) {
    const url = `${origin}${transcriptFilePath(episode.type, episode.id, "chapters.json")}`;
    tags.push({ name: "podcast:chapters", objects: { _attributes: { url: xmlSafe.attribute(url), type: "application/json+chapters" } } });
  }
  // An interview's guest; the role's default is host, so it is said.
  if (episode.guest) tags.push({ name: "podcast:person", objects: { _attributes: { role: "guest" }, _text: xmlSafe.text(episode.guest) } });
  return tags;
}
