import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";

import { precompress } from "./precompress-assets";

let dir: string;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("precompress: .br and .gz beside each compressible build file", () => {
  it("writes copies that decompress to the file, and leaves small and binary files alone", async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "precompress-"));
    await fs.mkdir(path.join(dir, "assets"));
    const script = "export const answer = 42;\n".repeat(200);
    await fs.writeFile(path.join(dir, "assets", "app.js"), script);
    await fs.writeFile(path.join(dir, "tiny.css"), "a{}");
    await fs.writeFile(path.join(dir, "photo.png"), Buffer.alloc(5000, 1));

    const result = await precompress(dir);

    expect(result.files).toBe(1);
    const br = await fs.readFile(path.join(dir, "assets", "app.js.br"));
    const gz = await fs.readFile(path.join(dir, "assets", "app.js.gz"));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    await expect(fs.access(path.join(dir, "tiny.css.br"))).rejects.toThrow();
    await expect(fs.access(path.join(dir, "photo.png.br"))).rejects.toThrow();
  });
});
