import { promises as fs } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import compression from "compression";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { PODCAST_COVER_PATH } from "~/lib/feeds";
import { getDb, schema } from "~/server/db/db.server";
import { forgetPreviewFailures, previewSettings } from "~/server/discovery/preview-render.server";
import { pageCacheMiddleware } from "~/server/http/page-cache-middleware.server";
import { PageCache } from "~/server/http/page-cache.server";
import { policyContext, securityHeaders } from "~/server/http/security-headers.server";
import { DEFAULT_PREVIEW_PATH, itemPreviewVersion, previewImagePath, previewVersion } from "~/server/seo/preview-images.server";
import { itemPageMeta } from "~/server/seo/seo.server";

import { BASE_URL } from "../../tests/support/auth";
import { insertBlogs, insertPodcasts, insertVideos, MISSING_ID } from "../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { loader } from "./og.$";

const DEMO_THUMBNAIL = "/media/video-market-open-1.svg";
const YEAR = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";

let dataDir: string;
restoreEnvAfterEach(["DATA_DIR"]);
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mw-og-"));
  await getDb(); // the fresh database's migrations, before the first test's clock starts
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
const SETTINGS = { ...previewSettings };
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setEnv({ DATA_DIR: dataDir });
  forgetPreviewFailures();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  Object.assign(previewSettings, SETTINGS);
  warn.mockRestore();
});

/** The route's answer to a request for `pathAndQuery`, as React Router would call it. */
function get(pathAndQuery: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const request = new Request(`${BASE_URL}${pathAndQuery}`, { method: init.method ?? "GET", headers: init.headers });
  return loader({ request, params: {}, context: {} } as never);
}

async function image(response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  return { body, metadata: await sharp(body).metadata() };
}

/** A 400×400 PNG: something sharp must decode, not an SVG. */
function squarePng() {
  return sharp({ create: { width: 400, height: 400, channels: 4, background: "#22c55e" } })
    .png()
    .toBuffer();
}

async function defaultImage() {
  return Buffer.from(await (await get(DEFAULT_PREVIEW_PATH)).arrayBuffer());
}

