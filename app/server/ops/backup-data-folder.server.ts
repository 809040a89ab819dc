import fs from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";

import type { Connection } from "../db/db.server";
import { ArchiveError } from "./backup-archive.server";
import { isDatabaseEntry } from "./backup-database.server";

/**
 * The embedded database's snapshot: a gzipped tar of PostgreSQL's own files in the data folder, copied
 * while PGlite runs no query (ops/README.md). PGlite's dumpDataDir would take the whole of DATA_DIR into
 * memory, uploads included, and stops at the backup socket; it serves only the in-memory database.
 */
export async function snapshotEmbedded(pglite: NonNullable<Connection["pglite"]>, destination: string): Promise<void> {
  const { dataDir } = pglite;
  if (!dataDir) {
    const tarball = await pglite.dumpDataDir();
    await fs.promises.writeFile(destination, tarball.stream() as unknown as AsyncIterable<Uint8Array>, { mode: 0o600 });
    return;
  }
  await pglite.whileIdle(() => packFolder(dataDir, destination));
}

async function packFolder(dataDir: string, destination: string) {
  const pack = tar.pack();
  const written = pipeline(pack as unknown as Readable, zlib.createGzip({ level: 1 }), fs.createWriteStream(destination, { mode: 0o600 }));
  written.catch(() => {});
  const add = async (relative: string) => {
    const full = path.join(dataDir, relative);
    const stats = await fs.promises.lstat(full);
    const name = relative.split(path.sep).join("/");
    if (stats.isDirectory()) {
      pack.entry({ name, type: "directory", mode: 0o700 });
      for (const child of (await fs.promises.readdir(full)).sort()) await add(path.join(relative, child));
    } else if (stats.isFile()) {
      const data = await fs.promises.readFile(full);
      await new Promise<void>((resolve, reject) => pack.entry({ name, mode: 0o600 }, data, (error) => (error ? reject(error) : resolve())));
    }
  };
  try {
    for (const name of (await fs.promises.readdir(dataDir)).filter(isDatabaseEntry).sort()) {
      // A lock file of PostgreSQL's, meaningless in a copy.
      if (name !== "postmaster.pid") await add(name);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await written;
}

/** Unpacks a snapshot (ours or PGlite's, whose names start with "/") into the data folder: database files only. */
export async function unpackSnapshot(source: string, dataDir: string): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(source), zlib.createGunzip(), extract as unknown as Writable);
  reading.catch(() => {});
  for await (const entry of extract) {
    const name = entry.header.name.replace(/^\/+/, "").replace(/\/+$/, "");
    const parts = name.split("/");
    if (!name || parts.some((part) => part === ".." || part === "." || part === "") || !isDatabaseEntry(parts[0]!)) {
      throw new ArchiveError(`The database snapshot holds an unexpected entry ${JSON.stringify(entry.header.name)}.`);
    }
    const target = path.join(dataDir, ...parts);
    if (entry.header.type === "directory") {
      await fs.promises.mkdir(target, { recursive: true, mode: 0o700 });
      entry.resume();
    } else if (entry.header.type === "file") {
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry as unknown as Readable, fs.createWriteStream(target, { mode: 0o600 }));
    } else {
      throw new ArchiveError(`The database snapshot holds an unexpected entry ${JSON.stringify(entry.header.name)}.`);
    }
  }
  await reading;
}
