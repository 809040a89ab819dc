import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { getStorage } from "../media/storage/current-storage.server";
import { PODCAST_COVER_SIZE, PREVIEW_HEIGHT, PREVIEW_WIDTH, previewVersion } from "../seo/preview-images.server";
import { defaultPreviewSvg, podcastCoverSvg } from "./preview-brand.server";
import { coverPreview, defaultPreview, forgetPreviewFailures, itemPreview, podcastCover, previewSettings } from "./preview-render.server";

const SETTINGS = { ...previewSettings };
let dataDir: string;

restoreEnvAfterEach(["DATA_DIR"]);
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mw-preview-render-"));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setEnv({ DATA_DIR: dataDir });
  Object.assign(previewSettings, SETTINGS, { allowPrivateAddresses: true });
  forgetPreviewFailures();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  Object.assign(previewSettings, SETTINGS);
  warn.mockRestore();
});

/** A 900 px square PNG: a red band on top, white in the middle, blue at the bottom, a third each. */
function bandsPng(size = 900) {
  const band = (background: string) => ({ create: { width: size, height: size / 3, channels: 3 as const, background } });
  return sharp({ create: { width: size, height: size, channels: 3, background: "#ffffff" } })
    .composite([
      { input: band("#ff0000"), top: 0, left: 0 },
      { input: band("#0000ff"), top: (2 * size) / 3, left: 0 },
    ])
    .png()
    .toBuffer();
}

async function colourAt(image: Buffer, x: number, y: number) {
  const [r, g, b] = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer();
  if (r! > 200 && g! < 60 && b! < 60) return "red";
  if (r! > 200 && g! > 200 && b! > 200) return "white";
  if (r! < 60 && g! < 60 && b! > 200) return "blue";
  return `rgb(${r}, ${g}, ${b})`;
}

/** A local HTTP server for remote sources; counts its requests. */
async function serve(handler: http.RequestListener) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return requests;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const pngHandler =
  (png: Buffer): http.RequestListener =>
  (_req, res) => {
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length });
    res.end(png);
  };

async function expectDefault(promise: Promise<{ body: Buffer; own: boolean; etag: string }>) {
  const image = await promise;
  const fallback = await defaultPreview();
  expect(image.own).toBe(false);
  expect(image.etag).toBe(fallback.etag);
  expect(image.body.equals(fallback.body)).toBe(true);
}

describe("the site's own images", () => {
  it("the default image is a 1200×630 RGB JPEG, kept on disk", async () => {
    const image = await defaultPreview();
    expect(await sharp(image.body).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630, channels: 3, space: "srgb" });
    const stored = await fs.readdir(path.join(dataDir, "previews", "site"));
    expect(stored.filter((name) => name.startsWith("default-") && name.endsWith(".jpg"))).toHaveLength(1);
    expect(image.etag).toMatch(/^"default-[\w-]{10}"$/);
  });

  it("the podcast cover is a 1400×1400 RGB JPEG", async () => {
    const image = await podcastCover();
    expect(PODCAST_COVER_SIZE).toBeGreaterThanOrEqual(1400);
    expect(await sharp(image.body).metadata()).toMatchObject({
      format: "jpeg",
      width: PODCAST_COVER_SIZE,
      height: PODCAST_COVER_SIZE,
      channels: 3,
      space: "srgb",
    });
  });

  it("draw every word as outlines, so a server without fonts shows the same picture", () => {
    for (const svg of [defaultPreviewSvg(PREVIEW_WIDTH, PREVIEW_HEIGHT), podcastCoverSvg(PODCAST_COVER_SIZE)]) {
      expect(svg).not.toMatch(/<text|font-family|font-size/);
      expect(svg).toContain("<path");
    }
  });
});

