import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { acquireDataDirLock } from "~/server/db/db-lock.server";

/**
 * Starts server.ts with the given environment and returns the messages of the error lines it logged (JSON
 * lines in production, PRODUCT.md "Logs"), how it exited, and all it wrote. Anything else on stderr counts
 * as an error line too. Not spawnSync: this process must stay free to answer on a lock it holds.
 */
function startServer(env: Record<string, string>): Promise<{ status: number | null; errorLines: string[]; output: string }> {
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
        resolve({
          status: error ? (typeof error.code === "number" ? error.code : null) : 0,
          errorLines: [...logged, ...printed],
          output: stdout + stderr,
        });
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

  it("names PUBLIC_URL without a scheme, with an example, before touching the database, and prints no stack", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-url-"));
    const { status, errorLines, output } = await startServer({ PUBLIC_URL: "localhost:3000", DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      "Start-up failed: Invalid environment variable PUBLIC_URL: must be an absolute http(s) URL such as https://news.example.com (got 'localhost:3000')",
    ]);
    // No stack trace, no error object: the line is all there is.
    expect(output).not.toMatch(/^\s+at |"stack"|"err"/m);
    // Stopped before the database was opened or seeded.
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("names a bad KEEP_ALIVE_TIMEOUT_SECONDS", async () => {
    const { status, errorLines } = await startServer({ KEEP_ALIVE_TIMEOUT_SECONDS: "65s" });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      "Start-up failed: Invalid environment variable KEEP_ALIVE_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 3600, such as 65 (got '65s')",
    ]);
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
