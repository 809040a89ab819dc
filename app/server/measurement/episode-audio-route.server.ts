/**
 * PRODUCT.md "Measurement": the counting route, `/e/{id}.mp3`, that every podcast feed's enclosure names.
 * It serves the episode's file itself (whole, or the byte range a player asks for, from the static folder
 * or the upload storage) and records each request once its answer is sent: time, episode, method, status,
 * range, bytes sent, user agent, the Referer's host and the address's hash under the day's salt. Mounted
 * by create-app.ts ahead of React Router, like the counters: a podcast app's download must not wait on a
 * page render. Never cached by shared caches (a CDN would hide the downloads from the count).
 */
import fs from "node:fs";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, RequestHandler, Response } from "express";

import { episodeIdOfFile } from "~/lib/measurement";

import { noteRequestError } from "../http/database-outage.server";
import { logError } from "../log.server";
import { getStorage } from "../media/storage/current-storage.server";
import { etagMatches, requestedRange } from "../media/storage/http-range.server";
import { addressFromForwardedFor } from "../rate-limit.server";
import { episodeAudio, type EpisodeAudio } from "./episode-audio.server";
import type { RequestLog } from "./request-log.server";

/** A podcast app may keep its copy; a shared cache may not (it would answer without us counting). */
const CACHE_CONTROL = "private, max-age=86400";
const MAX_USER_AGENT = 500;
const MAX_RANGE = 100;

interface Served {
  status: number;
  firstByte: number | null;
  bytesSent: number;
}

/** The Referer's host, lower-cased, or null (none, or not a URL). */
function referrerHost(referer: string | undefined): string | null {
  if (!referer || !URL.canParse(referer)) return null;
  return new URL(referer).hostname.toLowerCase().slice(0, 253) || null;
}

function notFound(res: Response) {
  res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Episode not found");
}

async function openBody(audio: EpisodeAudio, range: { start: number; end: number }): Promise<Readable | null> {
  const source = audio.file.source;
  if (source.kind === "static") return fs.createReadStream(source.file, range);
  return (await getStorage().get(source.key, range))?.body ?? null;
}

/** Answers one request for the episode's file; resolves with what was sent once the answer is over. */
async function serve(req: Request, res: Response, audio: EpisodeAudio): Promise<Served> {
  const size = audio.file.length;
  const headers: Record<string, string> = {
    "Content-Type": audio.file.type,
    "Accept-Ranges": "bytes",
    ETag: audio.etag,
    "Last-Modified": audio.lastModified.toUTCString(),
    "Cache-Control": CACHE_CONTROL,
    // Other sites' players and web podcast apps load enclosures too (PRODUCT.md "Discovery").
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (etagMatches(req.get("if-none-match") ?? null, audio.etag)) {
    res.writeHead(304, headers).end();
    return { status: 304, firstByte: null, bytesSent: 0 };
  }
  // If-Range: a range of a file that has changed since would mix two versions; send it whole instead.
  const ifRange = req.get("if-range");
  const rangeHeader = ifRange && ifRange !== audio.etag && ifRange !== headers["Last-Modified"] ? null : (req.get("range") ?? null);
  const range = requestedRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${size}` }).end();
    return { status: 416, firstByte: null, bytesSent: 0 };
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const status = range ? 206 : 200;
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  headers["Content-Length"] = String(end - start + 1);
  if (req.method === "HEAD") {
    res.writeHead(status, headers).end();
    return { status, firstByte: null, bytesSent: 0 };
  }
  const body = await openBody(audio, { start, end });
  if (!body) {
    notFound(res);
    return { status: 404, firstByte: null, bytesSent: 0 };
  }
  res.writeHead(status, headers);
  // A listener who stops the download closes the connection: the bytes counted are those handed to it. A
  // file's read stream counts them itself (no stream in between); an object store's body is counted on its way.
  if (body instanceof fs.ReadStream) {
    await pipeline(body, res).catch(() => undefined);
    return { status, firstByte: start, bytesSent: body.bytesRead };
  }
  let bytesSent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytesSent += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(body, counted, res).catch(() => undefined);
  return { status, firstByte: start, bytesSent };
}

export function episodeAudioRoute(requestLog: RequestLog): RequestHandler {
  return (req, res) => {
    const id = episodeIdOfFile(String(req.params.file ?? ""));
    if (!id) return notFound(res);
    const at = new Date();
    const answer = episodeAudio(id)
      .then(async (audio) => {
        if (!audio) return notFound(res);
        const served = await serve(req, res, audio);
        requestLog.record({
          at,
          episodeType: audio.episodeType,
          episodeId: audio.episodeId,
          method: req.method,
          status: served.status,
          range: req.get("range")?.slice(0, MAX_RANGE) ?? null,
          firstByte: served.firstByte,
          bytesSent: served.bytesSent,
          fileBytes: audio.file.length,
          thresholdBytes: audio.thresholdBytes,
          userAgent: (req.get("user-agent") ?? "").slice(0, MAX_USER_AGENT),
          referrerHost: referrerHost(req.get("referer")),
          // Hashed under the day's salt when the batch is written (request-log.server.ts); never stored.
          address: addressFromForwardedFor(req.get("x-forwarded-for")) ?? "",
          country: null,
        });
      })
      .catch((error: unknown) => {
        noteRequestError(error);
        logError(`Episode audio ${req.path} failed`, error);
        if (!res.headersSent)
          res
            .writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
            .end("The episode could not be served. Please try again.");
        else res.destroy();
      });
    requestLog.track(answer);
  };
}
