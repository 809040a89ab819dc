import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "./db-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-lock-unit-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("writes our pid and removes the lock on release", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "marketwire.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "marketwire.lock"))).toBe(false);
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "marketwire.lock"), "2147483646");
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "marketwire.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("refuses a lock held by another live process", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "marketwire.lock"), "1"); // pid 1 always runs
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process \(pid 1\)/);
  });
});
