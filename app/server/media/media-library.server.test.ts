import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { UploadedMedia } from "~/lib/uploads";

import { BASE_URL, createSignedInUser } from "../../../tests/support/auth";
import { setEnv } from "../../../tests/support/env";
import { demoMp3, imageBytes } from "../../../tests/support/media-fixtures";
import { getDb, schema } from "../db/db.server";
import { deleteMediaFile, listMediaFiles, MEDIA_PAGE_SIZE, mediaUsage } from "./media-library.server";
import { receiveUpload } from "./media-upload.server";
import { getStorage } from "./storage/current-storage.server";

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "media-library-test-"));
  setEnv({ DATA_DIR: dataDir });
});
afterAll(() => {
  setEnv({ DATA_DIR: undefined });
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate media_files, videos, podcasts, blogs, interviews, special_features`);
});

async function upload(kind: "image" | "audio", bytes: Buffer, name: string): Promise<UploadedMedia> {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const result = await receiveUpload(
    new Request(`${BASE_URL}/admin/media/upload`, { method: "POST", headers: { Origin: BASE_URL }, body: form }),
    null,
  );
  if (!result.ok) throw new Error(result.error);
  return result.media;
}

const uploadImage = async (name = "photo.png") => upload("image", await imageBytes("png", 1000, 600), name);
const copyUrl = (media: UploadedMedia, width: number) => `/uploads/images/${media.id}-${width}w.webp`;

describe("where an upload is used", () => {
  it("finds it in every address field and in content, by its own URL or a copy's, absolute or site path", async () => {
    const image = await uploadImage();
    const audio = await upload("audio", demoMp3(), "theme.mp3");
    const db = await getDb();
    const [blog] = await db.insert(schema.blogs).values({ title: "Blog with the image", featuredImageUrl: image.url }).returning();
    const [video] = await db
      .insert(schema.videos)
      .values({ title: "Video with a copy", thumbnailUrl: copyUrl(image, 480) })
      .returning();
    const [interview] = await db
      .insert(schema.interviews)
      .values({ title: "Interview quoting it", content: `<p>Look:</p><img src="${copyUrl(image, 960)}" alt="">`, audioUrl: audio.url })
      .returning();
    const [feature] = await db
      .insert(schema.specialFeatures)
      .values({ title: "Feature with an absolute URL", featuredImageUrl: `https://news.example.com${image.url}` })
      .returning();
    const [podcast] = await db.insert(schema.podcasts).values({ title: "Podcast", audioUrl: audio.url }).returning();
    await db.insert(schema.blogs).values({ title: "Unrelated", featuredImageUrl: "/media/other.jpg", content: "<p>/uploads/images/</p>" });

    const usage = await mediaUsage([image, audio]);
    expect(usage.get(image.id)).toEqual([
      { type: "blog", id: blog!.id, title: "Blog with the image", editPath: `/admin/blogs/${blog!.id}` },
      {
        type: "special_feature",
        id: feature!.id,
        title: "Feature with an absolute URL",
        editPath: `/admin/special-features/${feature!.id}`,
      },
      { type: "interview", id: interview!.id, title: "Interview quoting it", editPath: `/admin/interviews/${interview!.id}` },
      { type: "video", id: video!.id, title: "Video with a copy", editPath: `/admin/videos/${video!.id}` },
    ]);
    expect(usage.get(audio.id)?.map((use) => use.id)).toEqual([interview!.id, podcast!.id]);
  });

  it("an upload nothing uses has no uses", async () => {
    const image = await uploadImage();
    expect((await mediaUsage([image])).get(image.id)).toBeUndefined();
  });
});

