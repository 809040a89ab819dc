import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { acquireDataDirLock } from "~/server/db/db-lock.server";

/**
 * Starts server.ts with the given environment and returns the messages of the error lines it logged (JSON
 * lines in production, PRODUCT.md "Logs") and how it exited. Anything else on stderr counts as an error
 * line too. Not spawnSync: this process must stay free to answer on a lock it holds.
 */
function startServer(env: Record<string, string>): Promise<{ status: number | null; errorLines: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server.ts"],
      { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "3999", ...env }, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => {
        const logged = stdout
          .split("\n")
          .filter((line) => line.trim())
          .map((line) => JSON.parse(line) as { level: string; msg: string })
          .filter(({ level }) => level === "error" || level === "fatal")
          .map(({ msg }) => msg);
        const printed = stderr.split("\n").filter((line) => line.trim() && !line.includes("npm warn"));
        resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, errorLines: [...logged, ...printed] });
      },
    );
  });
}

describe("start-up with bad configuration stops with one clear line", () => {
  it("names an unreachable DATABASE_URL", async () => {
    const { status, errorLines } = await startServer({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(status).toBe(1);
    expect(errorLines).toEqual(["Start-up failed: Cannot connect to DATABASE_URL (127.0.0.1:1/none): ECONNREFUSED"]);
  });

  it("names an unwritable DATA_DIR", async () => {
    const { status, errorLines } = await startServer({ DATA_DIR: "/dev/null/data" });
    expect(status).toBe(1);
    expect(errorLines).toEqual(["Start-up failed: DATA_DIR /dev/null/data is not a writable folder: ENOTDIR"]);
  });

  it("names an invalid variable", async () => {
    const { status, errorLines } = await startServer({ PORT: "not-a-port" });
    expect(status).toBe(1);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(/^Start-up failed: Invalid environment variable PORT: /);
  });

  it("refuses a data folder another running process holds", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-lock-"));
    // This test process holds the lock, as a running server does.
    const release = await acquireDataDirLock(dataDir);
    const { status, errorLines } = await startServer({ DATA_DIR: dataDir });
    await release();
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      `Start-up failed: The database in ${dataDir} is in use by another process (pid ${process.pid}); stop it first (PGlite allows one process per data folder).`,
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