describe("an item's preview", () => {
  it("a published video with a demo SVG thumbnail: a 1200×630 JPEG, kept for a year under its current version", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    const url = previewImagePath("video", video!.id, DEMO_THUMBNAIL);
    expect(url).toBe(`/og/videos/${video!.id}.jpg?v=${previewVersion(DEMO_THUMBNAIL)}`);

    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe(YEAR);
    expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    const { body, metadata } = await image(response);
    expect(metadata).toMatchObject({ format: "jpeg", width: 1200, height: 630, channels: 3 });
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect(body.equals(await defaultImage())).toBe(false);
  });

  it("a blog post's featured image as a PNG, and other types by their registry slug", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "mw-og-static-"));
    try {
      await fs.mkdir(path.join(root, "media"));
      await fs.writeFile(path.join(root, "media", "square.png"), await squarePng());
      previewSettings.staticRoot = root;
      const [blog] = await insertBlogs([{ featuredImageUrl: "/media/square.png" }]);
      const [podcast] = await insertPodcasts([{ thumbnailUrl: "/media/square.png" }]);
      const db = await getDb();
      const [feature] = await db
        .insert(schema.specialFeatures)
        .values({ title: "Feature", status: "published", publishedAt: new Date(), featuredImageUrl: "/media/square.png" })
        .returning();
      const [interview] = await db
        .insert(schema.interviews)
        .values({ title: "Interview", status: "published", publishedAt: new Date(), thumbnailUrl: "/media/square.png" })
        .returning();
      for (const url of [
        previewImagePath("blog", blog!.id, "/media/square.png"),
        previewImagePath("podcast", podcast!.id, "/media/square.png"),
        previewImagePath("special_feature", feature!.id, "/media/square.png"),
        previewImagePath("interview", interview!.id, "/media/square.png"),
      ]) {
        const response = await get(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("Cache-Control")).toBe(YEAR);
        const { metadata } = await image(response);
        expect(metadata).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
      }
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("a missing or stale version gets the current picture, cached only briefly", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    const current = await image(await get(previewImagePath("video", video!.id, DEMO_THUMBNAIL)));
    for (const url of [`/og/videos/${video!.id}.jpg`, `/og/videos/${video!.id}.jpg?v=${previewVersion("/media/old.svg")}`]) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe(SHORT);
      expect((await image(response)).body.equals(current.body)).toBe(true);
    }
  });

  it("is rendered once: the second request reads the file on disk", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    const url = previewImagePath("video", video!.id, DEMO_THUMBNAIL);
    const first = await image(await get(url));
    const file = path.join(dataDir, "previews", "videos", video!.id, `${previewVersion(DEMO_THUMBNAIL)}-r1.jpg`);
    const before = await fs.stat(file);
    const second = await image(await get(url));
    const after = await fs.stat(file);
    expect(second.body.equals(first.body)).toBe(true);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it("a new picture gets a new file, and the old one is removed", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    await get(previewImagePath("video", video!.id, DEMO_THUMBNAIL));
    const replacement = "/media/video-macro-desk-1.svg";
    const db = await getDb();
    await db.update(schema.videos).set({ thumbnailUrl: replacement }).where(eq(schema.videos.id, video!.id));
    const response = await get(previewImagePath("video", video!.id, replacement));
    expect(response.headers.get("Cache-Control")).toBe(YEAR);
    expect(await fs.readdir(path.join(dataDir, "previews", "videos", video!.id))).toEqual([`${previewVersion(replacement)}-r1.jpg`]);
  });

  it("answers HEAD with the headers only, and a matching If-None-Match with 304", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    const url = previewImagePath("video", video!.id, DEMO_THUMBNAIL);
    const full = await get(url);
    const length = full.headers.get("Content-Length");
    const etag = full.headers.get("ETag")!;
    expect(etag).toMatch(/^".+"$/);

    const head = await get(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(length);
    expect(head.headers.get("Content-Type")).toBe("image/jpeg");
    expect(head.body).toBeNull();

    const revalidated = await get(url, { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Cache-Control")).toBe(YEAR);
    expect((await get(url, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });
});

describe('a paid item\'s preview carries the "Paid promotion" band (PRODUCT.md "Paid promotion")', () => {
  /** The mean colour of a strip inside the band, top left, below its words. */
  async function bandColour(body: Buffer) {
    const strip = await sharp(body).extract({ left: 56, top: 96, width: 40, height: 10 }).png().toBuffer();
    const { channels } = await sharp(strip).stats();
    return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
  }

  it("has its own version and its picture under an amber band; unpaid, the same picture has none", async () => {
    const [paid, unpaid] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL, paidPromotion: true }, { thumbnailUrl: DEMO_THUMBNAIL }]);
    const paidUrl = previewImagePath("video", paid!.id, DEMO_THUMBNAIL, true);
    expect(paidUrl).toBe(`/og/videos/${paid!.id}.jpg?v=${itemPreviewVersion(DEMO_THUMBNAIL, true)}`);
    expect(itemPreviewVersion(DEMO_THUMBNAIL, true)).not.toBe(previewVersion(DEMO_THUMBNAIL));
    const response = await get(paidUrl);
    expect(response.headers.get("Cache-Control")).toBe(YEAR);
    const [red, green, blue] = await bandColour((await image(response)).body);
    // Amber (#fbbf24), give or take JPEG's rounding.
    expect(red).toBeGreaterThan(230);
    expect(green).toBeGreaterThan(170);
    expect(blue).toBeLessThan(90);
    const plain = await get(previewImagePath("video", unpaid!.id, DEMO_THUMBNAIL));
    expect(await bandColour((await image(plain)).body)).not.toEqual([red, green, blue]);
  });

  it("a paid item without a picture gets the site's image with the band, not the bare default", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: null, paidPromotion: true }]);
    const url = previewImagePath("video", video!.id, null, true);
    expect(url).not.toBe(DEFAULT_PREVIEW_PATH);
    const response = await get(url);
    expect(response.status).toBe(200);
    const { body } = await image(response);
    expect(body.equals(await defaultImage())).toBe(false);
    expect((await bandColour(body))[0]).toBeGreaterThan(230);
  });

  it("an item page's og:image is the paid version", async () => {
    const meta = itemPageMeta(
      "video",
      { id: MISSING_ID, title: "Paid", description: null, image: DEMO_THUMBNAIL, publishedAt: null, paidPromotion: true },
      { ogType: "video.other", structuredData: () => ({}) },
    );
    expect(meta).toContainEqual({
      property: "og:image",
      content: expect.stringContaining(`v=${itemPreviewVersion(DEMO_THUMBNAIL, true)}`),
    });
  });
});

