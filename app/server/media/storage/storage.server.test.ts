/**
 * The uploads' storage (PRODUCT.md "Media library"): one suite run against local disk and against an
 * S3-compatible server started here (s3rver, on a random port with a temporary folder).
 */
import { promises as fs, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import v8 from "node:v8";
import vm from "node:vm";
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../../../tests/support/env";
import { S3_VARIABLES } from "../../env.server";
import { getStorage } from "./current-storage.server";
import { DiskStorage } from "./disk-storage.server";
import { S3Storage } from "./s3-storage.server";
import { StorageKeyError, type Storage } from "./storage.server";

const MB = 1024 * 1024;

/** `size` bytes made as they are read, so the test itself never holds the file: byte i is i mod 251. */
function generated(size: number, onRead?: () => void): Readable {
  const chunk = 256 * 1024;
  let offset = 0;
  return new Readable({
    read() {
      onRead?.();
      if (offset >= size) return void this.push(null);
      const length = Math.min(chunk, size - offset);
      const bytes = Buffer.alloc(length);
      for (let i = 0; i < length; i++) bytes[i] = (offset + i) % 251;
      offset += length;
      this.push(bytes);
    },
  });
}

const text = (value: string) => Readable.from([Buffer.from(value)]);
const read = async (body: Readable) => (await buffer(body)).toString();

interface Backend {
  name: string;
  start(): Promise<Storage>;
  stop(): Promise<void>;
}

let s3rver: S3rver | undefined;
const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function startS3rver() {
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tempFolder("s3rver-"),
    configureBuckets: [{ name: "uploads", configs: [] }],
  });
  const { port } = await s3rver.run();
  return {
    bucket: "uploads",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    // s3rver's fixed credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
}

const BACKENDS: Backend[] = [
  {
    name: "local disk",
    start: async () => new DiskStorage(tempFolder("uploads-disk-")),
    stop: async () => {},
  },
  {
    name: "S3-compatible server (s3rver)",
    start: async () => new S3Storage(await startS3rver()),
    stop: async () => {
      await s3rver?.close();
    },
  },
];

describe.each(BACKENDS)("storage on $name", (backend) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await backend.start();
  });
  afterAll(() => backend.stop());

  it("stores a file and gives it back with its size and type", async () => {
    await storage.put("images/a-480w.webp", text("hello, storage"), { contentType: "image/webp", size: 14 });
    const info = await storage.stat("images/a-480w.webp");
    expect(info).toMatchObject({ size: 14, contentType: "image/webp" });
    expect(info!.etag).toMatch(/^".+"$/);
    expect(info!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const object = await storage.get("images/a-480w.webp");
    expect(object).toMatchObject({ size: 14, contentType: "image/webp", etag: info!.etag });
    expect(await read(object!.body)).toBe("hello, storage");
  });

  it("reads a byte range, first, middle and last bytes", async () => {
    await storage.put("audio/range.mp3", text("0123456789"), { contentType: "audio/mpeg" });
    const middle = await storage.get("audio/range.mp3", { start: 2, end: 5 });
    expect(middle!.size).toBe(10);
    expect(await read(middle!.body)).toBe("2345");
    // Not 0-0: s3rver reads an end of 0 as "to the end" (S3 itself does not).
    expect(await read((await storage.get("audio/range.mp3", { start: 0, end: 1 }))!.body)).toBe("01");
    expect(await read((await storage.get("audio/range.mp3", { start: 9, end: 9 }))!.body)).toBe("9");
  });

  it("replaces an object stored under the same key", async () => {
    await storage.put("images/b-10w.png", text("first version"), { contentType: "image/png" });
    await storage.put("images/b-10w.png", text("second"), { contentType: "image/png" });
    expect(await storage.stat("images/b-10w.png")).toMatchObject({ size: 6 });
    expect(await read((await storage.get("images/b-10w.png"))!.body)).toBe("second");
  });

  it("deletes an object, and deleting a missing one is not an error", async () => {
    await storage.put("audio/gone.mp3", text("bye"), { contentType: "audio/mpeg" });
    await storage.delete("audio/gone.mp3");
    expect(await storage.stat("audio/gone.mp3")).toBeNull();
    expect(await storage.get("audio/gone.mp3")).toBeNull();
    await expect(storage.delete("audio/gone.mp3")).resolves.toBeUndefined();
  });

  it("answers null for a key that was never stored", async () => {
    expect(await storage.stat("images/never-stored.jpg")).toBeNull();
    expect(await storage.get("images/never-stored.jpg")).toBeNull();
    expect(await storage.get("images/never-stored.jpg", { start: 0, end: 1 })).toBeNull();
  });

  it.each(["../outside.jpg", "images/../../etc/passwd", "/etc/passwd", "images//a.jpg", "images/./a.jpg", "Images/A.JPG", "a\u0000b"])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.stat(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.put(key, text("x"), { contentType: "image/jpeg" })).rejects.toThrow(StorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    },
  );

  it("stores a 24 MB file from a stream, byte for byte", async () => {
    const size = 24 * MB;
    await storage.put("audio/large.mp3", generated(size), { contentType: "audio/mpeg", size });
    expect(await storage.stat("audio/large.mp3")).toMatchObject({ size });
    const tail = await buffer((await storage.get("audio/large.mp3", { start: size - 3, end: size - 1 }))!.body);
    expect([...tail]).toEqual([(size - 3) % 251, (size - 2) % 251, (size - 1) % 251]);
  });
});

