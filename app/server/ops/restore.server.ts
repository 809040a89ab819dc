import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { acquireDataDirLock } from "../db/db-lock.server";
import { openDataDirAsItIs } from "../db/db.server";
import { getEnv, StartupError } from "../env.server";
import { checkStorageKey } from "../media/storage/storage.server";
import { ArchiveError, readArchive, type Manifest } from "./backup-archive.server";
import { unpackSnapshot } from "./backup-data-folder.server";
import {
  countAppliedMigrations,
  countKnownMigrations,
  embeddedDatabaseEntries,
  postgresAppliedMigrations,
  postgresTables,
  restorePostgres,
} from "./backup-database.server";
import { AUTH_SECRET_FILE, ENTRY, listUploads, UPLOADS_FOLDER } from "./backup.server";

/** Caches the site rebuilds from the database: after a forced restore they would show the replaced content. */
const DERIVED_FOLDERS = ["previews", "video-thumbnails"];
/** Uploads are unpacked beside the folder they replace and put in place once everything else is restored. */
const STAGING_FOLDER = "uploads.restoring";

export interface RestoreSummary {
  manifest: Manifest;
  uploads: number;
}

/**
 * Restores an archive into the configured database (DATABASE_URL, else DATA_DIR) and DATA_DIR/uploads.
 * The archive is read whole and checked against its manifest before anything is touched; a target that
 * holds a database or uploads is refused unless `force`, which replaces them.
 */
export async function restoreBackup(file: string, { force }: { force: boolean }): Promise<RestoreSummary> {
  const env = getEnv();
  if (!fs.existsSync(file)) throw new ArchiveError(`${file} does not exist.`);
  const manifest = await readArchive(file);
  const kind = env.DATABASE_URL ? "postgres" : "pglite";
  if (manifest.database.kind !== kind) {
    throw new StartupError(
      manifest.database.kind === "pglite"
        ? `${file} holds an embedded (PGlite) database; unset DATABASE_URL to restore it into DATA_DIR.`
        : `${file} holds a PostgreSQL database; set DATABASE_URL to the (empty) database to restore it into.`,
    );
  }
  const known = countKnownMigrations();
  if (manifest.database.migrations > known) {
    throw new StartupError(
      `${file} was made by a newer version of the site (${manifest.database.migrations} migrations, this one knows ${known}): restore it with that version.`,
    );
  }

  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  // The embedded database's folder stays locked from the check to the end: no server may open it meanwhile.
  const release = kind === "pglite" ? await acquireDataDirLock(env.DATA_DIR) : async () => {};
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-restore-"));
  const staging = path.join(env.DATA_DIR, STAGING_FOLDER);
  try {
    await refuseNonEmptyTarget(env.DATA_DIR, env.DATABASE_URL, manifest, force);
    fs.rmSync(staging, { recursive: true, force: true });
    const snapshot = path.join(scratch, "database");
    let secret: string | undefined;
    let uploads = 0;
    await readArchive(file, async (name, content) => {
      if (name === manifest.database.entry) return save(content, snapshot);
      if (name === ENTRY.authSecret) return save(content, (secret = path.join(scratch, AUTH_SECRET_FILE)));
      if (name.startsWith(ENTRY.uploadsPrefix)) {
        const key = checkStorageKey(name.slice(ENTRY.uploadsPrefix.length));
        const destination = path.join(staging, ...key.split("/"));
        fs.mkdirSync(path.dirname(destination), { recursive: true });
        uploads += 1;
        return save(content, destination);
      }
      throw new ArchiveError(`${file} holds an entry this version does not know: ${name}`);
    });

    let applied: number;
    if (kind === "pglite") {
      applied = await restoreEmbedded(env.DATA_DIR, snapshot, force);
    } else {
      await restorePostgres(env.DATABASE_URL!, snapshot, { replace: force });
      applied = await postgresAppliedMigrations(env.DATABASE_URL!);
    }
    if (applied !== manifest.database.migrations) {
      throw new StartupError(`The restored database has ${applied} migrations applied, the backup said ${manifest.database.migrations}.`);
    }

    if (secret) fs.copyFileSync(secret, path.join(env.DATA_DIR, AUTH_SECRET_FILE));
    if (secret) fs.chmodSync(path.join(env.DATA_DIR, AUTH_SECRET_FILE), 0o600);
    const uploadsFolder = path.join(env.DATA_DIR, UPLOADS_FOLDER);
    if (manifest.uploads === "disk") {
      fs.rmSync(uploadsFolder, { recursive: true, force: true });
      fs.mkdirSync(staging, { recursive: true });
      fs.renameSync(staging, uploadsFolder);
    }
    if (force) for (const folder of DERIVED_FOLDERS) fs.rmSync(path.join(env.DATA_DIR, folder), { recursive: true, force: true });
    return { manifest, uploads };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
    await release();
  }
}

async function save(content: Readable, destination: string) {
  await pipeline(content, fs.createWriteStream(destination, { mode: 0o600 }));
}

/** What the target holds that a restore would replace; refused unless forced. */
async function refuseNonEmptyTarget(dataDir: string, databaseUrl: string | undefined, manifest: Manifest, force: boolean) {
  const found: string[] = [];
  if (databaseUrl) {
    const tables = await postgresTables(databaseUrl);
    if (tables.length) found.push(`the database has ${tables.length} tables`);
  } else if (embeddedDatabaseEntries(dataDir).length) {
    found.push(`DATA_DIR ${dataDir} holds a database`);
  }
  const uploads = manifest.uploads === "disk" ? listUploads(path.join(dataDir, UPLOADS_FOLDER)).length : 0;
  if (uploads) found.push(`${path.join(dataDir, UPLOADS_FOLDER)} holds ${uploads} uploads`);
  if (found.length && !force) {
    throw new StartupError(`Restore refused: ${found.join(" and ")}. Restore into an empty target, or add --force to replace it.`);
  }
}

/** Unpacks the snapshot into the folder; opening it replays the write-ahead log. Returns the migrations it has. */
async function restoreEmbedded(dataDir: string, snapshot: string, replace: boolean) {
  if (replace) for (const name of embeddedDatabaseEntries(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  await unpackSnapshot(snapshot, dataDir);
  const connection = await openDataDirAsItIs(dataDir, { locked: true });
  try {
    return await countAppliedMigrations(connection.db);
  } finally {
    await connection.close();
  }
}
