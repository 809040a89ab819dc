import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";

import { test as base, expect } from "./fixtures";

/**
 * Uploads (PRODUCT.md "Media library"): from the editor's media fields with a progress bar, shown on the
 * public pages (images with their srcset, audio that plays), refusals that store nothing, and the media
 * library's list, usage and delete. Serial: the library checks the uploads the first tests made.
 */

/** The upload endpoint, and the library page's action (its document post without scripts, its fetcher's delete). */
const REFUSING_PATHS = /^\/admin\/media(\/upload|\.data)?$/;

/**
 * The fixtures fail a test on any console error; a refused upload is a 4xx on purpose, which Chromium
 * logs as a failed resource. Only those are excused here.
 */
const test = base.extend({
  // An override keeps the fixture automatic.
  failOnConsoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    const refused = new Set<string>();
    page.on("response", (response) => {
      if (response.status() >= 400 && REFUSING_PATHS.test(new URL(response.url()).pathname)) refused.add(response.url());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (message.text().startsWith("Failed to load resource") && refused.has(message.location().url)) return;
      errors.push(`${message.text()} (${message.location().url})`);
    });
    await provide();
    expect(errors, "console errors on the page").toEqual([]);
  },
});

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const BLOG_TITLE = `E2E uploaded image ${run}`;
const PODCAST_TITLE = `E2E uploaded audio ${run}`;
const THEME_MP3 = path.resolve("public/media/audio/dividend-hour-theme.mp3");

/** The end-to-end server's data folder (playwright.config.ts): where the uploads and the spool live. */
function dataDir(baseURL: string) {
  return process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `marketwire-e2e-${new URL(baseURL).port}`);
}

/** Every file under the server's uploads folder and its spool, to prove a refusal stored nothing. */
async function storedFiles(baseURL: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of ["uploads", "upload-spool"]) {
    const root = path.join(dataDir(baseURL), folder);
    const names = await fs.readdir(root, { recursive: true }).catch(() => []);
    for (const name of names) if ((await fs.stat(path.join(root, name))).isFile()) files.push(`${folder}/${name}`);
  }
  return files.sort();
}

/** A photo-like JPEG (noise compresses badly, so it is a few hundred KB and takes a moment to send). */
async function photo(width: number, height: number) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function hydrated(page: Page) {
  await expect(page.locator("[data-hydrated]")).toBeVisible();
}

/** Uploads are slowed to ~1 MB/s, so the progress bar can be seen. */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
}

