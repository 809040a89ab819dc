import type { Page, Request } from "@playwright/test";

import { DEMO_VIDEOS } from "../../app/server/seed/catalogue/videos";
import { expect, test } from "./fixtures";

/**
 * PRODUCT.md "Video": a video page shows the item's picture and a Play button; the host's player (its
 * scripts, cookies and trackers) loads only after the press, and without scripts the button is a link to
 * the video on its host.
 */

const VIDEO_HOSTS = /^https?:\/\/([^/]+\.)?(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)\//;

/** A stand-in player: there is no internet here. */
const PLAYER_STUB = `<!doctype html><title>player</title><p>Player ready</p>`;

const onYouTube = DEMO_VIDEOS.find((video) => video.videoUrl.startsWith("https://www.youtube.com/watch") && !video.status)!;

/** The demo video's page path, from the videos list. */
async function videoPath(page: Page) {
  await page.goto("/videos");
  const href = await page.locator("main a[href^='/video/']").filter({ hasText: onYouTube.title }).first().getAttribute("href");
  expect(href).toMatch(/^\/video\/[0-9a-f-]{36}$/);
  return href!;
}

test("a video page asks no video host for anything until Play is pressed, then plays the host's player", async ({ page }) => {
  const path = await videoPath(page);
  const toHosts: string[] = [];
  page.on("request", (request: Request) => {
    if (VIDEO_HOSTS.test(request.url())) toHosts.push(request.url());
  });
  await page.route(VIDEO_HOSTS, (route) => route.fulfill({ contentType: "text/html", body: PLAYER_STUB }));

  await page.goto(path, { waitUntil: "networkidle" });
  expect(toHosts).toEqual([]);
  const play = page.getByRole("button", { name: `Play video: ${onYouTube.title}` });
  await expect(play).toBeVisible();
  // The picture is the item's own, from this site.
  const picture = page.getByRole("article").locator("img").first();
  expect(new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).origin).toBe(new URL(page.url()).origin);
  await expect(page.locator("iframe")).toHaveCount(0);

  // Keyboard: the button takes focus with a visible ring and plays on Enter.
  await play.focus();
  await expect(play).toBeFocused();
  expect(await play.evaluate((button) => getComputedStyle(button).boxShadow)).not.toBe("none");
  await page.keyboard.press("Enter");
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}\?autoplay=1$/);
  await expect(frame).toHaveAttribute("title", onYouTube.title);
  await expect(page.frameLocator("iframe").getByText("Player ready")).toBeVisible();
  await expect(frame).toBeFocused();
  expect(toHosts.length).toBeGreaterThan(0);
});

test("without scripts, Play is a link to the video on its host, opening a new tab", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const path = await videoPath(page);
    const toHosts: string[] = [];
    page.on("request", (request) => {
      if (VIDEO_HOSTS.test(request.url())) toHosts.push(request.url());
    });
    await page.goto(path);
    const link = page.getByRole("link", { name: `Play video: ${onYouTube.title} (opens in a new tab)` });
    await expect(link).toHaveAttribute("href", onYouTube.videoUrl);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(toHosts).toEqual([]);
  } finally {
    await context.close();
  }
});