describe("coverPreview", () => {
  it("covers 1200×630 from the centre instead of stretching", async () => {
    // Covering scales the square to 1200 px and keeps its middle 630 rows: rows 0–115 red, 115–515 white,
    // 515–630 blue. Stretching would give a third each (red up to 210, blue from 420).
    const image = await coverPreview(await bandsPng());
    expect(await sharp(image).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(await colourAt(image, 600, 50)).toBe("red");
    expect(await colourAt(image, 600, 170)).toBe("white");
    expect(await colourAt(image, 600, 470)).toBe("white");
    expect(await colourAt(image, 600, 600)).toBe("blue");
  });

  it("draws an SVG at the preview's size, so its edges stay sharp", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="36"><rect width="64" height="36" fill="#fff"/><circle cx="32" cy="18" r="10.3" fill="#f00"/></svg>',
    );
    const image = await coverPreview(svg);
    expect(await sharp(image).metadata()).toMatchObject({ width: 1200, height: 630 });
    // Across the middle row, only the circle's two edges are neither red nor white; a 64 px drawing blown
    // up to 1200 would blur each edge over about 20 pixels.
    const row = await sharp(image).extract({ left: 0, top: 315, width: 1200, height: 1 }).raw().toBuffer();
    const blurred = Array.from({ length: 1200 }, (_, x) => row[x * 3 + 1]!).filter((green) => green > 16 && green < 240);
    expect(blurred.length).toBeLessThanOrEqual(6);
    expect(await colourAt(image, 600, 315)).toBe("red");
  });

  it("refuses an SVG too narrow to cover the preview", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="4000"><rect width="1" height="4000" fill="#f00"/></svg>',
    );
    await expect(coverPreview(svg)).rejects.toThrow(/too narrow/);
  });
});

