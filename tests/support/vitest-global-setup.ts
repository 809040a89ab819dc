/**
 * The db project's database, migrated once per run (issue 43): migrating a new database cost every file
 * 13–53 s. Each file's own database starts as a copy of this one (tests/support/test-database.ts): on PGlite
 * from PGlite's tarball of it, on PostgreSQL (TEST_DATABASE_URL) as `create database … template`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

import { openInMemoryDatabase, openPostgresDatabase } from "~/server/db/db.server";

import { adminQuery } from "./postgres-admin";

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // A name of its own: other runs may share the server.
    const template = `test_template_${crypto.randomBytes(6).toString("hex")}`;
    const dropTemplate = () => adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
    await adminQuery(serverUrl, `create database ${template}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${template}`;
      // Opening migrates; closed at once, since a template must have no connections while it is copied.
      const connection = await openPostgresDatabase(url.toString(), { max: 1, connectTimeoutMs: 10_000, statementTimeoutMs: 300_000 });
      await connection.close();
    } catch (error) {
      await dropTemplate();
      throw error;
    }
    project.provide("testDatabase", { engine: "postgres", serverUrl, template });
    return dropTemplate;
  }
  // openInMemoryDatabase, as every file opened before: pg_trgm loaded, every migration applied. Uncompressed
  // (43 MB, not 5): each file then loads it a second or so sooner.
  const connection = await openInMemoryDatabase();
  const dump = await connection.pglite!.dumpDataDir("none");
  await connection.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mw-test-database-"));
  const dumpFile = path.join(folder, "migrated.tar");
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { engine: "pglite", dumpFile });
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
