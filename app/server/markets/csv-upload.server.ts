/**
 * PRODUCT.md "CSV imports": the admin's upload of one CSV file at /admin/markets. The multipart body is read
 * as a stream (busboy), as the media library reads uploads, but kept in memory: a file is at most 10 MB, and
 * bytes past that are counted, not kept, so an oversized file is refused with its size (413) and never held.
 */
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";

import { fileTooLarge, MARKET_CSV_LIMITS } from "./csv-import.server";

export type CsvUpload = { ok: true; bytes: Uint8Array; fileName: string } | { ok: false; status: 400 | 413 | 415; error: string };

/** Tab, line feed and carriage return are ordinary in typed text; no other control character is (request-form.server.ts). */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/** Reads the one file of a multipart body (field `file`), or says why not; nothing is written anywhere. */
export async function readCsvUpload(request: Request): Promise<CsvUpload> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.split(";")[0]!.trim().toLowerCase() !== "multipart/form-data" || !request.body) {
    return { ok: false, status: 415, error: 'Send the file as multipart/form-data, in a field named "file".' };
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024, fieldNameSize: 100 },
    });
  } catch {
    return { ok: false, status: 400, error: "The upload could not be read: its body is not valid multipart/form-data." };
  }

  let refusal: Extract<CsvUpload, { ok: false }> | undefined;
  const refuse = (status: 400 | 413 | 415, error: string) => void (refusal ??= { ok: false, status, error });
  const chunks: Buffer[] = [];
  let size = 0;
  let fileName: string | null = null;
  let received: Promise<void> | undefined;

  parser.on("file", (name, stream, info) => {
    if (name !== "file" || fileName !== null) {
      if (name !== "file") refuse(400, `Send the file in a field named "file", not ${JSON.stringify(name.slice(0, 40))}.`);
      stream.resume();
      return;
    }
    const original = info.filename ?? "";
    fileName = CONTROL_CHARACTER.test(original) ? "upload.csv" : original.replaceAll("\\", "/").split("/").pop()!.trim().slice(0, 255);
    received = pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          // Past the limit only the size is still wanted, for the message.
          if (size <= MARKET_CSV_LIMITS.bytes) chunks.push(chunk);
          callback();
        },
      }),
    );
    received.catch(() => {});
  });
  parser.on("filesLimit", () => refuse(400, "Send one file at a time."));
  parser.on("fieldsLimit", () => refuse(400, "The upload has too many fields."));
  parser.on("partsLimit", () => refuse(400, "The upload has too many parts."));

  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser);
    await received;
  } catch {
    // A malformed body, a part header with a control character, or a client that went away mid-upload.
    return refusal ?? { ok: false, status: 400, error: "The upload could not be read: its body is not valid multipart/form-data." };
  }
  if (refusal) return refusal;
  // A form sent with no file chosen still has the part, empty and unnamed.
  if (fileName === null || (fileName === "" && size === 0))
    return { ok: false, status: 400, error: 'Choose a CSV file to import (a field named "file").' };
  if (size > MARKET_CSV_LIMITS.bytes) return { ok: false, status: 413, error: fileTooLarge(size) };
  if (size === 0) return { ok: false, status: 400, error: "The file is empty." };
  return { ok: true, bytes: Buffer.concat(chunks, size), fileName: fileName || "upload.csv" };
}
