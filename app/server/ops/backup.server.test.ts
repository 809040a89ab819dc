/**
 * `npm run backup` and `npm run restore` (ops/README.md), run in-process. The round trip uses this file's
 * test database: on PGlite it plays the running server and answers on the backup socket; with
 * TEST_DATABASE_URL it is PostgreSQL, dumped with pg_dump and restored into a new database beside it.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createSignedInUser } from "../../../tests/support/auth";
import { insertCompany } from "../../../tests/support/companies";
import { insertVideos } from "../../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { appendAuditAlone, auditHead, formatAuditAnchor } from "../audit/audit-log.server";
import {
  connectDatabase,
  openDataDirAsItIs,
  openInMemoryDatabase,
  openPostgresDatabase,
  schema,
  type Connection,
  type Database,
} from "../db/db.server";
import { getStorage } from "../media/storage/current-storage.server";
import { readArchive } from "./backup-archive.server";
import { runBackupCommand, runRestoreCommand } from "./backup-cli.server";
import { unpackSnapshot } from "./backup-data-folder.server";
import { listenForSnapshotRequests, type SnapshotListener } from "./backup-socket.server";

restoreEnvAfterEach(["DATA_DIR", "DATABASE_URL"]);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "mw-backup-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A new empty folder under the scratch folder. */
function newFolder(name: string) {
  const folder = path.join(scratch, `${name}-${++folders}`);
  fs.mkdirSync(folder);
  return folder;
}

/** A command's exit code and everything it printed, one string per line. */
async function run(command: typeof runBackupCommand, args: string[]) {
  const lines: string[] = [];
  const code = await command(args, { info: (line) => lines.push(line), error: (line) => lines.push(line) });
  return { code, output: lines.join("\n") };
}

