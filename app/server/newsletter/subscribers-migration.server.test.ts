/**
 * The double opt-in migration keeps every subscriber stored before it, as pending (PRODUCT.md "Newsletter"),
 * on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseServerUrl } from "../../../tests/support/test-database";
import { MIGRATIONS_FOLDER } from "../db/db.server";

const MIGRATION = "0006_newsletter_double_opt_in";

/** A copy of the migrations folder that stops just before the newsletter migration. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

const oldFolder = migrationsBefore(MIGRATION);
afterAll(() => fs.rmSync(oldFolder, { recursive: true, force: true }));

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Stores subscribers the old way, applies the new migration, then reads and uses them the new way. */
async function upgrade(migrate: (folder: string) => Promise<void>, query: Query) {
  await migrate(oldFolder);
  await query(
    "insert into newsletter_subscribers (email, created_at) values ('old@example.com', '2026-01-01T00:00:00Z'), ('older@example.com', '2025-06-01T00:00:00Z')",
  );
  await migrate(MIGRATIONS_FOLDER);
  const rows = await query("select email, created_at, confirmed_at, last_mailed_at from newsletter_subscribers order by email");
  await query("update newsletter_subscribers set confirmed_at = now() where email = 'old@example.com'");
  await query("delete from newsletter_subscribers where email = 'older@example.com'");
  const after = await query("select email, confirmed_at is not null as confirmed from newsletter_subscribers");
  return { rows, after };
}

const expected = {
  rows: [
    { email: "old@example.com", created_at: new Date("2026-01-01T00:00:00Z"), confirmed_at: null, last_mailed_at: null },
    { email: "older@example.com", created_at: new Date("2025-06-01T00:00:00Z"), confirmed_at: null, last_mailed_at: null },
  ],
  after: [{ email: "old@example.com", confirmed: true }],
};

/** The upgrade on a fresh embedded database. */
async function upgradeEmbedded() {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    const db = drizzlePglite(client);
    return await upgrade(
      (folder) => migratePglite(db, { migrationsFolder: folder }),
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    );
  } finally {
    await client.close();
  }
}

/** The upgrade in a database of its own on the TEST_DATABASE_URL server, dropped afterwards. */
async function upgradePostgres(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `test_migration_${crypto.randomBytes(6).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  // pool.end() can resolve while its connection is still closing; the forced drop below then ends that
  // connection, and the pool reports it as an idle client's error, thrown if nobody listens.
  pool.on("error", () => {});
  try {
    const db = drizzlePg(pool);
    return await upgrade(
      (folder) => migratePg(db, { migrationsFolder: folder }),
      async (text) => (await pool.query(text)).rows,
    );
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe(`migration ${MIGRATION}`, () => {
  // The same database engine as the rest of the suite: PGlite, or PostgreSQL with TEST_DATABASE_URL.
  it("keeps existing subscribers, pending, and they can still be confirmed or removed", async () => {
    const serverUrl = testDatabaseServerUrl();
    expect(await (serverUrl ? upgradePostgres(serverUrl) : upgradeEmbedded())).toEqual(expected);
  });
});
