/**
 * Receiving an upload (PRODUCT.md "Media library"): the multipart body is read as a stream (busboy) and
 * the file spooled to a temporary file under DATA_DIR, counting bytes, so nothing holds it in memory and
 * an oversized file stops being written the moment it passes its limit. Its type is then read from its
 * content (file-type), never from its name or the browser's word; images are written again upright and
 * without metadata, and get their size and WebP copies (sharp), audio its duration (music-metadata). Only then are the original and its copies stored and the
 * media_files row written. A refusal stores nothing and leaves no temporary file.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import { parseFile } from "music-metadata";
import sharp, { type Sharp } from "sharp";

import { formatBytes } from "~/lib/media-library";
import { audioKey, imageKey, uploadUrl, variantWidths, type UploadedMedia, type UploadKind } from "~/lib/uploads";
import { pageUrl } from "~/server/http/page-url.server";

import { actorOf, appendAudit, type AuditPerson } from "../audit/audit-log.server";
import { getDb, schema } from "../db/db.server";
import { getEnv } from "../env.server";
import { logError } from "../log.server";
import { getStorage } from "./storage/current-storage.server";
import { contentTypeOfKey } from "./storage/storage.server";

/** What an upload may be, by the extension file-type reports for its content. */
const ACCEPTED: Record<UploadKind, Record<string, string>> = {
  // Detected extension → the extension the stored file gets.
  image: { jpg: "jpg", png: "png", webp: "webp", avif: "avif", gif: "gif" },
  audio: { mp3: "mp3", m4a: "m4a", aac: "aac", ogg: "ogg", opus: "opus" },
};

/** Bigger pictures are refused before decoding: about a 64-megapixel photo (decompression bombs). */
export const MAX_IMAGE_PIXELS = 64_000_000;
const WEBP_QUALITY = 80;

/** Tab, line feed and carriage return are ordinary in typed text; no other control character is (request-form.server.ts). */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

export type UploadResult = { ok: true; media: UploadedMedia } | { ok: false; status: 400 | 413 | 415 | 422 | 503; error: string };

class Refusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

const NOUNS: Record<UploadKind | "file", [string, string]> = {
  image: ["image", "images"],
  audio: ["audio file", "audio files"],
  file: ["file", "files"],
};

const TYPE_REFUSALS: Record<UploadKind | "file", string> = {
  image: "This file is not a JPEG, PNG, WebP, AVIF or GIF image (its type is read from its content, not its name).",
  audio: "This file is not MP3, M4A/AAC or OGG audio (its type is read from its content, not its name).",
  file: "This file is neither a JPEG, PNG, WebP, AVIF or GIF image nor MP3, M4A/AAC or OGG audio (its type is read from its content, not its name).",
};

/** 'This image is 12.3 MB; images may be at most 10 MB.' */
export function tooLargeMessage(kind: UploadKind | null, size: number, limit: number): string {
  const [noun, plural] = NOUNS[kind ?? "file"];
  const shown = formatBytes(size);
  const max = formatBytes(limit);
  return `This ${noun} is ${shown === max ? `larger than ${max}` : shown}; ${plural} may be at most ${max}.`;
}

/**
 * Reads one upload from `request` (fields `kind` and `file`) and stores it, or says why not. Expected
 * refusals are values; a storage or database failure is logged and answered 503, with nothing left behind.
 */
/** `uploader`: who, recorded on the file and in the audit log (PRODUCT.md "Audit log"); null in tests. */
export async function receiveUpload(request: Request, uploader: AuditPerson | null): Promise<UploadResult> {
  const temporaryFiles: string[] = [];
  try {
    const spooled = await spool(request, temporaryFiles);
    const media = await processUpload(spooled, temporaryFiles);
    try {
      return { ok: true, media: await store(media, uploader) };
    } catch (error) {
      logError(`[uploads] storing ${spooled.originalName} failed (${request.method} ${pageUrl(request).pathname})`, error);
      return { ok: false, status: 503, error: "The file could not be stored. Please try again." };
    }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, error: error.message };
    throw error;
  } finally {
    await Promise.all(temporaryFiles.map((file) => fs.rm(file, { force: true })));
  }
}

