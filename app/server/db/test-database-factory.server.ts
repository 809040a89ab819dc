/**
 * Where tests say how the process's database is opened (tests/support/vitest-setup.ts). Kept apart from
 * db.server.ts so that the per-file test set-up registers the factory without loading Drizzle, PGlite and
 * pg: most test files never open a database.
 */
import type { Connection } from "./db.server";

let openForTests: (() => Promise<Connection>) | undefined;

/** Tests: how to open a database when first asked (in-memory PGlite or a throw-away PostgreSQL database). */
export function setTestDatabaseFactory(factory: () => Promise<Connection>) {
  openForTests = factory;
}

/** The factory tests registered, if any: connectDatabase() uses it instead of the configured database. */
export function testDatabaseFactory() {
  return openForTests;
}
