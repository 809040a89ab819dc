/**
 * Files the server makes once and keeps on disk under DATA_DIR (link-preview images, video hosts'
 * thumbnails): concurrent requests for a missing file share one render, and files are written to a
 * temporary name and renamed, so a reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import { log } from "./log.server";

const inFlight = new Map<string, Promise<Buffer>>();

/** The file's bytes: read from disk, or made by `render` (once for all concurrent callers) and stored. */
export function storedOnce(file: string, render: () => Promise<Buffer>, replaces: (name: string) => boolean): Promise<Buffer> {
  const pending = inFlight.get(file);
  if (pending) return pending;
  const promise = (async () => {
    try {
      return await fs.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const body = await render();
    await writeAtomically(file, body, replaces).catch((error: unknown) => {
      // The file is still served; it is made again next time.
      log.warn(`Cannot store ${file}: ${(error as Error).message}`);
    });
    return body;
  })().finally(() => inFlight.delete(file));
  inFlight.set(file, promise);
  return promise;
}

async function writeAtomically(file: string, body: Buffer, replaces: (name: string) => boolean) {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  // Earlier versions of the same file are never asked for again; tidying up is best effort.
  const name = path.basename(file);
  const others = (await fs.readdir(dir)).filter((other) => other !== name && other.endsWith(".jpg") && replaces(other));
  await Promise.all(others.map((other) => fs.rm(path.join(dir, other), { force: true }))).catch(() => {});
}