/* ---------------------------------------------------------------------------------------------------- */
/* Reading the body                                                                                       */

interface Spooled {
  kind: UploadKind | null;
  file: string;
  size: number;
  originalName: string;
}

const cleanedSpoolDirs = new Set<string>();

/** Where bodies are spooled; files a crash left behind more than a day ago are removed on first use. */
async function spoolDir(): Promise<string> {
  const dir = path.join(getEnv().DATA_DIR, "upload-spool");
  await fs.mkdir(dir, { recursive: true });
  if (!cleanedSpoolDirs.has(dir)) {
    cleanedSpoolDirs.add(dir);
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    for (const name of await fs.readdir(dir)) {
      const file = path.join(dir, name);
      const stats = await fs.stat(file).catch(() => null);
      if (stats && stats.mtimeMs < dayAgo) await fs.rm(file, { force: true, recursive: true });
    }
  }
  return dir;
}

function fieldName(name: string) {
  return /^[\w.-]{1,40}$/.test(name) ? `The field "${name}"` : "A field";
}

/** The multipart body, the file spooled to disk; throws a Refusal for a body we cannot take. */
async function spool(request: Request, temporaryFiles: string[]): Promise<Spooled> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.split(";")[0]!.trim().toLowerCase() !== "multipart/form-data" || !request.body) {
    throw new Refusal(415, 'Send the file as multipart/form-data, in a field named "file".');
  }
  const limits = getEnv().UPLOAD_MAX_BYTES;
  const dir = await spoolDir();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100 },
    });
  } catch {
    throw new Refusal(400, "The upload could not be read: its body is not valid multipart/form-data.");
  }

  let kind: UploadKind | null = null;
  let refusal: Refusal | undefined;
  let received: Promise<Spooled> | undefined;
  const refuse = (status: 400 | 413 | 415 | 422, message: string) => {
    refusal ??= new Refusal(status, message);
  };

  parser.on("field", (name, value, info) => {
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) {
      return refuse(400, `${fieldName(name)} contains a control character (such as NUL); remove it and send the file again.`);
    }
    if (info.valueTruncated || info.nameTruncated) return refuse(400, `${fieldName(name)} is too long.`);
    if (name !== "kind") return;
    if (value === "image" || value === "audio") kind = value;
    else if (value !== "") refuse(400, 'The kind of upload must be "image" or "audio".');
  });

  parser.on("file", (name, stream, info) => {
    const filename = info.filename ?? "";
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(filename)) {
      refuse(400, `${fieldName(name)} or its file name contains a control character (such as NUL); remove it and send the file again.`);
    } else if (name !== "file") {
      refuse(400, `Send the file in a field named "file", not ${JSON.stringify(name.slice(0, 40))}.`);
    }
    if (refusal || received) {
      stream.resume();
      return;
    }
    const file = path.join(dir, `${randomUUID()}.upload`);
    temporaryFiles.push(file);
    // Until the kind is known, the larger limit; the file's own kind is checked once it is known.
    const limit = kind ? limits[kind] : Math.max(limits.image, limits.audio);
    const counter = byteCounter(limit);
    const originalName = path.basename(filename.replaceAll("\\", "/")).trim().slice(0, 255) || "upload";
    received = pipeline(stream, counter, createWriteStream(file, { flags: "wx" })).then(async () => {
      if (counter.bytes > limit) {
        // Stop keeping it at once: only its size is still wanted, for the message.
        await fs.rm(file, { force: true });
      }
      return { kind, file, size: counter.bytes, originalName };
    });
    // A failed write is reported when the body has been read (below), not as an unhandled rejection.
    received.catch(() => {});
  });

  parser.on("filesLimit", () => refuse(400, "Send one file at a time."));
  parser.on("fieldsLimit", () => refuse(400, "The upload has too many fields."));
  parser.on("partsLimit", () => refuse(400, "The upload has too many parts."));

  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser);
  } catch (error) {
    if (refusal) throw refusal;
    // busboy refuses a part header holding a control character before we see the name.
    if (error instanceof Error && error.message === "Malformed part header") {
      throw new Refusal(
        400,
        "A field or file name contains a control character (such as NUL) or is malformed; rename it and send it again.",
      );
    }
    // A malformed body, or a client that went away mid-upload.
    throw new Refusal(400, "The upload could not be read: its body is not valid multipart/form-data.");
  }
  const spooled = received ? await received : undefined;
  if (refusal) throw refusal;
  if (!spooled) throw new Refusal(400, 'Choose a file to upload (a field named "file").');
  // The kind may have come after the file.
  spooled.kind = kind;
  if (spooled.size === 0) throw new Refusal(400, "The file is empty.");
  const limit = kind ? limits[kind] : Math.max(limits.image, limits.audio);
  if (spooled.size > limit) throw new Refusal(413, tooLargeMessage(kind, spooled.size, limit));
  return spooled;
}