/** Publishes the item in the open create screen and returns its id, read from its edit link in the list. */
async function publish(page: Page, type: string, title: string) {
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${type}$`));
  const href = await page.getByRole("link", { name: `Edit ${title}`, exact: true }).getAttribute("href");
  return href!.split("/").pop()!;
}

let imageUrl = "";
let audioUrl = "";

test("a blog post's featured image uploaded from the editor shows on the public page with its srcset", async ({
  adminPage: page,
  baseURL,
}) => {
  await page.goto("/admin/blogs/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(BLOG_TITLE);
  await slowUploads(page);
  await page
    .getByLabel("Featured Image file")
    .setInputFiles({ name: "market-chart.jpg", mimeType: "image/jpeg", buffer: await photo(1800, 1000) });
  await expect(page.getByRole("progressbar", { name: "Uploading market-chart.jpg" })).toBeVisible();
  await expect(page.getByText(/^Uploaded market-chart\.jpg \(.+\)\.$/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  imageUrl = await page.getByLabel("Featured Image URL").inputValue();
  expect(imageUrl).toMatch(/^\/uploads\/images\/[\da-f-]{36}-1800w\.jpg$/);

  const id = await publish(page, "blogs", BLOG_TITLE);
  await page.goto(`/blog/${id}`);
  const image = page.getByRole("img", { name: BLOG_TITLE });
  await expect(image).toHaveAttribute("src", imageUrl);
  const copies = imageUrl.replace(/-1800w\.jpg$/, "");
  await expect(image).toHaveAttribute("srcset", `${copies}-480w.webp 480w, ${copies}-960w.webp 960w, ${copies}-1600w.webp 1600w`);
  await expect(image).toHaveAttribute("sizes", "(min-width: 1024px) 860px, 100vw");
  // The browser chose a WebP copy and drew it.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
    .toMatch(/-\d+w\.webp$/);

  // Served with its type, a year of caching, and no sniffing.
  const served = await page.request.get(imageUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()).toMatchObject({
    "content-type": "image/jpeg",
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  });
  expect((await storedFiles(baseURL!)).filter((file) => file.startsWith("upload-spool"))).toEqual([]);
});

test("a podcast's audio uploaded from the editor fills the duration and plays on the public page", async ({ adminPage: page }) => {
  await page.goto("/admin/podcasts/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(PODCAST_TITLE);
  await expect(page.getByLabel("Duration (seconds)")).toHaveValue("");
  await page.getByLabel("Audio file").setInputFiles(THEME_MP3);
  await expect(page.getByText(/^Uploaded dividend-hour-theme\.mp3 \(317 KB\)\.$/)).toBeVisible();
  audioUrl = await page.getByLabel("Audio URL").inputValue();
  expect(audioUrl).toMatch(/^\/uploads\/audio\/[\da-f-]{36}\.mp3$/);
  await expect(page.getByLabel("Duration (seconds)")).toHaveValue("54");

  const id = await publish(page, "podcasts", PODCAST_TITLE);
  await page.goto(`/podcast/${id}`);
  const audio = page.getByLabel(`Play ${PODCAST_TITLE}`);
  await expect(audio).toHaveAttribute("src", audioUrl);
  await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(await audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(54);

  // Seeking asks for a byte range.
  const range = await page.request.get(audioUrl, { headers: { Range: "bytes=100-199" } });
  expect(range.status()).toBe(206);
  expect(range.headers()["content-range"]).toBe(`bytes 100-199/${readFileSync(THEME_MP3).length}`);
  expect((await range.body()).equals(readFileSync(THEME_MP3).subarray(100, 200))).toBe(true);
});

test("a text file named .jpg is refused with its message and stores nothing", async ({ adminPage: page, baseURL }) => {
  const before = await storedFiles(baseURL!);
  await page.goto("/admin/blogs/new");
  await hydrated(page);
  await page
    .getByLabel("Featured Image file")
    .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Not a picture at all.\n") });
  await expect(page.getByRole("alert")).toHaveText(
    "This file is not a JPEG, PNG, WebP, AVIF or GIF image (its type is read from its content, not its name).",
  );
  await expect(page.getByLabel("Featured Image URL")).toHaveValue("");
  expect(await storedFiles(baseURL!)).toEqual(before);

  await page.goto("/admin/media");
  await expect(page.getByRole("link", { name: "photo.jpg" })).toHaveCount(0);
});

test("an image of 10 MB and one byte is refused with its message and stores nothing", async ({ adminPage: page, baseURL }) => {
  const before = await storedFiles(baseURL!);
  await page.goto("/admin/media");
  await hydrated(page);
  const total = await page.getByText(/^\d+ files?$/).textContent();
  const jpeg = await photo(64, 64);
  const tooBig = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]);
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: tooBig });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("This image is larger than 10 MB; images may be at most 10 MB.", { timeout: 20_000 });
  expect(await storedFiles(baseURL!)).toEqual(before);
  await page.reload();
  await expect(page.getByText(/^\d+ files?$/)).toHaveText(total!);
  await expect(page.getByRole("link", { name: "huge.jpg" })).toHaveCount(0);
});

test("the media library lists the uploads with where they are used; a used one cannot be deleted, an unused one can", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/media");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Media Library", level: 1 })).toBeVisible();

  const imageRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "market-chart.jpg" }) });
  await expect(imageRow).toContainText("JPEG image");
  await expect(imageRow).toContainText("1800 × 1000");
  await expect(imageRow.getByRole("link", { name: BLOG_TITLE })).toHaveAttribute("href", /^\/admin\/blogs\/[\da-f-]{36}$/);
  const audioRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "dividend-hour-theme.mp3" }) });
  await expect(audioRow).toContainText("MP3 audio");
  await expect(audioRow).toContainText("0:54");
  await expect(audioRow.getByRole("link", { name: PODCAST_TITLE })).toBeVisible();

  // In use: refused, and the row stays.
  await imageRow.getByRole("button", { name: "Delete market-chart.jpg" }).click();
  await expect(page.getByRole("alertdialog", { name: "Delete this file?" })).toContainText(
    "“market-chart.jpg” will be permanently deleted.",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`This file is used by 1 item ("${BLOG_TITLE}"): remove it there first.`)).toBeVisible();
  await expect(imageRow).toBeVisible();
  expect((await page.request.get(imageUrl)).status()).toBe(200);

  // A new, unused upload from the library's own form, with its progress.
  await slowUploads(page);
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "spare-chart.png",
    mimeType: "image/png",
    buffer: await sharp(await photo(700, 400))
      .png()
      .toBuffer(),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("progressbar", { name: "Uploading spare-chart.png" })).toBeVisible();
  const spareRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "spare-chart.png" }) });
  await expect(spareRow).toContainText("Not used", { timeout: 20_000 });
  await expect(page.getByText("File uploaded")).toBeVisible();
  const spareUrl = await spareRow.getByRole("link", { name: "spare-chart.png" }).getAttribute("href");
  expect(spareUrl).toMatch(/^\/uploads\/images\/[\da-f-]{36}-700w\.png$/);

  await spareRow.getByRole("button", { name: "Delete spare-chart.png" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("File deleted successfully")).toBeVisible();
  await expect(spareRow).toHaveCount(0);
  expect((await page.request.get(spareUrl!)).status()).toBe(404);
  expect((await page.request.get(spareUrl!.replace(/-700w\.png$/, "-480w.webp"))).status()).toBe(404);
});

test.describe(() => {
  test.use({ javaScriptEnabled: false });

  test("without JavaScript the library's form still uploads, and shows a refusal", async ({ adminPage: page }) => {
    await page.goto("/admin/media");
    await page.getByLabel("File", { exact: true }).setInputFiles({
      name: "no-script.webp",
      mimeType: "image/webp",
      buffer: await sharp(await photo(300, 200))
        .webp()
        .toBuffer(),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/media$/);
    await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: "no-script.webp" }) })).toContainText("WebP image");

    await page
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("plain text") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^This file is neither a JPEG, PNG, WebP, AVIF or GIF image nor MP3, M4A\/AAC or OGG audio/,
    );
  });
});
