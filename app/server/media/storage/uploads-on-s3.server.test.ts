/**
 * The whole upload path on S3-compatible storage (PRODUCT.md "Media library"), against s3rver started
 * here: an upload stored with its copies, served by /uploads/* with byte ranges, and deleted again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loader as uploadsLoader } from "~/routes/uploads.$";

import { BASE_URL } from "../../../../tests/support/auth";
import { setEnv } from "../../../../tests/support/env";
import { demoMp3, imageBytes } from "../../../../tests/support/media-fixtures";
import { callRoute } from "../../../../tests/support/route";
import { getDb, schema } from "../../db/db.server";
import { S3_VARIABLES } from "../../env.server";
import { deleteMediaFile } from "../media-library.server";
import { receiveUpload } from "../media-upload.server";
import { getStorage } from "./current-storage.server";

let server: S3rver;
const folders: string[] = [];

beforeAll(async () => {
  const objects = mkdtempSync(path.join(os.tmpdir(), "s3rver-uploads-"));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "uploads-s3-data-"));
  folders.push(objects, dataDir);
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: objects, configureBuckets: [{ name: "media" }] });
  const { port } = await server.run();
  setEnv({
    DATA_DIR: dataDir,
    S3_BUCKET: "media",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  const db = await getDb();
  await db.execute(sql`truncate media_files`);
});

afterAll(async () => {
  setEnv({ DATA_DIR: undefined, S3_FORCE_PATH_STYLE: undefined, ...Object.fromEntries(S3_VARIABLES.map((name) => [name, undefined])) });
  await server.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function upload(kind: "image" | "audio", bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return receiveUpload(new Request(`${BASE_URL}/admin/media/upload`, { method: "POST", headers: { Origin: BASE_URL }, body: form }), null);
}

const serve = (key: string, headers: Record<string, string> = {}) =>
  callRoute(uploadsLoader, new Request(`${BASE_URL}/uploads/${key}`, { headers }), { params: { "*": key } });

describe("uploads on S3", () => {
  it("stores an image and its copies in the bucket, serves them, and deletes them all", async () => {
    expect(getStorage().kind).toBe("s3");
    const result = await upload("image", await imageBytes("png", 1000, 500), "chart.png");
    if (!result.ok) throw new Error(result.error);
    const [row] = await (await getDb()).select().from(schema.mediaFiles);
    expect(row!.variants).toHaveLength(2);

    const original = await serve(row!.storageKey);
    expect(original.status).toBe(200);
    expect(original.headers.get("Content-Type")).toBe("image/png");
    const copy = await serve(row!.variants[1]!);
    expect(copy.headers.get("Content-Type")).toBe("image/webp");
    const copyBytes = Buffer.from(await copy.response!.arrayBuffer());
    expect(await sharp(copyBytes).metadata()).toMatchObject({ format: "webp", width: 960 });

    expect(await deleteMediaFile(row!.id)).toMatchObject({ outcome: "deleted" });
    for (const key of [row!.storageKey, ...row!.variants]) expect((await serve(key)).status).toBe(404);
  });

  it("serves audio from the bucket in byte ranges", async () => {
    const mp3 = demoMp3();
    const result = await upload("audio", mp3, "theme.mp3");
    if (!result.ok) throw new Error(result.error);
    const key = result.media.url.slice("/uploads/".length);
    const range = await serve(key, { Range: "bytes=1000-1999" });
    expect(range.status).toBe(206);
    expect(range.headers.get("Content-Range")).toBe(`bytes 1000-1999/${mp3.length}`);
    expect(range.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(Buffer.from(await range.response!.arrayBuffer()).equals(mp3.subarray(1000, 2000))).toBe(true);
  });
});