describe("itemPreview from a web address", () => {
  it("downloads, renders and stores the picture once, however many ask at the same time", async () => {
    const server = await serve(pngHandler(await bandsPng()));
    try {
      const id = randomUUID();
      const source = `${server.url}/picture.png`;
      const images = await Promise.all(Array.from({ length: 5 }, () => itemPreview("blog", id, source)));
      expect(server.requests).toBe(1);
      for (const image of images) {
        expect(image.own).toBe(true);
        expect(image.body.equals(images[0]!.body)).toBe(true);
      }
      expect(await sharp(images[0]!.body).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
      const file = path.join(dataDir, "previews", "blogs", id, `${previewVersion(source)}-r1.jpg`);
      expect((await fs.readFile(file)).equals(images[0]!.body)).toBe(true);
      // Read from disk next time: no download.
      await itemPreview("blog", id, source);
      expect(server.requests).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("follows a redirect to the picture", async () => {
    const png = await bandsPng(300);
    const server = await serve((req, res) => {
      if (req.url === "/old") res.writeHead(302, { Location: "/new" }).end();
      else pngHandler(png)(req, res);
    });
    try {
      const image = await itemPreview("video", randomUUID(), `${server.url}/old`);
      expect(image.own).toBe(true);
      expect(server.requests).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("falls back to the default image when the host cannot be reached, and says so in the log", async () => {
    const closed = await serve(() => {});
    await closed.close();
    await expectDefault(itemPreview("video", randomUUID(), `http://127.0.0.1:${closed.port}/gone.png`));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("is the default image"));
  });

  it("remembers a failure for a while instead of asking the host on every request", async () => {
    const server = await serve((_req, res) => res.writeHead(500).end());
    try {
      const id = randomUUID();
      const source = `${server.url}/broken.png`;
      await expectDefault(itemPreview("video", id, source));
      await expectDefault(itemPreview("video", id, source));
      expect(server.requests).toBe(1);
      forgetPreviewFailures();
      await expectDefault(itemPreview("video", id, source));
      expect(server.requests).toBe(2);
      // Nothing was stored for it, so a later success is not hidden.
      await expect(fs.readdir(path.join(dataDir, "previews", "videos", id))).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it("gives up after the time limit", async () => {
    previewSettings.fetchTimeoutMs = 150;
    const server = await serve(() => {}); // never answers
    try {
      const started = Date.now();
      await expectDefault(itemPreview("video", randomUUID(), `${server.url}/slow.png`));
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });

  it("refuses a picture over the size limit, announced or not", async () => {
    const png = await bandsPng();
    previewSettings.maxSourceBytes = Math.floor(png.length / 2);
    const server = await serve((req, res) => {
      if (req.url === "/announced.png") return pngHandler(png)(req, res);
      res.writeHead(200, { "Content-Type": "image/png" }); // chunked: no length up front
      res.write(png.subarray(0, 1000));
      res.end(png.subarray(1000));
    });
    try {
      await expectDefault(itemPreview("video", randomUUID(), `${server.url}/announced.png`));
      await expectDefault(itemPreview("video", randomUUID(), `${server.url}/chunked.png`));
    } finally {
      await server.close();
    }
  });

  it("falls back when the answer is not a picture", async () => {
    const server = await serve((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<h1>Hello</h1>"));
    try {
      await expectDefault(itemPreview("video", randomUUID(), `${server.url}/page`));
    } finally {
      await server.close();
    }
  });

  it("never fetches from the server's own or private networks", async () => {
    previewSettings.allowPrivateAddresses = false;
    const server = await serve(pngHandler(await bandsPng(300)));
    try {
      for (const source of [
        `${server.url}/picture.png`,
        `http://localhost:${server.port}/picture.png`,
        `http://[::1]:${server.port}/picture.png`,
        `http://[::ffff:127.0.0.1]:${server.port}/picture.png`,
        `http://169.254.169.254/latest/meta-data`,
        `http://10.0.0.1/picture.png`,
        `http://192.0.2.1/picture.png`,
        `http://[::7f00:1]:${server.port}/picture.png`,
        `http://[64:ff9b::7f00:1]:${server.port}/picture.png`,
        `http://[2002:7f00:1::1]:${server.port}/picture.png`,
      ]) {
        warn.mockClear();
        await expectDefault(itemPreview("video", randomUUID(), source));
        expect(warn.mock.calls.join(" ")).toMatch(/is not a public address/);
      }
      expect(server.requests).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a redirect must stay on http or https, and end", async () => {
    const server = await serve((req, res) => {
      if (req.url === "/to-file") res.writeHead(302, { Location: "file:///etc/passwd" }).end();
      else res.writeHead(302, { Location: "/loop" }).end();
    });
    try {
      await expectDefault(itemPreview("video", randomUUID(), `${server.url}/to-file`));
      await expectDefault(itemPreview("video", randomUUID(), `${server.url}/loop`));
      expect(server.requests).toBe(1 + 1 + SETTINGS.maxRedirects);
    } finally {
      await server.close();
    }
  });
});

describe("itemPreview from other sources", () => {
  it("uses the default image for an item without a picture, without logging", async () => {
    await expectDefault(itemPreview("video", randomUUID(), null));
    await expectDefault(itemPreview("video", randomUUID(), ""));
    expect(warn).not.toHaveBeenCalled();
  });

  it("never reads anything but a site path or a web address", async () => {
    for (const source of [
      "data:image/png;base64,iVBORw0KGgo=",
      "file:///etc/passwd",
      "//example.com/picture.png",
      "/media/../../package.json",
      "/etc/passwd",
      "ftp://example.com/picture.png",
      "javascript:alert(1)",
    ]) {
      await expectDefault(itemPreview("video", randomUUID(), source));
    }
  });

  it("reads a site path from the static folder, and a missing file gives the default image", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "mw-preview-static-"));
    try {
      await fs.mkdir(path.join(root, "media"));
      await fs.writeFile(path.join(root, "media", "bands.png"), await bandsPng(300));
      previewSettings.staticRoot = root;
      expect((await itemPreview("blog", randomUUID(), "/media/bands.png")).own).toBe(true);
      await expectDefault(itemPreview("blog", randomUUID(), "/media/missing.png"));
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('reads an upload\'s original from the storage (PRODUCT.md "Media library"); a deleted one gives the default image', async () => {
    const key = "images/5d6f0f43-2d7c-4b53-9c1e-4b8f1f6c2a10-300w.png";
    await getStorage().put(key, Readable.from([await bandsPng(300)]), { contentType: "image/png" });
    const preview = await itemPreview("blog", randomUUID(), `/uploads/${key}`);
    expect(preview.own).toBe(true);
    expect(await sharp(preview.body).metadata()).toMatchObject({ format: "jpeg", width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT });
    expect(await colourAt(preview.body, 600, 5)).toBe("red");
    await getStorage().delete(key);
    await expectDefault(itemPreview("blog", randomUUID(), `/uploads/${key}`));
    await expectDefault(itemPreview("blog", randomUUID(), "/uploads/Images/NOT-A-KEY.png"));
  });
});
