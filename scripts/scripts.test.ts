/**
 * The command-line entries as a user runs them: separate processes, so the DATA_DIR lock is real.
 * (The commands' logic is tested against the test database in app/server/seed/cli.server.test.ts.)
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

import { acquireDataDirLock } from "~/server/db/db-lock.server";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-scripts-"));

// This test runner holds the DATA_DIR lock, as a running server does.
const releaseLock = await acquireDataDirLock(dataDir);

afterAll(async () => {
  await releaseLock();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function script(file: string, args: string[] = []) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.VITEST;
  try {
    const { stdout, stderr } = await run(tsx, [file, ...args], { env, timeout: 25_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run seed", () => {
  it("stops with one clear line, exit 1, while another process holds the database", async () => {
    const result = await script("scripts/seed.ts");
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Seed failed: The database in ${dataDir} is in use by another process (pid ${process.pid}); stop it first (PGlite allows one process per data folder).`,
    );
  });
});

describe("npm run admin", () => {
  it("prints the usage and exits 2 without arguments", async () => {
    const result = await script("scripts/admin.ts");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: npm run admin -- grant <email>");
  });

  it("stops with one clear line, exit 1, while another process holds the database", async () => {
    const result = await script("scripts/admin.ts", ["grant", "someone@example.com"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Admin command failed: The database in .* is in use by another process/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("npm run markets:import", () => {
  it("prints the usage and exits 2 without a file", async () => {
    const result = await script("scripts/markets-import.ts");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: npm run markets:import -- <file.csv>");
  });

  it("stops with one clear line, exit 1, while another process holds the database", async () => {
    const result = await script("scripts/markets-import.ts", ["tests/fixtures/markets/prices.csv"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Import failed: The database in .* is in use by another process/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
