/**
 * The media library's routes (PRODUCT.md "Media library"): the upload endpoint and the library page,
 * admins only, each answering bad bodies with a 4xx and storing nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";
import { getStorage } from "~/server/media/storage/current-storage.server";

import { appRequest, BASE_URL, createSignedInUser } from "../../tests/support/auth";
import { setEnv } from "../../tests/support/env";
import { imageBytes } from "../../tests/support/media-fixtures";
import { callRoute } from "../../tests/support/route";
import { action as libraryAction, loader as libraryLoader } from "./admin.media";
import { action as uploadAction, loader as uploadLoader } from "./admin.media.upload";

let dataDir: string;
let admin: string;
let reader: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-media-"));
  setEnv({ DATA_DIR: dataDir });
  admin = (await createSignedInUser({ role: "admin" })).cookie;
  reader = (await createSignedInUser()).cookie;
});
afterAll(() => {
  setEnv({ DATA_DIR: undefined });
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate media_files, blogs`);
});

async function uploadForm(cookie: string | undefined, path = "/admin/media/upload", kind: string | null = "image") {
  const form = new FormData();
  if (kind) form.append("kind", kind);
  form.append("file", new Blob([new Uint8Array(await imageBytes("png", 600, 300))]), "chart.png");
  const headers = new Headers({ Origin: BASE_URL });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${BASE_URL}${path}`, { method: "POST", headers, body: form });
}

const mediaRows = async () => (await getDb()).select().from(schema.mediaFiles);

/** The page's delete, URL-encoded as its fetcher sends it. */
function libraryPost(cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE_URL}/admin/media`, {
    method: "POST",
    headers: { Origin: BASE_URL, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe("POST /admin/media/upload", () => {
  it("stores an admin's upload: 201 with the file's facts, as JSON", async () => {
    const { status, body, headers } = await callRoute(uploadAction, await uploadForm(admin));
    expect(status).toBe(201);
    expect(headers.get("Content-Type")).toContain("application/json");
    expect(headers.get("Cache-Control")).toBe("no-store");
    const { media } = body as { media: { id: string; url: string } };
    expect(media).toMatchObject({ kind: "image", mimeType: "image/png", width: 600, height: 300 });
    expect(media.url).toBe(`/uploads/images/${media.id}-600w.png`);
    const [row] = await mediaRows();
    expect(row).toMatchObject({ id: media.id, originalName: "chart.png" });
    expect(row!.uploadedBy).not.toBeNull();
  });

  it("refuses anonymous visitors (401) and plain users (403), reading nothing", async () => {
    expect((await callRoute(uploadAction, await uploadForm(undefined))).status).toBe(401);
    expect((await callRoute(uploadAction, await uploadForm(reader))).status).toBe(403);
    expect(await mediaRows()).toEqual([]);
  });

  it("answers a GET with 405, naming POST", async () => {
    const { status, headers, body } = await callRoute(uploadLoader, appRequest("/admin/media/upload"));
    expect(status).toBe(405);
    expect(headers.get("Allow")).toBe("POST");
    expect(body).toEqual({ error: "Send files here with POST, as multipart/form-data." });
  });

  it("answers a refusal with its message as JSON", async () => {
    const request = new Request(`${BASE_URL}/admin/media/upload`, {
      method: "POST",
      headers: { Origin: BASE_URL, Cookie: admin, "Content-Type": "application/json" },
      body: "{}",
    });
    const { status, body } = await callRoute(uploadAction, request);
    expect(status).toBe(415);
    expect(body).toEqual({ error: 'Send the file as multipart/form-data, in a field named "file".' });
  });
});

describe("/admin/media", () => {
  it("lists the uploads with their facts and where they are used", async () => {
    await callRoute(uploadAction, await uploadForm(admin));
    const [row] = await mediaRows();
    const db = await getDb();
    const [blog] = await db
      .insert(schema.blogs)
      .values({ title: "Chart of the week", featuredImageUrl: `/uploads/${row!.storageKey}` })
      .returning();
    const { body } = await callRoute(libraryLoader, appRequest("/admin/media", { cookie: admin }));
    expect(body).toMatchObject({
      page: 1,
      total: 1,
      totalPages: 1,
      limits: { image: "10 MB", audio: "500 MB" },
      files: [
        {
          id: row!.id,
          kind: "image",
          name: "chart.png",
          type: "PNG image",
          details: "600 × 300",
          previewUrl: `/uploads/images/${row!.id}-480w.webp`,
          usedBy: [{ type: "blog", id: blog!.id, title: "Chart of the week", editPath: `/admin/blogs/${blog!.id}`, typeLabel: "Blog" }],
        },
      ],
    });
  });

  it("is for admins only", async () => {
    expect((await callRoute(libraryLoader, appRequest("/admin/media"))).location).toMatch(/^\/auth/);
    expect((await callRoute(libraryAction, libraryPost(reader, { intent: "delete", id: "x" }))).status).toBe(403);
  });

  it("takes an upload from its own form without scripts, and goes back to the list with a toast", async () => {
    const { status, location, headers } = await callRoute(libraryAction, await uploadForm(admin, "/admin/media", null));
    expect(status).toBe(302);
    expect(location).toBe("/admin/media");
    expect(headers.get("Set-Cookie")).toContain("mw_toast=");
    expect(await mediaRows()).toHaveLength(1);
  });

  it("shows a refused upload's message on the page", async () => {
    const form = new FormData();
    form.append("file", new Blob(["not a picture"]), "photo.jpg");
    const request = new Request(`${BASE_URL}/admin/media`, { method: "POST", headers: { Origin: BASE_URL, Cookie: admin }, body: form });
    const { status, body } = await callRoute(libraryAction, request);
    expect(status).toBe(415);
    expect(body).toEqual({ ok: false, intent: "upload", message: expect.stringMatching(/^This file is neither/) });
    expect(await mediaRows()).toEqual([]);
  });

  it("refuses to delete a file in use, then deletes it with its copies once unused", async () => {
    await callRoute(uploadAction, await uploadForm(admin));
    const [row] = await mediaRows();
    const db = await getDb();
    const [blog] = await db
      .insert(schema.blogs)
      .values({ title: "Chart of the week", featuredImageUrl: `/uploads/${row!.storageKey}` })
      .returning();
    const remove = () => callRoute(libraryAction, libraryPost(admin, { intent: "delete", id: row!.id }));

    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      ok: false,
      intent: "delete",
      message: 'This file is used by 1 item ("Chart of the week"): remove it there first.',
    });
    expect(await mediaRows()).toHaveLength(1);

    await db.delete(schema.blogs);
    expect(blog).toBeDefined();
    const deleted = await remove();
    expect(deleted).toMatchObject({ status: 200, body: { ok: true, intent: "delete", message: "File deleted successfully" } });
    expect(await mediaRows()).toEqual([]);
    for (const key of [row!.storageKey, ...row!.variants]) expect(await getStorage().stat(key)).toBeNull();
  });

  it.each([
    ["an unknown file", { intent: "delete", id: "11111111-2222-4333-8444-555555555555" }, 404],
    ["a malformed id", { intent: "delete", id: "../../x" }, 404],
    ["an unknown intent", { intent: "rename", id: "x" }, 400],
  ])("%s: %s", async (_name, form, status) => {
    expect((await callRoute(libraryAction, libraryPost(admin, form))).status).toBe(status);
  });

  it("a multipart body without a file is a refused upload: 400", async () => {
    const request = appRequest("/admin/media", { cookie: admin, form: { intent: "delete", id: "x" } });
    expect(await callRoute(libraryAction, request)).toMatchObject({ status: 400, body: { ok: false, intent: "upload" } });
  });

  it("a body that is not a form: 415", async () => {
    const request = new Request(`${BASE_URL}/admin/media`, {
      method: "POST",
      headers: { Origin: BASE_URL, Cookie: admin, "Content-Type": "application/json" },
      body: '{"intent":"delete"}',
    });
    expect((await callRoute(libraryAction, request)).status).toBe(415);
  });
});
