/**
 * The fingerprint of the image's build-stage inputs (dockerfile.ts), by which postgres/image.test.ts decides
 * whether to redo the stage's clean install and build: it changes with the Dockerfile, .dockerignore, the
 * package files and the build's configuration, and with nothing else. Reads and writes files only (PGlite pass).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildStageInputs, fingerprint, parseDockerfile } from "./dockerfile";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "marketwire-dockerfile-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const RECORD = "tests/image-inputs.sha256";

function write(context: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
  fs.writeFileSync(path.join(context, file), text);
}

function fingerprintOf(context: string) {
  const build = parseDockerfile(fs.readFileSync(path.join(context, "Dockerfile"), "utf8")).find((stage) => stage.name === "build")!;
  return fingerprint(buildStageInputs(context, build, [RECORD]));
}

describe("the build stage's fingerprint", () => {
  const context = path.join(scratch, "small");
  beforeAll(() => {
    write(
      context,
      "Dockerfile",
      [
        "FROM node:26-bookworm-slim AS build",
        "WORKDIR /app",
        "COPY package.json package-lock.json ./",
        "RUN npm install",
        "COPY . .",
        "RUN npm run build",
        "FROM node:26-bookworm-slim AS runtime",
        "COPY --from=build /app/build ./build",
        "",
      ].join("\n"),
    );
    write(context, ".dockerignore", "node_modules\ndocs\n*.log\n");
    write(context, "package.json", "{}");
    write(context, "package-lock.json", "{}");
    write(context, "app/server.ts", "export {};");
    write(context, "server.ts", "export {};");
    write(context, "vite.config.ts", "export default {};");
    write(context, "docs/NOTES.md", "# Notes");
    write(context, RECORD, "0");
  });

  it("changes when an input changes: the Dockerfile, .dockerignore, a package file, the build's configuration, a mode, a new one", () => {
    const seen = new Set([fingerprintOf(context)]);
    const changes: (() => void)[] = [
      () => fs.appendFileSync(path.join(context, "Dockerfile"), "# a comment\n"),
      () => fs.appendFileSync(path.join(context, ".dockerignore"), "tmp\n"),
      () => write(context, "package-lock.json", '{"lockfileVersion":3}'),
      () => write(context, "vite.config.ts", "export default { build: {} };"),
      () => write(context, "server.ts", "export const changed = true;"),
      () => fs.chmodSync(path.join(context, "server.ts"), 0o755),
      () => write(context, "react-router.config.ts", "export default {};"),
    ];
    for (const change of changes) {
      change();
      const next = fingerprintOf(context);
      expect(seen.has(next), String(change)).toBe(false);
      seen.add(next);
    }
  });

  it("stays the same when only a source, what .dockerignore leaves out, or the record of the fingerprint changes", () => {
    const before = fingerprintOf(context);
    // CI's own build proves the sources build; the image's clean folder adds nothing for them.
    write(context, "app/server.ts", "export const changed = true;");
    write(context, "app/new.ts", "export {};");
    write(context, "docs/NOTES.md", "# Notes, rewritten");
    write(context, "node_modules/left-pad/index.js", "module.exports = 1;");
    write(context, "debug.log", "a line");
    write(context, RECORD, "1");
    expect(fingerprintOf(context)).toBe(before);
  });

  it("of the real Dockerfile on the committed tree: the package files and the build's configuration, never sources, node_modules or builds", () => {
    const committed = path.join(scratch, "committed");
    fs.mkdirSync(committed);
    execFileSync("sh", ["-c", `git archive HEAD | tar -x -C "${committed}"`]);
    const build = parseDockerfile(fs.readFileSync(path.join(committed, "Dockerfile"), "utf8")).find((stage) => stage.name === "build")!;
    const inputs = [...buildStageInputs(committed, build).keys()];
    for (const file of [
      "Dockerfile",
      ".dockerignore",
      "package.json",
      "package-lock.json",
      "server.ts",
      "scripts/build-server.ts",
      "vite.config.ts",
    ]) {
      expect(inputs).toContain(file);
    }
    expect(inputs).not.toContain("app/root.tsx");
    const before = fingerprintOf(committed);
    // What .dockerignore leaves out of the context: installs, builds, local data and secrets.
    write(committed, "node_modules/left-pad/index.js", "module.exports = 1;");
    write(committed, "build-reliability/server.js", "");
    write(committed, "data/pglite/PG_VERSION", "17");
    write(committed, ".env", "BETTER_AUTH_SECRET=x");
    write(committed, "npm-debug.log", "a line");
    expect(fingerprintOf(committed)).toBe(before);
    expect(inputs.filter((file) => /^(node_modules|build|data|\.git)(\/|$)/.test(file))).toEqual([]);
    write(committed, "server.ts", "// changed\n");
    expect(fingerprintOf(committed)).not.toBe(before);
  });
});
