import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getStorage } from "~/server/media/storage/current-storage.server";

import { BASE_URL } from "../../tests/support/auth";
import { setEnv } from "../../tests/support/env";
import { callRoute } from "../../tests/support/route";
import { loader } from "./uploads.$";

const AUDIO = "audio/0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e.mp3";
const IMAGE = "images/0b7e4a52-8f0e-4c1d-9a55-0d8f1b2c3d4e-480w.webp";
const BYTES = Buffer.from("0123456789abcdefghij");

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "uploads-route-"));
  setEnv({ DATA_DIR: dataDir });
  await getStorage().put(AUDIO, Readable.from([BYTES]), { contentType: "audio/mpeg" });
  await getStorage().put(IMAGE, Readable.from([Buffer.from("RIFF....WEBP")]), { contentType: "image/webp" });
});
afterAll(() => {
  setEnv({ DATA_DIR: undefined });
  rmSync(dataDir, { recursive: true, force: true });
});

function get(key: string, headers: Record<string, string> = {}, method = "GET") {
  return callRoute(loader, new Request(`${BASE_URL}/uploads/${key}`, { method, headers }), { params: { "*": key } });
}

describe('/uploads/* (PRODUCT.md "Media library")', () => {
  it("serves a file with its type, length, validators and a year of caching", async () => {
    const { status, headers, body } = await get(AUDIO);
    expect(status).toBe(200);
    expect(body).toBe(BYTES.toString());
    expect(Object.fromEntries(headers)).toMatchObject({
      "content-type": "audio/mpeg",
      "content-length": "20",
      "accept-ranges": "bytes",
      "cache-control": "public, max-age=31536000, immutable",
      "cross-origin-resource-policy": "cross-origin",
    });
    expect(headers.get("ETag")).toMatch(/^".+"$/);
    expect(new Date(headers.get("Last-Modified")!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(IMAGE)).headers.get("Content-Type")).toBe("image/webp");
  });

  it("answers a byte range with 206 and where it sits in the file", async () => {
    const { status, headers, body } = await get(AUDIO, { Range: "bytes=5-9" });
    expect(status).toBe(206);
    expect(body).toBe("56789");
    expect(headers.get("Content-Range")).toBe("bytes 5-9/20");
    expect(headers.get("Content-Length")).toBe("5");
    expect((await get(AUDIO, { Range: "bytes=-3" })).body).toBe("hij");
    expect((await get(AUDIO, { Range: "bytes=18-" })).body).toBe("ij");
  });

  it("answers 416 for a range past the end, saying how long the file is", async () => {
    const { status, headers } = await get(AUDIO, { Range: "bytes=20-" });
    expect(status).toBe(416);
    expect(headers.get("Content-Range")).toBe("bytes */20");
  });

  it("sends the whole file when If-Range names another version", async () => {
    const { status, body } = await get(AUDIO, { Range: "bytes=0-1", "If-Range": '"another"' });
    expect(status).toBe(200);
    expect(body).toBe(BYTES.toString());
    const etag = (await get(AUDIO)).headers.get("ETag")!;
    expect((await get(AUDIO, { Range: "bytes=0-1", "If-Range": etag })).status).toBe(206);
  });

  it("answers 304 when the browser already has this version", async () => {
    const etag = (await get(AUDIO)).headers.get("ETag")!;
    const { status, body, headers } = await get(AUDIO, { "If-None-Match": etag });
    expect(status).toBe(304);
    expect(body).toBeUndefined();
    expect(headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers HEAD with the headers only", async () => {
    const { status, headers, body } = await get(AUDIO, { Range: "bytes=0-3" }, "HEAD");
    expect(status).toBe(206);
    expect(headers.get("Content-Length")).toBe("4");
    expect(body).toBeUndefined();
  });

  it.each([
    ["an upload that does not exist", "audio/11111111-2222-4333-8444-555555555555.mp3"],
    ["a key we never write", "audio/notes.txt"],
    ["another object's shape", "backups/db.sql"],
    ["a path out of the folder", "../auth-secret"],
    ["an encoded path out of the folder", "audio/%2e%2e/%2e%2e/auth-secret"],
    ["upper case", AUDIO.toUpperCase()],
    ["empty", ""],
  ])("404 for %s", async (_name, key) => {
    const { status, headers } = await get(key);
    expect(status).toBe(404);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });
});
