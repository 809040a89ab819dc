import { beforeAll, describe, expect, it } from "vitest";

import { getDb, MIGRATIONS_FOLDER, type Database } from "../db/db.server";
import { migrationCount, notReadyBecause, type Readiness } from "./health.server";

const ready = (overrides: Partial<Readiness> = {}): Readiness => ({
  getDb,
  timeoutMs: 1_000,
  migrations: migrationCount(MIGRATIONS_FOLDER),
  isStopping: () => false,
  ...overrides,
});

describe("notReadyBecause (/readyz)", () => {
  // Opening the test database and migrating it is not the check's business.
  beforeAll(async () => void (await getDb()), 120_000);

  it("is null when the database answers and has every migration of this build", async () => {
    expect(migrationCount(MIGRATIONS_FOLDER)).toBeGreaterThan(15);
    expect(await notReadyBecause(ready())).toBeNull();
  });

  it("says the process is stopping, without asking the database", async () => {
    let asked = false;
    const problem = await notReadyBecause(
      ready({
        isStopping: () => true,
        getDb: () => {
          asked = true;
          return getDb();
        },
      }),
    );
    expect([problem, asked]).toEqual(["stopping", false]);
  });

  it("names the migrations missing when the build is newer than the database", async () => {
    const known = migrationCount(MIGRATIONS_FOLDER);
    expect(await notReadyBecause(ready({ migrations: known + 1 }))).toBe(`database has ${known} of ${known + 1} migrations`);
  });

  it("gives up on a database that does not answer within its timeout", async () => {
    const started = Date.now();
    const problem = await notReadyBecause(ready({ timeoutMs: 200, getDb: () => new Promise<Database>(() => {}) }));
    expect(problem).toBe("database did not answer within 200 ms");
    // Well before any test's own timeout, on however busy a machine.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("says the database is unavailable when it refuses", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(await notReadyBecause(ready({ getDb: () => Promise.reject(refused) }))).toBe("database unavailable");
  });
});
