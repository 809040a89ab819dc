/**
 * A test file's own database, opened on first use (tests/support/vitest-setup.ts): a copy of the one
 * tests/support/vitest-global-setup.ts migrated for the run, in memory on PGlite or, with TEST_DATABASE_URL, a
 * new database on that PostgreSQL server (dropped afterwards). Only the files listed in
 * tests/support/database-test-files.ts get one: the `db` project, which CI runs again on PostgreSQL. This
 * module keeps that list honest both ways.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, inject, type RunnerTask, type RunnerTestFile } from "vitest";

// Types only: Drizzle, PGlite and pg load when a file first opens its database, not in every test file.
import type { Connection } from "~/server/db/db.server";

import { adminQuery } from "./postgres-admin";

export type TestDatabaseSource =
  /** PGlite's tarball of the migrated database. */
  | { engine: "pglite"; dumpFile: string }
  /** The server, and the migrated database each file's is created from. */
  | { engine: "postgres"; serverUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** tests/support/vitest-global-setup.ts provides it to the db project only. */
    testDatabase?: TestDatabaseSource;
  }
}

const LIST = "tests/support/database-test-files.ts";
const source = inject("testDatabase");
let used = false;
let opened = false;
let createdDatabase: string | undefined;

/** Counts this file as one that uses the test database; in the unit project that fails it. */
function claimTestDatabase(): TestDatabaseSource {
  used = true;
  if (!source) throw new Error(unlisted());
  return source;
}

function unlisted() {
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "this file");
  return `${file} opens the test database but is not listed in ${LIST}: list it there, so that it gets one (and runs in the PostgreSQL pass too).`;
}

/**
 * The PostgreSQL server the suite runs on (TEST_DATABASE_URL), or undefined on PGlite, for a test that makes
 * databases of its own. Counts the file as a database file, as opening the test database does.
 */
export function testDatabaseServerUrl(): string | undefined {
  const database = claimTestDatabase();
  return database.engine === "postgres" ? database.serverUrl : undefined;
}

/** The factory db.server.ts calls on the file's first getDb/connectDatabase. */
export async function openTestDatabase(): Promise<Connection> {
  const database = claimTestDatabase();
  opened = true;
  const { openInMemoryDatabaseFrom, openPostgresDatabase } = await import("~/server/db/db.server");
  const { getEnv } = await import("~/server/env.server");
  if (database.engine === "pglite") return openInMemoryDatabaseFrom(new Blob([await fs.promises.readFile(database.dumpFile)]));
  createdDatabase = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(database.serverUrl, `create database ${createdDatabase} template ${database.template}`);
  const url = new URL(database.serverUrl);
  url.pathname = `/${createdDatabase}`;
  // The 5-second statement timeout guards a reader's request; a test's bulk set-up or clean-up (emptying
  // 50,001 companies fires a foreign-key trigger per row) may take longer on a loaded machine.
  return openPostgresDatabase(url.toString(), { ...getEnv().DATABASE_POOL, statementTimeoutMs: 300_000 });
}

/** After the file: closes the database it opened, if it opened one, and drops its PostgreSQL database. */
export async function closeTestDatabase() {
  if (!opened) return;
  const { closeDatabase } = await import("~/server/db/db.server");
  await closeDatabase();
  await dropTestDatabase();
}

async function dropTestDatabase() {
  if (createdDatabase && source?.engine === "postgres") {
    await adminQuery(source.serverUrl, `drop database if exists ${createdDatabase} with (force)`);
  }
}

/**
 * What is wrong with the list for this file, if anything: it used a database unlisted, or it is listed and
 * never used one. The latter only when every test ran and passed: a run filtered by name, or cut short by a
 * failure, proves nothing.
 */
export function databaseListProblem(file: RunnerTestFile | undefined): string | undefined {
  if (used && !source) return unlisted();
  if (!used && source && file && everyTestPassed(file)) {
    return `${path.relative(process.cwd(), file.filepath)} is listed in ${LIST} but never opened the test database: remove it from there.`;
  }
  return undefined;
}

function everyTestPassed(task: RunnerTask): boolean {
  if (task.type === "suite") return task.tasks.every(everyTestPassed);
  return task.mode === "run" && task.result?.state === "pass";
}
