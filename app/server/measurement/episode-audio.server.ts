/**
 * PRODUCT.md "Measurement": the file behind a published episode's counting route (/e/{id}.mp3), with what
 * serving and counting it need: its validators and its download threshold. Kept in memory for 30 seconds,
 * the page cache's freshness, so a burst of podcast apps costs one query per episode; a threshold is read
 * once per version of a file.
 */
import fs from "node:fs";
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";

import type { EpisodeType } from "~/lib/measurement";

import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { directAudioFile, type AudioFile } from "../discovery/podcast-feed.server";
import { getStorage } from "../media/storage/current-storage.server";
import { fileThreshold, HEAD_BYTES } from "./download-threshold.server";

export interface EpisodeAudio {
  episodeType: EpisodeType;
  episodeId: string;
  file: AudioFile;
  /** A strong validator of the file's bytes, quoted. */
  etag: string;
  lastModified: Date;
  thresholdBytes: number;
}

const FRESH_MS = 30_000;
const MAX_ENTRIES = 2_000;
const episodes = new Map<string, { until: number; value: Promise<EpisodeAudio | null> }>();
const thresholds = new Map<string, Promise<number>>();

/** The published episode `id` and its file, or null (no such published podcast or interview, or no file of ours). */
export function episodeAudio(id: string, now = Date.now()): Promise<EpisodeAudio | null> {
  const known = episodes.get(id);
  if (known && known.until > now) return known.value;
  const value = resolve(id);
  if (episodes.size >= MAX_ENTRIES) episodes.delete(episodes.keys().next().value!);
  episodes.set(id, { until: now + FRESH_MS, value });
  value.catch(() => episodes.delete(id));
  return value;
}

/** Forgets what is kept (tests). */
export function forgetEpisodeAudio() {
  episodes.clear();
  thresholds.clear();
}

async function resolve(id: string): Promise<EpisodeAudio | null> {
  const db = await getDb();
  const { rows } = await db.execute<{ episode_type: EpisodeType; audio_url: string; duration: number | null }>(sql`
    select 'podcast' as episode_type, audio_url, duration from podcasts where id = ${id} and audio_url is not null and ${PUBLIC_NOW_SQL}
    union all
    select 'interview', audio_url, duration from interviews where id = ${id} and audio_url is not null and ${PUBLIC_NOW_SQL}`);
  const row = rows[0];
  if (!row) return null;
  const file = await directAudioFile(row.audio_url);
  if (!file) return null;
  const version = await versionOf(file);
  if (!version) return null;
  const thresholdKey = `${file.url}\n${version.etag}`;
  let threshold = thresholds.get(thresholdKey);
  if (!threshold) {
    threshold = readHead(file).then((head) =>
      fileThreshold(head, { size: file.length, contentType: file.type, durationSeconds: row.duration }),
    );
    if (thresholds.size >= MAX_ENTRIES) thresholds.delete(thresholds.keys().next().value!);
    thresholds.set(thresholdKey, threshold);
    threshold.catch(() => thresholds.delete(thresholdKey));
  }
  return { episodeType: row.episode_type, episodeId: id, file, ...version, thresholdBytes: await threshold };
}

async function versionOf(file: AudioFile): Promise<{ etag: string; lastModified: Date } | null> {
  if (file.source.kind === "upload") {
    const stored = await getStorage().stat(file.source.key);
    return stored && { etag: stored.etag, lastModified: stored.lastModified };
  }
  const stat = await fs.promises.stat(file.source.file);
  return { etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`, lastModified: stat.mtime };
}

async function readHead(file: AudioFile): Promise<Uint8Array> {
  const end = Math.min(file.length, HEAD_BYTES) - 1;
  if (file.source.kind === "upload") {
    const object = await getStorage().get(file.source.key, { start: 0, end });
    return object ? buffer(object.body) : new Uint8Array();
  }
  return buffer(fs.createReadStream(file.source.file, { start: 0, end }));
}
