import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { buildServerEntry } from "./build-server";

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("buildServerEntry: the server entry compiled for plain node", () => {
  it("writes <build>/server.js with server.ts and its app modules inside and packages left to node_modules", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-server-"));
    const outfile = await buildServerEntry(dir);
    expect(outfile).toBe(path.join(dir, "server.js"));
    const code = fs.readFileSync(outfile, "utf8");
    const imports = [...code.matchAll(/^import .*?from "([^"]+)";$/gm)].map((match) => match[1]!);
    // Packages and Node's own modules only: no TypeScript source or path alias is left to resolve at run time.
    expect(imports.filter((specifier) => specifier.startsWith(".") || specifier.startsWith("~") || specifier.endsWith(".ts"))).toEqual([]);
    expect(imports).toEqual(expect.arrayContaining(["express", "@electric-sql/pglite"]));
    // The shutdown and the database lock are compiled in.
    expect(code).toContain("function trackRequests(");
    expect(code).toContain("async function acquireDataDirLock(");
  });
});
