import { randomBytes } from "node:crypto";
import { createWriteStream, promises as fs } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { checkStorageKey, contentTypeOfKey, type ByteRange, type Storage, type StoredObject } from "./storage.server";

/**
 * Uploads on local disk, one file per key under `root` (`DATA_DIR/uploads`). A file is written under a
 * temporary name beside its final one and renamed when complete, so a reader never sees half a file.
 */
export class DiskStorage implements Storage {
  readonly kind = "disk";

  constructor(private readonly root: string) {}

  /** The key's file: keys are checked, and the path must stay under the root whatever they hold. */
  private fileOf(key: string): string {
    const file = path.resolve(this.root, ...checkStorageKey(key).split("/"));
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`${key} is outside the uploads folder`);
    return file;
  }

  async put(key: string, body: Readable, { size }: { contentType: string; size?: number }): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.partial`;
    try {
      await pipeline(body, createWriteStream(temporary, { flags: "wx" }));
      if (size !== undefined) {
        const written = (await fs.stat(temporary)).size;
        if (written !== size) throw new Error(`${key}: ${written} bytes written, ${size} expected`);
      }
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      return describe(key, await fs.stat(this.fileOf(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<(StoredObject & { body: Readable }) | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.fileOf(key), "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      // The open file is read, so a delete or replacement meanwhile cannot mix two versions.
      const info = describe(key, await handle.stat());
      if (info === null) throw Object.assign(new Error(`${key} is not a file`), { code: "ENOENT" });
      return { ...info, body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}) };
    } catch (error) {
      await handle.close();
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}

function describe(key: string, stats: import("node:fs").Stats): StoredObject | null {
  if (!stats.isFile()) return null;
  return {
    size: stats.size,
    contentType: contentTypeOfKey(key),
    etag: `"${stats.size.toString(16)}-${Math.trunc(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime,
  };
}

function isMissing(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}
