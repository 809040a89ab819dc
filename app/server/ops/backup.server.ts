import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { openDataDirAsItIs } from "../db/db.server";
import { getEnv, StartupError } from "../env.server";
import { checkStorageKey } from "../media/storage/storage.server";
import { ArchiveWriter, type Manifest } from "./backup-archive.server";
import { snapshotEmbedded } from "./backup-data-folder.server";
import {
  countAppliedMigrations,
  dumpPostgres,
  embeddedAuditAnchor,
  hasEmbeddedDatabase,
  postgresAppliedMigrations,
  postgresAuditAnchor,
} from "./backup-database.server";
import { requestSnapshot } from "./backup-socket.server";

/** Archive entry names (ops/README.md "The archive"). */
export const ENTRY = {
  pglite: "database/pglite-data.tar.gz",
  postgres: "database/postgres.pgdump",
  authSecret: "secrets/auth-secret",
  uploadsPrefix: "uploads/",
} as const;

/** The site's files in DATA_DIR that a backup carries: the generated auth secret signs every session cookie. */
export const AUTH_SECRET_FILE = "auth-secret";
export const UPLOADS_FOLDER = "uploads";

export interface BackupSummary {
  manifest: Manifest;
  /** How the database snapshot was taken. */
  source: "pg_dump" | "running server" | "data folder";
  uploads: number;
  uploadBytes: number;
}

/**
 * Writes one archive with a consistent snapshot of the database and the uploads on local disk, while the
 * site runs or not. The database is taken first: an upload its rows name was on disk before it, and
 * uploads are never changed in place (a new key per file), so every file the snapshot names is in the archive.
 */
export async function createBackup(file: string): Promise<BackupSummary> {
  const env = getEnv();
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new StartupError(`${file} already exists: choose a new name (a backup never overwrites one).`);
  if (!fs.existsSync(path.dirname(target))) throw new StartupError(`The folder ${path.dirname(target)} does not exist.`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-backup-"));
  const archive = ArchiveWriter.create(target);
  try {
    const snapshot = path.join(scratch, "database");
    let source: BackupSummary["source"];
    let migrations: number;
    let auditAnchor: string | null;
    if (env.DATABASE_URL) {
      // Read before the dump: the log only grows, so the entry it names is in the dump.
      auditAnchor = await postgresAuditAnchor(env.DATABASE_URL);
      await dumpPostgres(env.DATABASE_URL, snapshot);
      source = "pg_dump";
      migrations = await postgresAppliedMigrations(env.DATABASE_URL);
    } else {
      ({ source, migrations, auditAnchor } = await snapshotEmbeddedFolder(env.DATA_DIR, snapshot));
    }
    const kind = env.DATABASE_URL ? "postgres" : "pglite";
    await archive.addFile(ENTRY[kind], snapshot);
    fs.rmSync(snapshot);

    const secret = path.join(env.DATA_DIR, AUTH_SECRET_FILE);
    if (fs.existsSync(secret)) await archive.addFile(ENTRY.authSecret, secret);

    let uploads = 0;
    let uploadBytes = 0;
    if (!env.S3) {
      for (const key of listUploads(path.join(env.DATA_DIR, UPLOADS_FOLDER))) {
        const source = path.join(env.DATA_DIR, UPLOADS_FOLDER, ...key.split("/"));
        await archive.addFile(`${ENTRY.uploadsPrefix}${key}`, source);
        uploads += 1;
        uploadBytes += fs.statSync(source).size;
      }
    }
    const manifest = await archive.finish({
      createdAt: new Date().toISOString(),
      database: { kind, migrations, entry: ENTRY[kind] },
      uploads: env.S3 ? "s3" : "disk",
      auditAnchor,
    });
    return { manifest, source, uploads, uploadBytes };
  } catch (error) {
    await archive.abort();
    throw error;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * From the running server when there is one (it holds the folder's lock), else straight from the folder,
 * locked meanwhile so no server starts on it halfway.
 */
async function snapshotEmbeddedFolder(
  dataDir: string,
  destination: string,
): Promise<{ source: BackupSummary["source"]; migrations: number; auditAnchor: string | null }> {
  const fromServer = await requestSnapshot(dataDir, destination);
  if (fromServer) return { source: "running server", ...fromServer };
  // Opening a folder without a database would create an empty one: that is never a backup.
  if (!hasEmbeddedDatabase(dataDir)) throw new StartupError(`There is no database in DATA_DIR ${dataDir} to back up.`);
  const connection = await openDataDirAsItIs(dataDir);
  try {
    const auditAnchor = await embeddedAuditAnchor(connection);
    await snapshotEmbedded(connection.pglite!, destination);
    return { source: "data folder", migrations: await countAppliedMigrations(connection.db), auditAnchor };
  } finally {
    await connection.close();
  }
}

/**
 * Every stored file under the uploads folder, as its storage key, in a stable order. Files being written
 * (`*.partial`) and anything that is not a key the site writes are left out.
 */
export function listUploads(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const keys: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".partial")) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    try {
      keys.push(checkStorageKey(key));
    } catch {
      // Not an upload (a stray file copied in by hand): not the site's to restore.
    }
  }
  return keys.sort();
}
