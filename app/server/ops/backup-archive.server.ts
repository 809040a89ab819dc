import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { z } from "zod";

/**
 * The backup file (ops/README.md "The archive"): a gzipped tar whose entries are the database snapshot,
 * the secret and the uploads, closed by `manifest.json`, which names the format, the database and every
 * entry's size and SHA-256. The manifest comes last so the archive is written in one pass; a reader
 * trusts nothing before it has read the manifest and checked every entry against it.
 */
export const MANIFEST_NAME = "manifest.json";
export const FORMAT = "marketwire-backup";

const SHA256 = /^[0-9a-f]{64}$/;
/** Entry names the writer makes: relative, lower-case, no `..`, no empty part. */
const ENTRY_NAME = /^[a-z\d][a-z\d._-]*(\/[a-z\d][a-z\d._-]*)*$/;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** How many of app/server/db/migrations the database had applied. */
    migrations: z.number().int().min(0),
    /** The entry holding the snapshot. */
    entry: z.string().regex(ENTRY_NAME),
  }),
  /** Where the uploads were: "disk" ones are in the archive under uploads/, "s3" ones are the bucket's to back up. */
  uploads: z.enum(["disk", "s3"]),
  /**
   * The audit log's newest entry when the snapshot was taken, `id:hash` (PRODUCT.md "Audit log"): kept with the
   * archive, outside the database, for `npm run audit:verify -- --anchor`. Absent in archives made before it.
   */
  auditAnchor: z.string().nullable().optional(),
  entries: z.record(z.string().regex(ENTRY_NAME), z.object({ size: z.number().int().min(0), sha256: z.string().regex(SHA256) })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFields = Omit<Manifest, "format" | "version" | "entries">;

/** A problem with the archive itself: the CLI prints it as one line. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/** Writes an archive to `${file}.partial` and renames it to `file` on finish, so no half archive has the final name. */
export class ArchiveWriter {
  private readonly entries: Manifest["entries"] = {};
  private readonly pack = tar.pack();
  private readonly partial: string;
  private readonly written: Promise<void>;

  private constructor(private readonly file: string) {
    this.partial = `${file}.partial`;
    // Owner only: the archive holds password hashes, sessions and the auth secret.
    this.written = pipeline(
      this.pack as unknown as Readable,
      zlib.createGzip(),
      fs.createWriteStream(this.partial, { mode: 0o600, flags: "wx" }),
    );
    // Surfaced by finish() or abort(); an unhandled rejection would end the process first.
    this.written.catch(() => {});
  }

  static create(file: string) {
    fs.rmSync(`${file}.partial`, { force: true });
    return new ArchiveWriter(file);
  }

  /** Adds an entry from a file on disk, streamed (uploads may be hundreds of MB). */
  async addFile(name: string, source: string): Promise<void> {
    const { size } = await fs.promises.stat(source);
    await this.addStream(name, size, fs.createReadStream(source));
  }

  addBuffer(name: string, data: Uint8Array): Promise<void> {
    return this.addStream(name, data.byteLength, Readable.from([Buffer.from(data)]));
  }

  private async addStream(name: string, size: number, source: Readable): Promise<void> {
    if (!ENTRY_NAME.test(name) || name === MANIFEST_NAME || name in this.entries) throw new Error(`Bad archive entry name ${name}`);
    const hash = createHash("sha256");
    let seen = 0;
    await new Promise<void>((resolve, reject) => {
      const sink = this.pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (error) => (error ? reject(error) : resolve()));
      const writer = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          seen += chunk.length;
          if (sink.write(chunk)) callback();
          else sink.once("drain", () => callback());
        },
        final(callback) {
          sink.end(null);
          callback();
        },
      });
      pipeline(source, writer).catch(reject);
    });
    if (seen !== size) throw new Error(`${name} changed while it was read (${seen} bytes, ${size} expected)`);
    this.entries[name] = { size, sha256: hash.digest("hex") };
  }

  /** Writes the manifest, closes the archive and gives it its final name. */
  async finish(fields: ManifestFields): Promise<Manifest> {
    const manifest: Manifest = { format: FORMAT, version: 1, ...fields, entries: this.entries };
    this.pack.entry({ name: MANIFEST_NAME, mode: 0o600, mtime: new Date(0) }, JSON.stringify(manifest, null, 2));
    this.pack.finalize();
    await this.written;
    await fs.promises.rename(this.partial, this.file);
    return manifest;
  }

  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
    await fs.promises.rm(this.partial, { force: true });
  }
}

/** What to do with each entry's bytes while the archive is read; returning nothing reads and hashes only. */
export type EntryHandler = (name: string, content: Readable) => Promise<void>;

/**
 * Reads the whole archive, hashing every entry, and checks it against the manifest: every entry listed,
 * of its size and hash, none missing, none extra. Throws ArchiveError naming the first problem. With a
 * handler each entry (the manifest aside) is also handed on as it streams past.
 */
export async function readArchive(file: string, handle?: EntryHandler): Promise<Manifest> {
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(file);
    await once(input, "open");
  } catch (error) {
    throw new ArchiveError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  /** A handler's own failure (a full disk) is reported as it is, not as a bad archive. */
  let handlerError: unknown;
  const extract = tar.extract();
  const reading = pipeline(input, zlib.createGunzip(), extract as unknown as Writable);
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const stream = entry as unknown as Readable;
      if (type !== "file" || !ENTRY_NAME.test(name) || found.has(name) || manifestText !== undefined) {
        throw new ArchiveError(`${file} is not a MarketWire backup (unexpected entry ${JSON.stringify(name)})`);
      }
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString("utf8");
        continue;
      }
      const hash = createHash("sha256");
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const copying = pipeline(stream, counted);
      copying.catch(() => {});
      if (handle) await handle(name, counted).catch((error: unknown) => Promise.reject((handlerError = error)));
      else for await (const _ of counted);
      await copying;
      found.set(name, { size, sha256: hash.digest("hex") });
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof ArchiveError || (handlerError !== undefined && error === handlerError)) throw error;
    throw new ArchiveError(`${file} is not a MarketWire backup (not a readable .tar.gz: ${(error as Error).message})`);
  }
  return checkAgainstManifest(file, manifestText, found);
}

function checkAgainstManifest(
  file: string,
  manifestText: string | undefined,
  found: Map<string, { size: number; sha256: string }>,
): Manifest {
  if (manifestText === undefined) throw new ArchiveError(`${file} is not a MarketWire backup (no ${MANIFEST_NAME}: cut short?)`);
  let manifest: Manifest;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(manifestText));
    if (!parsed.success) throw new Error(parsed.error.issues[0]!.path.join(".") || "manifest");
    manifest = parsed.data;
  } catch (error) {
    throw new ArchiveError(`${file} is not a MarketWire backup (its manifest is not one: ${(error as Error).message})`);
  }
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const actual = found.get(name);
    if (!actual) throw new ArchiveError(`${file} is damaged: ${name} is missing`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
      throw new ArchiveError(`${file} is damaged: ${name} does not match its checksum`);
  }
  const extra = [...found.keys()].find((name) => !(name in manifest.entries));
  if (extra) throw new ArchiveError(`${file} is damaged: ${extra} is not in its manifest`);
  if (!(manifest.database.entry in manifest.entries)) throw new ArchiveError(`${file} is damaged: the database snapshot is missing`);
  return manifest;
}
