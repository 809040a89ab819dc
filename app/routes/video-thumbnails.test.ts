/**
 * PRODUCT.md "Video": a video host's picture is fetched once by the server, stored, and served from this
 * site; a local HTTP server stands in for YouTube's image host and Vimeo's oEmbed.
 */
import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { schema } from "~/server/db/db.server";
import { forgetThumbnailFailures, videoThumbnailSettings } from "~/server/media/video-thumbnails.server";

import { BASE_URL } from "../../tests/support/auth";
import { emptyBeforeEach, insertInterviews, insertSpecialFeatures, insertVideos } from "../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { loader } from "./video-thumbnails.$";

const YOUTUBE_ID = "V4ZDealMRJY";
const SETTINGS = { ...videoThumbnailSettings };

let dataDir: string;
restoreEnvAfterEach(["DATA_DIR"]);
emptyBeforeEach(schema.videos, schema.interviews, schema.specialFeatures);
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mw-video-thumbnails-"));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
let warn: ReturnType<typeof vi.spyOn>;
let host: Awaited<ReturnType<typeof serve>>;
beforeEach(async () => {
  setEnv({ DATA_DIR: dataDir });
  await fs.rm(path.join(dataDir, "video-thumbnails"), { recursive: true, force: true });
  forgetThumbnailFailures();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  host = await serve();
  Object.assign(videoThumbnailSettings, SETTINGS, { youtubeBase: host.url, vimeoBase: host.url, allowPrivateAddresses: true });
});
afterEach(async () => {
  Object.assign(videoThumbnailSettings, SETTINGS);
  warn.mockRestore();
  await host.close();
});

/** YouTube's hqdefault: 480×360, a 16:9 picture (red) between black bars. */
function hqdefault() {
  return sharp({ create: { width: 480, height: 270, channels: 3, background: "#ff0000" } })
    .extend({ top: 45, bottom: 45, background: "#000000" })
    .withExif({ IFD0: { Artist: "somebody" } })
    .jpeg()
    .toBuffer();
}

/** The stand-in host: YouTube's image path, Vimeo's oEmbed and its image; logs every request's path. */
async function serve() {
  const requests: string[] = [];
  const picture = await hqdefault();
  let url = "";
  const server = http.createServer((req, res) => {
    requests.push(req.url!);
    const { pathname, searchParams } = new URL(req.url!, url);
    if (pathname === `/vi/${YOUTUBE_ID}/hqdefault.jpg` || pathname === "/vimeo-picture.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": picture.length }).end(picture);
    } else if (pathname === "/api/oembed.json" && searchParams.get("url") === "https://vimeo.com/76979871") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ thumbnail_url: `${url}/vimeo-picture.jpg` }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function get(pathname: string, method = "GET"): Promise<Response> {
  return loader({ request: new Request(`${BASE_URL}${pathname}`, { method }), params: {}, context: {} } as never);
}

describe("/video-thumbnails/{host}/{id}.jpg", () => {
  it("fetches YouTube's picture once, crops its bars, strips its metadata and serves it from disk after", async () => {
    await insertVideos([{ videoUrl: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`, thumbnailUrl: null }]);
    const answers = await Promise.all([1, 2, 3].map(() => get(`/video-thumbnails/youtube/${YOUTUBE_ID}.jpg`)));
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=604800");
    }
    const body = Buffer.from(await answers[0]!.arrayBuffer());
    const metadata = await sharp(body).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 480, height: 270 });
    expect(metadata.exif).toBeUndefined();
    // No black bar is left at the top.
    const [r, g, b] = await sharp(body).extract({ left: 240, top: 2, width: 1, height: 1 }).raw().toBuffer();
    expect({ r: r! > 200, g: g! < 60, b: b! < 60 }).toEqual({ r: true, g: true, b: true });
    expect(host.requests).toEqual([`/vi/${YOUTUBE_ID}/hqdefault.jpg`]);
    expect(await fs.readdir(path.join(dataDir, "video-thumbnails", "youtube"))).toEqual([`${YOUTUBE_ID}.jpg`]);

    // Kept on disk: the host is not asked again.
    expect((await get(`/video-thumbnails/youtube/${YOUTUBE_ID}.jpg`)).status).toBe(200);
    expect(host.requests).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("asks Vimeo's oEmbed for the picture of an interview's or feature's Vimeo player", async () => {
    await insertInterviews([{ videoUrl: "https://player.vimeo.com/video/76979871", thumbnailUrl: null }]);
    const response = await get("/video-thumbnails/vimeo/76979871.jpg");
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 480, height: 270 });
    expect(host.requests.map((request) => new URL(request, host.url).pathname)).toEqual(["/api/oembed.json", "/vimeo-picture.jpg"]);
  });

  it("fetches nothing for a video no published item shows: 404", async () => {
    await insertVideos([{ videoUrl: `https://youtu.be/${YOUTUBE_ID}`, status: "draft" }]);
    await insertSpecialFeatures([{ videoUrl: "https://youtu.be/aaaaaaaaaaa" }]);
    for (const pathname of [
      `/video-thumbnails/youtube/${YOUTUBE_ID}.jpg`,
      "/video-thumbnails/youtube/bbbbbbbbbbb.jpg",
      // `_` is a LIKE wildcard: it must not match the 'a's above.
      "/video-thumbnails/youtube/aaaaa_aaaaa.jpg",
      "/video-thumbnails/youtube/short.jpg",
      "/video-thumbnails/vimeo/abc.jpg",
      "/video-thumbnails/other/76979871.jpg",
      `/video-thumbnails/youtube/${YOUTUBE_ID}.png`,
    ]) {
      expect(`${pathname} ${(await get(pathname)).status}`).toBe(`${pathname} 404`);
    }
    expect(host.requests).toEqual([]);
  });

  it("serves a neutral placeholder when the host cannot give the picture, and does not ask again for a while", async () => {
    await insertSpecialFeatures([{ videoUrl: "https://youtu.be/aaaaaaaaaaa" }]);
    for (let i = 0; i < 2; i++) {
      const response = await get("/video-thumbnails/youtube/aaaaaaaaaaa.jpg");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(await response.text()).toMatch(/^<svg /);
    }
    expect(host.requests).toEqual(["/vi/aaaaaaaaaaa/hqdefault.jpg"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain("cannot be fetched (HTTP 404)");
  });

  it("never asks a host on the server's own or a private network", async () => {
    videoThumbnailSettings.allowPrivateAddresses = false;
    await insertVideos([{ videoUrl: `https://youtu.be/${YOUTUBE_ID}` }]);
    const response = await get(`/video-thumbnails/youtube/${YOUTUBE_ID}.jpg`);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(host.requests).toEqual([]);
    expect(String(warn.mock.calls[0]![0])).toContain("is not a public address");
  });

  it("answers HEAD without a body", async () => {
    await insertVideos([{ videoUrl: `https://youtu.be/${YOUTUBE_ID}` }]);
    const response = await get(`/video-thumbnails/youtube/${YOUTUBE_ID}.jpg`, "HEAD");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});