describe("listMediaFiles", () => {
  it("lists uploads newest first, 25 a page, with their facts and uses", async () => {
    const db = await getDb();
    const rows = Array.from({ length: MEDIA_PAGE_SIZE + 2 }, (_, i) => ({
      kind: "image" as const,
      storageKey: `images/00000000-0000-4000-8000-${String(i).padStart(12, "0")}-100w.png`,
      originalName: `file-${i}.png`,
      mimeType: "image/png",
      sizeBytes: 1000 + i,
      width: 100,
      height: 50,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await db.insert(schema.mediaFiles).values(rows);
    const first = await listMediaFiles({ page: 1 });
    expect(first.total).toBe(MEDIA_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(MEDIA_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      originalName: "file-26.png",
      url: "/uploads/images/00000000-0000-4000-8000-000000000026-100w.png",
      mimeType: "image/png",
      sizeBytes: 1026,
      width: 100,
      height: 50,
      usedBy: [],
    });
    expect((await listMediaFiles({ page: 2 })).items.map((item) => item.originalName)).toEqual(["file-1.png", "file-0.png"]);
  });

  it("shows where each upload is used", async () => {
    const image = await uploadImage();
    const db = await getDb();
    await db.insert(schema.blogs).values({ title: "Uses it", featuredImageUrl: image.url });
    const { items } = await listMediaFiles({ page: 1 });
    expect(items.map((item) => item.usedBy.map((use) => use.title))).toEqual([["Uses it"]]);
  });
});

describe("deleteMediaFile", () => {
  it("is refused while an item uses the upload, and deletes the row and every stored object once none does", async () => {
    const image = await uploadImage();
    const db = await getDb();
    const [blog] = await db.insert(schema.blogs).values({ title: "Uses it", featuredImageUrl: image.url }).returning();
    const [row] = await db.select().from(schema.mediaFiles);
    const keys = [row!.storageKey, ...row!.variants];
    expect(keys).toHaveLength(3);

    expect(await deleteMediaFile(image.id)).toEqual({
      outcome: "in-use",
      usedBy: [{ type: "blog", id: blog!.id, title: "Uses it", editPath: `/admin/blogs/${blog!.id}` }],
    });
    expect(await db.select().from(schema.mediaFiles)).toHaveLength(1);
    for (const key of keys) expect(await getStorage().stat(key)).not.toBeNull();

    await db.update(schema.blogs).set({ featuredImageUrl: null }).where(eq(schema.blogs.id, blog!.id));
    expect(await deleteMediaFile(image.id)).toEqual({ outcome: "deleted", originalName: "photo.png" });
    expect(await db.select().from(schema.mediaFiles)).toEqual([]);
    for (const key of keys) expect(await getStorage().stat(key)).toBeNull();
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "", "'; drop table media_files; --"])(
    "an unknown id (%j) is not found",
    async (id) => {
      expect(await deleteMediaFile(id)).toEqual({ outcome: "not-found" });
    },
  );
});

describe('uploads and deletions in the audit log (PRODUCT.md "Audit log")', () => {
  it("names who uploaded and who deleted a file, with its name", async () => {
    // A real account: the file records who uploaded it.
    const { user } = await createSignedInUser({ role: "editor" });
    const person = { id: user.id, name: "Media Editor", email: user.email, role: "editor", address: "192.0.2.8" };
    const form = new FormData();
    form.append("kind", "image");
    form.append("file", new Blob([new Uint8Array(await imageBytes("png", 800, 400))]), "chart.png");
    const result = await receiveUpload(
      new Request(`${BASE_URL}/admin/media/upload`, { method: "POST", headers: { Origin: BASE_URL }, body: form }),
      person,
    );
    if (!result.ok) throw new Error(result.error);
    expect(await deleteMediaFile(result.media.id, person)).toMatchObject({ outcome: "deleted" });
    const db = await getDb();
    const rows = await db.select().from(schema.auditLog).where(eq(schema.auditLog.itemId, result.media.id)).orderBy(schema.auditLog.id);
    expect(rows.map((row) => [row.action, row.itemType, row.itemTitle, row.actorName])).toEqual([
      ["upload", "media-image", "chart.png", "Media Editor"],
      ["media-delete", "media-image", "chart.png", "Media Editor"],
    ]);
  });
});
