/**
 * PRODUCT.md "Measurement": the IAB Tech Lab Podcast Measurement Guidelines (2.x) as rules over the requests
 * the counting route served. Pure: the downloads job feeds it the requests of the listeners it is looking
 * at; the replay test feeds it a hand-written log.
 *
 * - Only a GET answered 200 or 206 with a body can count: HEAD, 304 and errors never do.
 * - `Range: bytes=0-1` is a player's probe of the file, dropped.
 * - Known bots are dropped by the OPAWG user-agent list, which lists Apple Podcasts on the Apple Watch
 *   (`atc/…`: the watch fetches an episode the phone has already counted) among them, and the server-side
 *   libraries it marks as bots. Other watch apps (Garmin, Overcast's) are real downloads and count.
 * - A listener is one address hash and one user agent within one UTC day (the hash's salt changes at
 *   midnight, so the window is the calendar day, as the guidelines allow, and it is disclosed).
 * - A listener's ranges are reassembled: the download counts once the distinct bytes it was sent reach the
 *   file's threshold (its ID3 header plus one minute of audio at its bitrate), or the whole file when the
 *   file is no longer than that. At most one download per episode per listener.
 */
import crypto from "node:crypto";

import type { EpisodeType } from "~/lib/measurement";

export interface ServedRequest {
  at: Date;
  episodeType: EpisodeType;
  episodeId: string;
  method: string;
  status: number;
  /** The Range header as sent, null without one. */
  range: string | null;
  /** The first byte of the file sent; null when no body was sent. */
  firstByte: number | null;
  bytesSent: number;
  fileBytes: number;
  thresholdBytes: number;
  userAgent: string;
  /** The address hash under the day's salt. */
  listener: string;
}

/** What the rules need to know of a user agent (user-agents/classify-user-agent.server.ts classifies it). */
export interface AgentClass {
  kind: "bot" | "app" | "browser" | "library" | "unknown";
  app: string | null;
  library: string | null;
  browser: string | null;
  device: string | null;
}

export interface CountedDownload {
  episodeType: EpisodeType;
  episodeId: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The address hash and the user agent, hashed together: the guidelines' listener. */
  listener: string;
  /** The app, player library or browser the user agent names; null when the list knows it not. */
  app: string | null;
  device: string | null;
  /** The request that brought the listener's bytes to the threshold. */
  countedAt: Date;
}

const COUNTED_STATUSES = new Set([200, 206]);
const PROBE = /^\s*bytes\s*=\s*0\s*-\s*1\s*$/i;

/** Whether a request can add bytes to a download at all (method, status, probe, a body sent). */
export function carriesAudio(request: ServedRequest): boolean {
  if (request.method !== "GET" || !COUNTED_STATUSES.has(request.status)) return false;
  if (request.range !== null && PROBE.test(request.range)) return false;
  return request.firstByte !== null && request.bytesSent > 0;
}

/** The bytes a download needs: the threshold, or the whole file when the file is no longer than that. */
export function bytesNeeded(fileBytes: number, thresholdBytes: number): number {
  return Math.min(fileBytes, thresholdBytes);
}

/** The guidelines' listener: an address hash and a user agent, as one opaque key. */
export function listenerKey(addressHash: string, userAgent: string): string {
  return crypto.createHash("sha256").update(`${addressHash}\n${userAgent}`).digest("base64url").slice(0, 32);
}

/** Distinct bytes covered by half-open intervals [start, end). */
class Coverage {
  private intervals: [number, number][] = [];
  add(start: number, end: number) {
    const merged: [number, number][] = [];
    let [from, to] = [start, end];
    for (const [a, b] of this.intervals) {
      if (b < from || a > to) merged.push([a, b]);
      else [from, to] = [Math.min(a, from), Math.max(b, to)];
    }
    merged.push([from, to]);
    this.intervals = merged.sort((x, y) => x[0] - y[0]);
  }
  get bytes() {
    return this.intervals.reduce((sum, [a, b]) => sum + (b - a), 0);
  }
}

/**
 * The downloads in `requests`, one per episode, day and listener at most. Requests may come in any order;
 * a listener's are taken in time order, so `countedAt` is when its bytes reached the threshold.
 */
export function countDownloads(requests: readonly ServedRequest[], classify: (userAgent: string) => AgentClass): CountedDownload[] {
  const groups = new Map<string, { agent: AgentClass; requests: ServedRequest[] }>();
  const classes = new Map<string, AgentClass>();
  for (const request of requests) {
    if (!carriesAudio(request)) continue;
    let agent = classes.get(request.userAgent);
    if (!agent) classes.set(request.userAgent, (agent = classify(request.userAgent)));
    if (agent.kind === "bot") continue;
    const day = request.at.toISOString().slice(0, 10);
    const key = [request.episodeType, request.episodeId, day, request.listener, request.userAgent].join("\n");
    const group = groups.get(key);
    if (group) group.requests.push(request);
    else groups.set(key, { agent, requests: [request] });
  }

  const downloads: CountedDownload[] = [];
  for (const { agent, requests: served } of groups.values()) {
    served.sort((a, b) => a.at.getTime() - b.at.getTime());
    const coverage = new Coverage();
    for (const request of served) {
      const start = Math.min(request.firstByte!, request.fileBytes);
      coverage.add(start, Math.min(start + request.bytesSent, request.fileBytes));
      if (coverage.bytes < bytesNeeded(request.fileBytes, request.thresholdBytes)) continue;
      downloads.push({
        episodeType: request.episodeType,
        episodeId: request.episodeId,
        day: request.at.toISOString().slice(0, 10),
        listener: listenerKey(request.listener, request.userAgent),
        // The app, else the player library or the browser the list names.
        app: agent.app ?? agent.library ?? agent.browser,
        device: agent.device,
        countedAt: request.at,
      });
      break;
    }
  }
  return downloads;
}

/** The guidelines' listeners: distinct listeners with a download, per UTC day, summed over the days. */
export function countListeners(downloads: readonly CountedDownload[]): number {
  return new Set(downloads.map((download) => `${download.day}\n${download.listener}`)).size;
}