describe("the default image stands in", () => {
  it("for an item without a picture (served, not redirected, and cached briefly)", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: null }]);
    expect(previewImagePath("video", video!.id, null)).toBe(DEFAULT_PREVIEW_PATH);
    const response = await get(`/og/videos/${video!.id}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(SHORT);
    expect((await image(response)).body.equals(await defaultImage())).toBe(true);
  });

  it("for a picture on a host that cannot be reached, even under its current version", async () => {
    previewSettings.allowPrivateAddresses = true;
    const closed = await new Promise<number>((resolve) => {
      const server = express().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const source = `http://127.0.0.1:${closed}/thumbnail.png`;
    const [video] = await insertVideos([{ thumbnailUrl: source }]);
    const response = await get(previewImagePath("video", video!.id, source));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(SHORT);
    expect((await image(response)).body.equals(await defaultImage())).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("not found", () => {
  it("drafts and archived items have no preview", async () => {
    const [draft, archived] = await insertVideos([
      { thumbnailUrl: DEMO_THUMBNAIL, status: "draft", publishedAt: null },
      { thumbnailUrl: DEMO_THUMBNAIL, status: "archived", publishedAt: null },
    ]);
    for (const row of [draft!, archived!]) {
      const response = await get(previewImagePath("video", row.id, DEMO_THUMBNAIL));
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("unknown ids and types, bad uuids and path tricks are a 404, never a 500", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    const id = video!.id;
    for (const url of [
      `/og/videos/${MISSING_ID}.jpg`,
      "/og/videos/not-a-uuid.jpg",
      "/og/videos/00000000-0000-0000-0000-00000000000g.jpg",
      `/og/movies/${id}.jpg`,
      `/og/blogs/${id}.jpg`, // a video's id under another type
      `/og/videos/${id}.png`,
      `/og/videos/${id}.jpg/extra`,
      `/og/videos/${id}`,
      `/og/videos%2F${id}.jpg`,
      `/og/videos/..%2F${id}.jpg`,
      `/og/videos/%2e%2e/${id}.jpg`, // dot segments resolve (as in browsers) to /og/{id}.jpg
      `/og/videos/../../etc/passwd`,
      `/og//videos/${id}.jpg`,
      "/og/",
      "/og/default.jpeg",
      "/og/site/default.jpg",
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
    }
  });
});

describe("the site's images", () => {
  it("/og/default.jpg is a 1200×630 JPEG", async () => {
    const response = await get(DEFAULT_PREVIEW_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect((await image(response)).metadata).toMatchObject({ format: "jpeg", width: 1200, height: 630, channels: 3 });
  });

  it("/og/podcast-cover.jpg is a 1400×1400 RGB JPEG", async () => {
    const response = await get(PODCAST_COVER_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await image(response)).metadata).toMatchObject({ format: "jpeg", width: 1400, height: 1400, channels: 3, space: "srgb" });
  });
});

describe("through the production server's middleware", () => {
  it("the page cache passes images through without storing them, with the file policy and no re-compression", async () => {
    const [video] = await insertVideos([{ thumbnailUrl: DEMO_THUMBNAIL }]);
    const url = previewImagePath("video", video!.id, DEMO_THUMBNAIL);
    const expected = await image(await get(url));

    const cache = new PageCache({ maxEntries: 10, maxBytes: 1_000_000, freshMs: 30_000, staleMs: 300_000 });
    const app = express();
    app.use(securityHeaders(policyContext()));
    app.use(compression());
    app.use(pageCacheMiddleware(cache, (request) => loader({ request, params: {}, context: {} } as never)));
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const response = await fetch(`${origin}${url}`, { headers: { "Accept-Encoding": "gzip, br" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Cache")).toBe("BYPASS");
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("Content-Encoding")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe(YEAR);
      expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
      expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(expected.body)).toBe(true);

      const head = await fetch(`${origin}${url}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Length")).toBe(String(expected.body.length));
      expect(cache.size.entries).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