/** Passes bytes on until `limit` is passed, then only counts them (the body is still read to its end). */
function byteCounter(limit: number) {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, counter.bytes > limit ? undefined : chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/* ---------------------------------------------------------------------------------------------------- */
/* Reading the file                                                                                       */

interface Processed {
  id: string;
  kind: UploadKind;
  originalName: string;
  file: string;
  size: number;
  /** The stored file's extension, from its detected type. */
  ext: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  /** Image copies: their width and temporary file. */
  variants: { width: number; file: string }[];
}

async function processUpload(spooled: Spooled, temporaryFiles: string[]): Promise<Processed> {
  const detected = await fileTypeFromFile(spooled.file);
  const kindOfContent = (Object.keys(ACCEPTED) as UploadKind[]).find((kind) => detected && detected.ext in ACCEPTED[kind]) ?? null;
  const kind = spooled.kind ?? kindOfContent;
  if (!kind || kindOfContent !== kind) throw new Refusal(415, TYPE_REFUSALS[spooled.kind ?? "file"]);
  const limit = getEnv().UPLOAD_MAX_BYTES[kind];
  if (spooled.size > limit) throw new Refusal(413, tooLargeMessage(kind, spooled.size, limit));

  const base = { id: randomUUID(), kind, originalName: spooled.originalName, file: spooled.file, size: spooled.size };
  const ext = ACCEPTED[kind][detected!.ext]!;
  if (kind === "audio") return { ...base, ext, width: null, height: null, duration: await audioDuration(spooled.file), variants: [] };

  const { width, height, isPalette } = await imageSize(spooled.file);
  // PRODUCT.md "Media library": what is stored and served is the picture and its colour profile, never
  // the camera's, the place's or the author's metadata.
  const original = `${spooled.file}-clean.${ext}`;
  temporaryFiles.push(original);
  await decoded(() => encodedAs(ext, isPalette, withoutMetadata(spooled.file)).toFile(original));
  const variants: Processed["variants"] = [];
  for (const variantWidth of variantWidths(width)) {
    const file = `${spooled.file}-${variantWidth}w.webp`;
    temporaryFiles.push(file);
    await decoded(() => withoutMetadata(spooled.file).resize({ width: variantWidth }).webp({ quality: WEBP_QUALITY }).toFile(file));
    variants.push({ width: variantWidth, file });
  }
  const { size } = await fs.stat(original);
  return { ...base, file: original, size, ext, width, height, duration: null, variants };
}

/**
 * `file` decoded (every frame of an animation), turned upright by its EXIF orientation, with only its
 * ICC profile kept for the output: sharp writes no EXIF, XMP, IPTC or text chunks unless asked to.
 */
function withoutMetadata(file: string) {
  return sharp(file, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient().keepIccProfile();
}

/**
 * An original written again in its own format: PNG and GIF stay lossless (a palette PNG keeps its
 * palette), JPEG, WebP and AVIF at a quality where one more encoding cannot be seen. Re-encoded rather
 * than cut out of the file: the orientation has to reach the pixels before the EXIF holding it can go,
 * an EXIF thumbnail may show what a crop removed, and no library here edits the five containers losslessly.
 */
function encodedAs(ext: string, isPalette: boolean, image: Sharp): Sharp {
  switch (ext) {
    case "jpg":
      return image.jpeg({ quality: 92, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 9, palette: isPalette });
    case "webp":
      return image.webp({ quality: 92, smartSubsample: true });
    case "avif":
      return image.avif({ quality: 80 });
    default:
      return image.gif();
  }
}

/** The picture's size as shown (EXIF orientation applied); one frame of an animation. */
async function imageSize(file: string) {
  const metadata = await decoded(() => sharp(file, { limitInputPixels: false }).metadata());
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw new Refusal(422, "This image could not be read; it may be damaged.");
  if (width * height > MAX_IMAGE_PIXELS) {
    const pixels = (value: number) => value.toLocaleString("en-US");
    throw new Refusal(
      422,
      `This image is ${pixels(width)} × ${pixels(height)} pixels; images may be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return { width, height, isPalette: metadata.isPalette === true };
}

async function decoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(422, "This image could not be read; it may be damaged.");
  }
}

/** Whole seconds, read from the file (the whole file when its header does not say); null when it cannot tell. */
async function audioDuration(file: string): Promise<number | null> {
  let duration: number | undefined;
  try {
    ({ duration } = (await parseFile(file, { duration: true, skipCovers: true })).format);
  } catch {
    throw new Refusal(422, "This audio file could not be read; it may be damaged.");
  }
  return duration !== undefined && Number.isFinite(duration) ? Math.round(duration) : null;
}

/* ---------------------------------------------------------------------------------------------------- */
/* Storing                                                                                                */

async function store(media: Processed, uploader: AuditPerson | null): Promise<UploadedMedia> {
  const storage = getStorage();
  const key = media.kind === "image" ? imageKey(media.id, media.width!, media.ext) : audioKey(media.id, media.ext);
  const objects = [
    { key, file: media.file },
    ...media.variants.map((variant) => ({ key: imageKey(media.id, variant.width, "webp"), file: variant.file })),
  ];
  const stored: string[] = [];
  try {
    for (const object of objects) {
      const { size } = await fs.stat(object.file);
      stored.push(object.key);
      await storage.put(object.key, createReadStream(object.file), { contentType: contentTypeOfKey(object.key), size });
    }
    const db = await getDb();
    const [row] = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(schema.mediaFiles)
        .values({
          id: media.id,
          kind: media.kind,
          storageKey: key,
          originalName: media.originalName,
          mimeType: contentTypeOfKey(key),
          sizeBytes: media.size,
          width: media.width,
          height: media.height,
          duration: media.duration,
          variants: objects.slice(1).map((object) => object.key),
          uploadedBy: uploader?.id ?? null,
        })
        .returning();
      if (uploader) {
        await appendAudit(tx, {
          actor: actorOf(uploader),
          action: "upload",
          item: { type: `media-${media.kind}`, id: media.id, title: media.originalName },
          address: uploader.address ?? null,
        });
      }
      return rows;
    });
    return {
      id: row!.id,
      kind: media.kind,
      url: uploadUrl(key),
      mimeType: row!.mimeType,
      sizeBytes: row!.sizeBytes,
      width: row!.width,
      height: row!.height,
      duration: row!.duration,
    };
  } catch (error) {
    // Nothing is left behind: the objects already stored go again.
    await Promise.all(stored.map((stale) => storage.delete(stale).catch(() => {})));
    throw error;
  }
}