/** Every row of every table the site owns, each table's rows in a stable order: what must come back. */
async function everyRow(db: Database) {
  const tables = await db.execute<{ name: string }>(
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const contents: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await db.execute(sql.raw(`select * from ${name}`));
    contents[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/** Every file under a folder, as relative path → SHA-256. */
function fileHashes(folder: string) {
  const hashes: Record<string, string> = {};
  if (!fs.existsSync(folder)) return hashes;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(folder, file)] = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return hashes;
}

/** Content, accounts (user, profile, password account, session), a company and three uploads, one of 3 MB. */
async function fillTheSite(dataDir: string) {
  const company = await insertCompany({ name: "Backup Minerals" });
  await insertVideos([{ title: "Kept through a restore", thumbnailUrl: "/uploads/images/kept.jpg" }]);
  await createSignedInUser({ role: "editor", email: "editor@backup.example" });
  const storage = getStorage();
  for (const [key, size] of [
    ["images/kept.jpg", 1234],
    ["images/kept-480.webp", 40_000],
    ["audio/episode.mp3", 3 * 1024 * 1024],
  ] as const) {
    const bytes = randomBytes(size);
    await storage.put(key, Readable.from([bytes]), { contentType: "application/octet-stream", size });
  }
  fs.writeFileSync(path.join(dataDir, "auth-secret"), randomBytes(32).toString("hex"), { mode: 0o600 });
  return company;
}

describe("backup and restore round-trip this test database", () => {
  let connection: Connection;
  let sourceDir: string;
  let listener: SnapshotListener | null = null;
  let archive: string;
  /** The restore target: a data folder, or on PostgreSQL a new database too. */
  let targetDir: string;
  let targetUrl: string | undefined;
  const created: string[] = [];

  beforeAll(async () => {
    connection = await connectDatabase();
    sourceDir = newFolder("source");
    setEnv({ DATA_DIR: sourceDir, DATABASE_URL: connection.url });
    await fillTheSite(sourceDir);
    // On PGlite this process is the running server: its database is in memory, reachable only through the socket.
    listener = await listenForSnapshotRequests(sourceDir, connection);
    archive = path.join(newFolder("archives"), "site.tar.gz");
    targetDir = newFolder("target");
    if (connection.url) {
      const url = new URL(connection.url);
      const name = `${url.pathname.slice(1)}_restored`;
      await adminQuery(connection.url, `create database ${name}`);
      created.push(name);
      url.pathname = `/${name}`;
      targetUrl = url.toString();
    }
  });

  afterAll(async () => {
    await listener?.close();
    for (const name of created) await adminQuery(connection.url!, `drop database if exists ${name} with (force)`);
  });

  /** Opens the restored database as it is, runs `check`, closes it. */
  async function withRestored<T>(check: (db: Database) => Promise<T>): Promise<T> {
    const restored = targetUrl ? await openPostgresDatabase(targetUrl) : await openDataDirAsItIs(targetDir);
    try {
      return await check(restored.db);
    } finally {
      await restored.close();
    }
  }

  it("backs up while the site runs, then restores content, accounts, companies and uploads exactly", async () => {
    setEnv({ DATA_DIR: sourceDir, DATABASE_URL: connection.url });
    await appendAuditAlone({ actor: { id: "u-1", name: "Ann", role: "admin" }, action: "company-create" });
    const anchor = formatAuditAnchor((await auditHead())!);
    const backup = await run(runBackupCommand, [archive]);
    // PRODUCT.md "Audit log": the newest entry when the snapshot was taken, printed and in the manifest.
    expect(backup.output).toContain(`Audit log anchor at this backup: ${anchor} (`);
    expect((await readArchive(archive)).auditAnchor).toBe(anchor);
    expect(backup.output).toMatch(
      connection.url ? /^Backed up PostgreSQL \(from the pg_dump,/ : /^Backed up the embedded database \(from the running server,/,
    );
    expect(backup.output).toContain("and 3 uploads (3.0 MB)");
    expect(backup.code).toBe(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    setEnv({ DATA_DIR: targetDir, DATABASE_URL: targetUrl });
    const restore = await run(runRestoreCommand, [archive]);
    expect(restore.output).toMatch(/^Restored .* and 3 uploads\.$/);
    expect(restore.code).toBe(0);

    const source = await everyRow(connection.db);
    expect(source["public.users"]).toHaveLength(1);
    expect(source["public.sessions"]).toHaveLength(1);
    expect(source["public.companies"]).toHaveLength(1);
    expect(await withRestored(everyRow)).toEqual(source);
    expect(fileHashes(path.join(targetDir, "uploads"))).toEqual(fileHashes(path.join(sourceDir, "uploads")));
    expect(Object.keys(fileHashes(path.join(targetDir, "uploads")))).toHaveLength(3);
    expect(fs.readFileSync(path.join(targetDir, "auth-secret"))).toEqual(fs.readFileSync(path.join(sourceDir, "auth-secret")));
  });

  it("refuses to restore over the database and uploads it restored, unless forced, which replaces them", async () => {
    setEnv({ DATA_DIR: targetDir, DATABASE_URL: targetUrl });
    const stray = path.join(targetDir, "uploads", "images", "stray.png");
    fs.writeFileSync(stray, "not in the backup");
    await withRestored((db) =>
      db.insert(schema.companies).values({ name: "Added later", slug: "added-later", ticker: "LATER", exchange: "ASX" }),
    );

    const refused = await run(runRestoreCommand, [archive]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /^Restore failed: Restore refused: (DATA_DIR .* holds a database|the database has \d+ tables) and .*uploads holds 4 uploads\. Restore into an empty target, or add --force to replace it\.$/,
    );

    const forced = await run(runRestoreCommand, [archive, "--force"]);
    expect(forced.output).toMatch(/^Restored /);
    expect(forced.code).toBe(0);
    expect(fs.existsSync(stray)).toBe(false);
    expect(await withRestored((db) => db.select({ name: schema.companies.name }).from(schema.companies))).toEqual([
      { name: "Backup Minerals" },
    ]);
    expect(await withRestored(everyRow)).toEqual(await everyRow(connection.db));
  });
});

/**
 * A stopped site's data folder with one company: made from a snapshot of an in-memory database, as
 * migrating a new folder on disk takes PGlite many seconds.
 */
let templateTarball: Promise<string> | undefined;

/** One snapshot of a migrated database, taken once for the file: creating a database takes PGlite seconds. */
function migratedTarball() {
  templateTarball ??= (async () => {
    const ours = await connectDatabase();
    const template = ours.pglite ? ours : await openInMemoryDatabase();
    const tarball = path.join(newFolder("tarball"), "pgdata.tar.gz");
    fs.writeFileSync(tarball, Buffer.from(await (await template.pglite!.dumpDataDir()).arrayBuffer()));
    if (template !== ours) await template.close();
    return tarball;
  })();
  return templateTarball;
}

async function stoppedSiteFolder() {
  const dataDir = newFolder("stopped");
  const tarball = await migratedTarball();
  await unpackSnapshot(tarball, dataDir);
  const site = await openDataDirAsItIs(dataDir);
  await site.db.delete(schema.companies);
  await site.db.insert(schema.companies).values({ name: "Folder Holdings", slug: "folder-holdings", ticker: "FOLD", exchange: "ASX" });
  await site.close();
  return dataDir;
}

describe("backing up a stopped site's data folder", () => {
  let good: Buffer;

  beforeAll(async () => {
    const dataDir = await stoppedSiteFolder();
    // A killed server's socket file stays behind: no one answers on it.
    fs.writeFileSync(path.join(dataDir, "backup.sock"), "");
    setEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const archive = path.join(newFolder("archives"), "stopped.tar.gz");
    const backup = await run(runBackupCommand, [archive]);
    expect(backup.output).toMatch(/^Backed up the embedded database \(from the data folder, \d+ migrations\) and 0 uploads/);
    expect(backup.code).toBe(0);
    good = fs.readFileSync(archive);
  });

  it("reads the folder itself when no server answers, and the copy restores", async () => {
    const archive = path.join(newFolder("archives"), "stopped.tar.gz");
    fs.writeFileSync(archive, good);
    const target = newFolder("restored-stopped");
    setEnv({ DATA_DIR: target, DATABASE_URL: undefined });
    expect((await run(runRestoreCommand, [archive])).code).toBe(0);
    const restored = await openDataDirAsItIs(target);
    const rows = await restored.db.select({ name: schema.companies.name }).from(schema.companies);
    await restored.close();
    expect(rows).toEqual([{ name: "Folder Holdings" }]);
  });

  it("asks a server running on the folder, whose socket, uploads and secret stay out of the database snapshot", async () => {
    const dataDir = await stoppedSiteFolder();
    setEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await getStorage().put("images/running.png", Readable.from([randomBytes(5000)]), { contentType: "image/png", size: 5000 });
    const running = await openDataDirAsItIs(dataDir);
    const socket = await listenForSnapshotRequests(dataDir, running);
    try {
      expect(fs.statSync(path.join(dataDir, "backup.sock")).mode & 0o777).toBe(0o600);
      const archive = path.join(newFolder("archives"), "running.tar.gz");
      const backup = await run(runBackupCommand, [archive]);
      expect(backup.output).toMatch(/^Backed up the embedded database \(from the running server, \d+ migrations\) and 1 uploads/);
      expect(backup.code).toBe(0);
      const target = newFolder("restored-running");
      setEnv({ DATA_DIR: target });
      expect((await run(runRestoreCommand, [archive])).code).toBe(0);
      expect(fileHashes(path.join(target, "uploads"))).toEqual(fileHashes(path.join(dataDir, "uploads")));
    } finally {
      await socket?.close();
      await running.close();
    }
    expect(fs.existsSync(path.join(dataDir, "backup.sock"))).toBe(false);
    // A slow machine's share: three opens of a folder on disk, a snapshot and a restore.
  }, 60_000);

  it("refuses a folder with no database, and never overwrites an archive", async () => {
    setEnv({ DATA_DIR: newFolder("empty"), DATABASE_URL: undefined });
    const archives = newFolder("archives");
    expect(await run(runBackupCommand, [path.join(archives, "none.tar.gz")])).toEqual({
      code: 1,
      output: expect.stringMatching(/^Backup failed: There is no database in DATA_DIR .*empty-\d+ to back up\.$/),
    });
    expect(fs.readdirSync(archives)).toEqual([]);
    fs.writeFileSync(path.join(archives, "taken.tar.gz"), "");
    expect((await run(runBackupCommand, [path.join(archives, "taken.tar.gz")])).output).toMatch(/already exists: choose a new name/);
  });

  describe("restore refuses what is not a whole MarketWire backup", () => {
    afterEach(() => setEnv({ DATABASE_URL: undefined }));

    async function restoreBytes(bytes: Buffer | string) {
      const file = path.join(newFolder("bad"), "archive.tar.gz");
      fs.writeFileSync(file, bytes);
      setEnv({ DATA_DIR: newFolder("bad-target"), DATABASE_URL: undefined });
      return run(runRestoreCommand, [file]);
    }

    it("a file that is not a gzipped tar", async () => {
      const { code, output } = await restoreBytes("just some text\n");
      expect(code).toBe(1);
      expect(output).toMatch(/^Restore failed: .*archive\.tar\.gz is not a MarketWire backup \(not a readable \.tar\.gz: .*\)$/);
    });

    it("an archive cut short", async () => {
      const { code, output } = await restoreBytes(good.subarray(0, Math.floor(good.length / 2)));
      expect(code).toBe(1);
      expect(output).toMatch(/^Restore failed: .*archive\.tar\.gz is not a MarketWire backup/);
    });

    it("a tar.gz of something else (no manifest)", async () => {
      const { code, output } = await restoreBytes(await foreignTarGz());
      expect(code).toBe(1);
      expect(output).toMatch(/^Restore failed: .* is not a MarketWire backup \(no manifest\.json: cut short\?\)$/);
    });

    it("an entry whose bytes changed", async () => {
      const { code, output } = await restoreBytes(
        await rewrittenArchive(good, (name, bytes) => (name.startsWith("database/") ? flipLastByte(bytes) : bytes)),
      );
      expect(code).toBe(1);
      expect(output).toMatch(/^Restore failed: .* is damaged: database\/pglite-data\.tar\.gz does not match its checksum$/);
    });

    it("a PGlite backup while DATABASE_URL is set", async () => {
      const file = path.join(newFolder("kind"), "pglite.tar.gz");
      fs.writeFileSync(file, good);
      setEnv({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
      const { code, output } = await run(runRestoreCommand, [file]);
      expect(code).toBe(1);
      expect(output).toMatch(/holds an embedded \(PGlite\) database; unset DATABASE_URL to restore it into DATA_DIR\.$/);
    });

    it("bad usage", async () => {
      expect((await run(runRestoreCommand, [])).code).toBe(2);
      expect((await run(runRestoreCommand, ["a", "b"])).code).toBe(2);
      expect((await run(runBackupCommand, ["--force"])).code).toBe(2);
    });
  });
});

function flipLastByte(bytes: Buffer) {
  const copy = Buffer.from(bytes);
  copy[copy.length - 1]! ^= 0xff;
  return copy;
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The archive's entries, each passed through `change`, in a new gzipped tar (the manifest unchanged). */
async function rewrittenArchive(archive: Buffer, change: (name: string, bytes: Buffer) => Buffer) {
  const tar = await import("tar-stream");
  const zlib = await import("node:zlib");
  const extract = tar.extract();
  Readable.from([zlib.gunzipSync(archive)]).pipe(extract as never);
  const pack = tar.pack();
  const out: Buffer[] = [];
  pack.on("data", (chunk: unknown) => out.push(chunk as Buffer));
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    pack.entry({ name: entry.header.name }, change(entry.header.name, Buffer.concat(chunks)));
  }
  pack.finalize();
  await new Promise<void>((resolve) => pack.on("end", () => resolve()));
  return zlib.gzipSync(Buffer.concat(out));
}

async function foreignTarGz() {
  const tar = await import("tar-stream");
  const zlib = await import("node:zlib");
  const pack = tar.pack();
  const out: Buffer[] = [];
  pack.on("data", (chunk: unknown) => out.push(chunk as Buffer));
  pack.entry({ name: "notes.txt" }, "hello");
  pack.finalize();
  await new Promise<void>((resolve) => pack.on("end", () => resolve()));
  return zlib.gzipSync(Buffer.concat(out));
}