describe("streaming", () => {
  it("local disk: a 32 MB upload never holds more than a few MB of it in memory", async () => {
    const storage = new DiskStorage(tempFolder("uploads-memory-"));
    // Live buffers only: collect garbage before each measure (every 2 MB read).
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const live = () => (gc(), process.memoryUsage().arrayBuffers);
    const before = live();
    let peak = before;
    let reads = 0;
    const body = generated(32 * MB, () => {
      if (++reads % 8 === 0) peak = Math.max(peak, live());
    });
    await storage.put("audio/memory.mp3", body, { contentType: "audio/mpeg", size: 32 * MB });
    expect(peak - before).toBeLessThan(8 * MB);
  });

  it("S3: a 20 MB file goes up in parts of at most 8 MB (a multipart upload), never in one piece", async () => {
    const storage = new S3Storage(await startS3rver());
    try {
      const send = vi.spyOn(storage.client, "send");
      await storage.put("audio/parts.mp3", generated(20 * MB), { contentType: "audio/mpeg", size: 20 * MB });
      const commands = send.mock.calls.map(([command]) => command);
      expect(commands.filter((command) => command instanceof PutObjectCommand)).toHaveLength(0);
      expect(commands.filter((command) => command instanceof CreateMultipartUploadCommand)).toHaveLength(1);
      const parts = commands.filter((command) => command instanceof UploadPartCommand);
      expect(parts).toHaveLength(3);
      for (const part of parts) expect((part.input.Body as Buffer).length).toBeLessThanOrEqual(8 * MB);
      expect(commands.filter((command) => command instanceof CompleteMultipartUploadCommand)).toHaveLength(1);
      expect(await storage.stat("audio/parts.mp3")).toMatchObject({ size: 20 * MB, contentType: "audio/mpeg" });
    } finally {
      await s3rver?.close();
    }
  });
});

describe("getStorage", () => {
  restoreEnvAfterEach([...S3_VARIABLES, "S3_FORCE_PATH_STYLE", "DATA_DIR"]);
  const s3 = {
    S3_BUCKET: "media",
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_REGION: "eu-west-1",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("is local disk under DATA_DIR/uploads when no S3 variable is set", async () => {
    const dataDir = tempFolder("uploads-env-");
    setEnv({ ...Object.fromEntries(S3_VARIABLES.map((name) => [name, undefined])), DATA_DIR: dataDir });
    const storage = getStorage();
    expect(storage.kind).toBe("disk");
    await storage.put("images/where-10w.png", text("here"), { contentType: "image/png" });
    expect(await fs.readFile(path.join(dataDir, "uploads", "images", "where-10w.png"), "utf8")).toBe("here");
  });

  it("is S3 when every S3 variable is set", () => {
    setEnv(s3);
    expect(getStorage().kind).toBe("s3");
  });
});
