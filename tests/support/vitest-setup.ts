/**
 * Every file listed in tests/support/database-test-files.ts gets its own database, opened on first use
 * (tests/support/test-database.ts); a file not listed that opens one fails. A console.error during a test
 * fails it.
 */
import { afterAll, afterEach, beforeEach, vi, type RunnerTestFile } from "vitest";

import { setTestDatabaseFactory } from "~/server/db/test-database-factory.server";
import { replaceErrorFolder } from "~/server/log.server";

import { closeTestDatabase, databaseListProblem, openTestDatabase } from "./test-database";

process.env.NODE_ENV = "test";
process.env.BETTER_AUTH_URL = "http://localhost:3000";
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
// A test that needs the server asks testDatabaseServerUrl(), which counts its file as a database file.
delete process.env.TEST_DATABASE_URL;

setTestDatabaseFactory(openTestDatabase);

let file: RunnerTestFile | undefined;
afterAll(async () => {
  await closeTestDatabase();
  const problem = databaseListProblem(file);
  if (problem) throw new Error(problem);
});

let consoleErrors: unknown[][] = [];
beforeEach(({ task }) => {
  file = task.file;
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
