/**
 * Receiving uploads (PRODUCT.md "Media library"): the type read from the content, size limits, image
 * copies, audio durations, and refusals that store nothing, through the upload endpoint's own function.
 */
import { promises as fs, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { imageKey } from "~/lib/uploads";

import { BASE_URL } from "../../../tests/support/auth";
import { setEnv } from "../../../tests/support/env";
import { adtsBytes, demoMp3, imageBytes, m4aBytes, oggOpusBytes, type ImageFormat } from "../../../tests/support/media-fixtures";
import { getDb, schema } from "../db/db.server";
import { receiveUpload, tooLargeMessage, type UploadResult } from "./media-upload.server";
import { getStorage } from "./storage/current-storage.server";

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
  setEnv({ DATA_DIR: dataDir, UPLOAD_MAX_IMAGE_MB: undefined, UPLOAD_MAX_AUDIO_MB: undefined });
});
afterAll(() => {
  setEnv({ DATA_DIR: undefined, UPLOAD_MAX_IMAGE_MB: undefined, UPLOAD_MAX_AUDIO_MB: undefined });
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate media_files`);
  await fs.rm(path.join(dataDir, "uploads"), { recursive: true, force: true });
  setEnv({ UPLOAD_MAX_IMAGE_MB: undefined, UPLOAD_MAX_AUDIO_MB: undefined });
});

/** A multipart POST of `fields` in order; a Buffer becomes a file with the name given beside it. */
function uploadRequest(fields: [string, string | { bytes: Buffer; name: string; type?: string }][]) {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? "application/octet-stream" }), value.name);
  }
  return new Request(`${BASE_URL}/admin/media/upload`, { method: "POST", headers: { Origin: BASE_URL }, body: form });
}

function upload(kind: string | null, bytes: Buffer, name: string) {
  return receiveUpload(uploadRequest([...(kind === null ? [] : [["kind", kind] as [string, string]]), ["file", { bytes, name }]]), null);
}

function accepted(result: UploadResult) {
  if (!result.ok) throw new Error(`refused (${result.status}): ${result.error}`);
  return result.media;
}

/** Every stored object's key, sorted. */
async function storedKeys(): Promise<string[]> {
  const root = path.join(dataDir, "uploads");
  const files = await fs.readdir(root, { recursive: true }).catch(() => []);
  const keys: string[] = [];
  for (const file of files) if ((await fs.stat(path.join(root, file))).isFile()) keys.push(file.split(path.sep).join("/"));
  return keys.sort();
}

async function rows() {
  const db = await getDb();
  return db.select().from(schema.mediaFiles);
}

/** What a refusal must leave: no row, no stored object, no temporary file. */
async function expectNothingKept() {
  expect(await rows()).toEqual([]);
  expect(await storedKeys()).toEqual([]);
  expect(await fs.readdir(path.join(dataDir, "upload-spool"))).toEqual([]);
}

async function storedBytes(key: string) {
  return buffer((await getStorage().get(key))!.body);
}

describe("accepted types, read from the content whatever the name", () => {
  it.each<[ImageFormat, string, string]>([
    ["jpeg", "image/jpeg", "jpg"],
    ["png", "image/png", "png"],
    ["webp", "image/webp", "webp"],
    ["avif", "image/avif", "avif"],
    ["gif", "image/gif", "gif"],
  ])("%s image", async (format, mimeType, ext) => {
    const bytes = await imageBytes(format, 64, 48);
    const media = accepted(await upload("image", bytes, "picture.bin"));
    // The original is stored written again without its metadata (see "metadata" below), in its own format.
    const stored = await storedBytes(media.url.slice("/uploads/".length));
    expect(media).toMatchObject({ kind: "image", mimeType, sizeBytes: stored.length, width: 64, height: 48, duration: null });
    expect(media.url).toBe(`/uploads/${imageKey(media.id, 64, ext)}`);
    expect(await sharp(stored).metadata()).toMatchObject({
      format: format === "jpeg" ? "jpeg" : format === "avif" ? "heif" : format,
      width: 64,
      height: 48,
    });
    expect(await rows()).toMatchObject([{ id: media.id, kind: "image", mimeType, originalName: "picture.bin", variants: [] }]);
  });

  it.each([
    ["MP3 (a demo file)", demoMp3(), "audio/mpeg", "mp3", 54],
    ["M4A", m4aBytes(7), "audio/mp4", "m4a", 7],
    ["AAC (ADTS)", adtsBytes(5), "audio/aac", "aac", 5],
    ["OGG (Opus)", oggOpusBytes(3), "audio/ogg", "opus", 3],
  ])("%s audio, with its duration in whole seconds", async (_name, bytes, mimeType, ext, seconds) => {
    const media = accepted(await upload("audio", bytes, "episode"));
    expect(media).toMatchObject({ kind: "audio", mimeType, sizeBytes: bytes.length, width: null, height: null, duration: seconds });
    expect(media.url).toBe(`/uploads/audio/${media.id}.${ext}`);
    expect(await storedBytes(`audio/${media.id}.${ext}`)).toEqual(bytes);
    expect(await storedKeys()).toEqual([`audio/${media.id}.${ext}`]);
  });

  it("a PNG named .mp3 is an image: accepted as one, refused as audio", async () => {
    const png = await imageBytes("png");
    expect(accepted(await upload("image", png, "song.mp3"))).toMatchObject({ kind: "image", mimeType: "image/png" });
    await getDb().then((db) => db.execute(sql`truncate media_files`));
    await fs.rm(path.join(dataDir, "uploads"), { recursive: true, force: true });

    expect(await upload("audio", png, "song.mp3")).toEqual({
      ok: false,
      status: 415,
      error: "This file is not MP3, M4A/AAC or OGG audio (its type is read from its content, not its name).",
    });
    await expectNothingKept();
  });

  it("without a kind, the content decides (the media library's own form)", async () => {
    expect(accepted(await upload(null, await imageBytes("webp"), "x"))).toMatchObject({ kind: "image", mimeType: "image/webp" });
    expect(accepted(await upload(null, demoMp3("capital-call-trailer.mp3"), "x"))).toMatchObject({ kind: "audio", duration: 50 });
    expect(await upload(null, Buffer.from("plain text"), "x.png")).toMatchObject({
      ok: false,
      status: 415,
      error: expect.stringMatching(/^This file is neither a JPEG, PNG, WebP, AVIF or GIF image nor MP3, M4A\/AAC or OGG audio/),
    });
  });
});

describe("refused files store nothing", () => {
  it("a text file named .jpg", async () => {
    expect(await upload("image", Buffer.from("This is not a picture.\n"), "photo.jpg")).toEqual({
      ok: false,
      status: 415,
      error: "This file is not a JPEG, PNG, WebP, AVIF or GIF image (its type is read from its content, not its name).",
    });
    await expectNothingKept();
  });

  it.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "image"],
    ["a WAV", Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVEfmt "), Buffer.alloc(32)]), "audio"],
    ["a PDF", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), "image"],
  ])("%s (a type not on the list)", async (_name, bytes, kind) => {
    expect(await upload(kind, bytes, "file")).toMatchObject({ ok: false, status: 415 });
    await expectNothingKept();
  });

  it("an image over the limit: 413 with its size and the limit", async () => {
    setEnv({ UPLOAD_MAX_IMAGE_MB: "0.01" }); // 10,485 bytes
    const big = await imageBytes("png", 1200, 1200);
    const noisy = Buffer.concat([big, Buffer.alloc(30_000 - big.length, 1)]);
    expect(await upload("image", noisy, "huge.png")).toEqual({
      ok: false,
      status: 413,
      error: "This image is 29.3 KB; images may be at most 10.2 KB.",
    });
    await expectNothingKept();
  });

  it("an image over the limit sent without a kind is measured against the image limit once its type is known", async () => {
    setEnv({ UPLOAD_MAX_IMAGE_MB: "0.01" });
    const png = await imageBytes("png", 64, 48);
    expect(await upload(null, Buffer.concat([png, Buffer.alloc(20_000)]), "x.png")).toMatchObject({ ok: false, status: 413 });
    await expectNothingKept();
  });

  it("audio over its own limit", async () => {
    setEnv({ UPLOAD_MAX_AUDIO_MB: "0.05" }); // 52,428 bytes; the theme is 324,685
    expect(await upload("audio", demoMp3(), "theme.mp3")).toEqual({
      ok: false,
      status: 413,
      error: "This audio file is 317 KB; audio files may be at most 51.2 KB.",
    });
    await expectNothingKept();
  });

  it("says 'larger than' when the size would read the same as the limit", () => {
    expect(tooLargeMessage("image", 10 * 1024 * 1024 + 1, 10 * 1024 * 1024)).toBe(
      "This image is larger than 10 MB; images may be at most 10 MB.",
    );
    expect(tooLargeMessage(null, 12.3 * 1024 * 1024, 10 * 1024 * 1024)).toBe("This file is 12.3 MB; files may be at most 10 MB.");
  });

  it("a damaged image: 422", async () => {
    const png = await imageBytes("png", 600, 400);
    const damaged = Buffer.concat([png.subarray(0, 60), Buffer.alloc(2000, 7)]);
    expect(await upload("image", damaged, "broken.png")).toEqual({
      ok: false,
      status: 422,
      error: "This image could not be read; it may be damaged.",
    });
    await expectNothingKept();
  });

  it("an image of too many pixels is refused before it is decoded", async () => {
    const huge = await sharp({ create: { width: 10_000, height: 7_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await upload("image", huge, "huge.png")).toEqual({
      ok: false,
      status: 422,
      error: "This image is 10,000 × 7,000 pixels; images may be at most 64 megapixels.",
    });
    await expectNothingKept();
  });

  it("a failure to store leaves nothing behind and is answered 503", async () => {
    const storage = getStorage();
    const put = storage.put.bind(storage);
    let calls = 0;
    const spy = vi.spyOn(storage, "put").mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error("disk full");
      return put(...args);
    });
    vi.mocked(console.error).mockImplementationOnce(() => {});
    try {
      expect(await upload("image", await imageBytes("jpeg", 1000, 500), "photo.jpg")).toEqual({
        ok: false,
        status: 503,
        error: "The file could not be stored. Please try again.",
      });
    } finally {
      spy.mockRestore();
    }
    await expectNothingKept();
  });
});

describe("image copies", () => {
  it.each([
    [2000, 1000, [480, 960, 1600]],
    [1000, 400, [480, 960]],
    [700, 700, [480]],
    [480, 300, []],
    [300, 200, []],
  ])("a %i × %i image gets WebP copies %j wide, never enlarged", async (width, height, widths) => {
    const media = accepted(await upload("image", await imageBytes("png", width, height), "wide.png"));
    const [row] = await rows();
    expect(row!.variants).toEqual(widths.map((w) => imageKey(media.id, w, "webp")));
    for (const key of row!.variants) {
      const { format, width: actual } = await sharp(await storedBytes(key)).metadata();
      expect(format).toBe("webp");
      expect(`${key} ${actual}`).toBe(`${key} ${key.match(/-(\d+)w\.webp$/)![1]}`);
    }
    expect(await storedKeys()).toEqual([imageKey(media.id, width, "png"), ...row!.variants].sort());
  });

  it("a photo turned by its EXIF orientation has the size it is shown at", async () => {
    const media = accepted(await upload("image", await imageBytes("jpeg", 1200, 800, { orientation: 6 }), "portrait.jpg"));
    expect(media).toMatchObject({ width: 800, height: 1200 });
    expect(media.url).toBe(`/uploads/${imageKey(media.id, 800, "jpg")}`);
    const [row] = await rows();
    expect(await sharp(await storedBytes(row!.variants[0]!)).metadata()).toMatchObject({ width: 480, height: 720 });
  });
});

/** Camera, GPS and authoring metadata a photo may carry, as sharp writes them. */
const CAMERA_AND_GPS = {
  IFD0: { Make: "Canon", Model: "EOS R5", Artist: "Jane Doe" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 3230/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 4366/100" },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jane Doe"/></rdf:RDF></x:xmpmeta>';
/** The GPS IFD pointer tag (0x8825) as a little-endian EXIF block writes it. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

/** A 1800 × 1200 photo (yellow left half, blue right) turned by `orientation`, in the Display P3 profile, with EXIF and XMP. */
function photoWithMetadata(format: "jpeg" | "webp", orientation: number) {
  const bands = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200">' +
      '<rect width="100%" height="100%" fill="#0000ff"/><rect width="50%" height="100%" fill="#ffff00"/></svg>',
  );
  return sharp(bands)
    .flatten({ background: "#ffffff" })
    .withIccProfile("p3")
    .withMetadata({ orientation })
    .withExifMerge(CAMERA_AND_GPS)
    .withXmp(XMP)
    .toFormat(format)
    .toBuffer();
}

/** A PNG with a text chunk (tEXt) naming its author, placed before the image data so readers see it. */
async function pngWithText() {
  const png = await imageBytes("png", 600, 400);
  const data = Buffer.concat([Buffer.from("tEXt", "latin1"), Buffer.from("Author\0Jane Doe, 51.5092 N 0.1288 W", "latin1")]);
  const chunk = Buffer.alloc(data.length + 8);
  chunk.writeUInt32BE(data.length - 4, 0);
  data.copy(chunk, 4);
  chunk.writeUInt32BE(zlib.crc32(data), data.length + 4);
  const afterHeader = 8 + 25; // signature, IHDR
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** What may be left of a stored picture's metadata: its colour profile, nothing else. */
async function expectOnlyColourProfile(key: string, icc: boolean) {
  const metadata = await sharp(await storedBytes(key)).metadata();
  const kept = { exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, textChunks: metadata.comments, icc: metadata.icc };
  const present = Object.entries(kept).flatMap(([name, value]) => (value === undefined ? [] : [name]));
  expect(`${key}: ${present.join(", ")}; orientation ${metadata.orientation ?? "none"}`).toBe(
    `${key}: ${icc ? "icc" : ""}; orientation none`,
  );
  return metadata;
}

describe('metadata (PRODUCT.md "Media library": only the colour profile is kept)', () => {
  it.each(["jpeg", "webp"] as const)(
    "a %s photo with GPS, camera and XMP and a sideways orientation is stored upright with its colour profile and nothing else",
    async (format) => {
      const photo = await photoWithMetadata(format, 6);
      const sent = await sharp(photo).metadata();
      expect(sent).toMatchObject({ orientation: 6, width: 1800, height: 1200 });
      expect(sent.exif?.includes(GPS_POINTER)).toBe(true);
      expect(sent.exif?.toString("latin1")).toContain("Canon");
      expect(sent.xmp).toBeDefined();
      expect(sent.icc).toBeDefined();

      const media = accepted(await upload("image", photo, `photo.${format}`));
      expect(media).toMatchObject({ width: 1200, height: 1800 });
      const [row] = await rows();
      expect(row!.variants).toHaveLength(2);
      for (const key of [row!.storageKey, ...row!.variants]) {
        const stored = await expectOnlyColourProfile(key, true);
        // Upright: the photo's left (yellow) half is now on top, and the sizes are as shown.
        const width = Number(/-(\d+)w\.\w+$/.exec(key)![1]);
        expect(`${key} ${stored.width}×${stored.height}`).toBe(`${key} ${width}×${width * 1.5}`);
        const [r, g, b] = await sharp(await storedBytes(key))
          .extract({ left: Math.round(width / 2), top: Math.round(width * 0.25), width: 1, height: 1 })
          .raw()
          .toBuffer();
        expect(`${key}: top is yellow ${r! > 200 && g! > 200 && b! < 80}`).toBe(`${key}: top is yellow true`);
      }
      expect(media.sizeBytes).toBe((await storedBytes(row!.storageKey)).length);
    },
  );

  it("a PNG's text chunks are not kept", async () => {
    const png = await pngWithText();
    expect((await sharp(png).metadata()).comments).toEqual([{ keyword: "Author", text: "Jane Doe, 51.5092 N 0.1288 W" }]);
    const media = accepted(await upload("image", png, "chart.png"));
    const [row] = await rows();
    for (const key of [row!.storageKey, ...row!.variants]) await expectOnlyColourProfile(key, false);
    expect((await storedBytes(media.url.slice("/uploads/".length))).includes("Jane Doe")).toBe(false);
  });

  it("a picture without a colour profile gets none", async () => {
    const jpeg = await sharp(await imageBytes("jpeg", 1000, 500))
      .withExif(CAMERA_AND_GPS)
      .jpeg()
      .toBuffer();
    accepted(await upload("image", jpeg, "plain.jpg"));
    const [row] = await rows();
    for (const key of [row!.storageKey, ...row!.variants]) await expectOnlyColourProfile(key, false);
  });
});

describe("bodies that are not an upload: 4xx, nothing stored", () => {
  const request = (body: BodyInit, contentType: string) =>
    new Request(`${BASE_URL}/admin/media/upload`, { method: "POST", headers: { Origin: BASE_URL, "Content-Type": contentType }, body });

  it.each([
    ["JSON", request('{"file":"x"}', "application/json")],
    ["a URL-encoded form", request("kind=image&file=x", "application/x-www-form-urlencoded")],
    ["no body", new Request(`${BASE_URL}/admin/media/upload`, { method: "POST", headers: { Origin: BASE_URL } })],
  ])("%s: 415", async (_name, body) => {
    expect(await receiveUpload(body, null)).toEqual({
      ok: false,
      status: 415,
      error: 'Send the file as multipart/form-data, in a field named "file".',
    });
    await expectNothingKept();
  });

  it("a multipart body that does not parse: 400", async () => {
    const result = await receiveUpload(request("--x\r\nnonsense", "multipart/form-data; boundary=x"), null);
    expect(result).toMatchObject({ ok: false, status: 400 });
  });

  it("a multipart body without a boundary: 400", async () => {
    expect(await receiveUpload(request("anything", "multipart/form-data"), null)).toMatchObject({ ok: false, status: 400 });
  });

  it("a NUL in a field's name: 400", async () => {
    const png = await imageBytes("png");
    expect(
      await receiveUpload(
        uploadRequest([
          ["ki\u0000nd", "image"],
          ["file", { bytes: png, name: "a.png" }],
        ]),
        null,
      ),
    ).toEqual({
      ok: false,
      status: 400,
      error: "A field or file name contains a control character (such as NUL) or is malformed; rename it and send it again.",
    });
    await expectNothingKept();
  });

  it("a NUL in a field's value: 400 naming the field", async () => {
    const png = await imageBytes("png");
    expect(
      await receiveUpload(
        uploadRequest([
          ["kind", "ima\u0000ge"],
          ["file", { bytes: png, name: "a.png" }],
        ]),
        null,
      ),
    ).toEqual({
      ok: false,
      status: 400,
      error: 'The field "kind" contains a control character (such as NUL); remove it and send the file again.',
    });
    await expectNothingKept();
  });

  it("a NUL in the file's name: 400", async () => {
    const png = await imageBytes("png");
    expect(
      await receiveUpload(
        uploadRequest([
          ["kind", "image"],
          ["file", { bytes: png, name: "a\u0000.png" }],
        ]),
        null,
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringContaining("control character"),
    });
    await expectNothingKept();
  });

  it("an unknown kind: 400", async () => {
    const result = await receiveUpload(
      uploadRequest([
        ["kind", "video"],
        ["file", { bytes: await imageBytes("png"), name: "a.png" }],
      ]),
      null,
    );
    expect(result).toEqual({ ok: false, status: 400, error: 'The kind of upload must be "image" or "audio".' });
    await expectNothingKept();
  });

  it.each([
    ["no file", [["kind", "image"]]],
    [
      "the file sent as text",
      [
        ["kind", "image"],
        ["file", "picture.png"],
      ],
    ],
  ] as [string, [string, string][]][])("%s: 400", async (_name, fields) => {
    expect(await receiveUpload(uploadRequest(fields), null)).toEqual({
      ok: false,
      status: 400,
      error: 'Choose a file to upload (a field named "file").',
    });
    await expectNothingKept();
  });

  it("a file in a field with another name: 400", async () => {
    const result = await receiveUpload(
      uploadRequest([
        ["kind", "image"],
        ["picture", { bytes: await imageBytes("png"), name: "a.png" }],
      ]),
      null,
    );
    expect(result).toEqual({ ok: false, status: 400, error: 'Send the file in a field named "file", not "picture".' });
    await expectNothingKept();
  });

  it("two files: 400", async () => {
    const png = await imageBytes("png");
    const result = await receiveUpload(
      uploadRequest([
        ["kind", "image"],
        ["file", { bytes: png, name: "a.png" }],
        ["file", { bytes: png, name: "b.png" }],
      ]),
      null,
    );
    expect(result).toEqual({ ok: false, status: 400, error: "Send one file at a time." });
    await expectNothingKept();
  });

  it("an empty file: 400", async () => {
    expect(await upload("image", Buffer.alloc(0), "empty.png")).toEqual({ ok: false, status: 400, error: "The file is empty." });
    await expectNothingKept();
  });
});
