/**
 * Every test file gets its own fresh database, opened on first use: an in-memory PGlite with the
 * migrations applied, or, when TEST_DATABASE_URL is set, a new database on that PostgreSQL server
 * (dropped afterwards). A console.error during a test fails it.
 */
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

import { closeDatabase, openInMemoryDatabase, openPostgresDatabase, setTestDatabaseFactory } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { replaceErrorFolder } from "~/server/log.server";

process.env.NODE_ENV = "test";
process.env.BETTER_AUTH_URL = "http://localhost:3000";
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
let createdDatabase: string | undefined;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

setTestDatabaseFactory(async () => {
  if (!testDatabaseUrl) return openInMemoryDatabase();
  createdDatabase = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${createdDatabase}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${createdDatabase}`;
  // The 5-second statement timeout guards a reader's request; a test's bulk set-up or clean-up (emptying
  // 50,001 companies fires a foreign-key trigger per row) may take longer on a loaded machine.
  return openPostgresDatabase(url.toString(), { ...getEnv().DATABASE_POOL, statementTimeoutMs: 300_000 });
});

afterAll(async () => {
  await closeDatabase();
  if (createdDatabase) await adminQuery(`drop database if exists ${createdDatabase} with (force)`);
});

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  // Each test logs its errors afresh: one test's error must not fold another's (PRODUCT.md "Logs").
  replaceErrorFolder(undefined);
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  if (consoleErrors.length) {
    throw new Error(`console.error was called during the test:\n${consoleErrors.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});
