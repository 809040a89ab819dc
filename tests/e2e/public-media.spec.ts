import type { Browser, Page } from "@playwright/test";

import { DEMO_AUDIO_PATH } from "../../app/server/seed/catalogue/media";
import { DEMO_PODCASTS } from "../../app/server/seed/catalogue/podcasts";
import { expect, test } from "./fixtures";

/**
 * Videos, podcasts and the newsletter box in Chromium (PRODUCT.md "Public pages"): views counted by hydrated
 * pages, client navigation, the players and the newsletter box with JavaScript. What the server renders
 * (not-found pages, paging, an episode's page, the home page without JavaScript) and what the counter
 * counts for a bare render are checked without a browser in http/public-media.spec.ts.
 */

/** Waits for the view the page posts after hydration and returns the count it answered. */
async function nextCountedView(page: Page) {
  const response = await page.waitForResponse(
    (r) => /\/api\/videos\/[^/]+\/view$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { views: number }).views;
}

const viewCount = (page: Page) => page.getByTestId("video-views");

/** Another visitor (PRODUCT.md "Security": a visitor is the address with the browser's user agent). */
async function anotherVisitor(browser: Browser, name: string) {
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 E2E/${name}-${Date.now()}`,
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe("videos", () => {
  // PRODUCT.md "Security": one view per visitor per video per 30 minutes, so a reload by the same
  // visitor shows the live count without adding to it, and another visitor adds one.
  test("home → a video counts one view per visitor, then a related video", async ({ page, browser }) => {
    await page.goto("/");
    const firstVideo = page.getByRole("region", { name: "Featured Videos" }).locator("a[href^='/video/']").first();
    const href = await firstVideo.getAttribute("href");
    expect(href).toMatch(/^\/video\/[0-9a-f-]{36}$/);

    const counted = nextCountedView(page);
    await firstVideo.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const firstCount = await counted;
    await expect(viewCount(page)).toHaveAttribute("data-views", String(firstCount));

    const recounted = nextCountedView(page);
    await page.reload();
    expect(await recounted).toBe(firstCount);
    await expect(viewCount(page)).toHaveAttribute("data-views", String(firstCount));

    const visitor = await anotherVisitor(browser, "second");
    const counted2 = nextCountedView(visitor.page);
    await visitor.page.goto(href!);
    expect(await counted2).toBe(firstCount + 1);
    await expect(viewCount(visitor.page)).toHaveAttribute("data-views", String(firstCount + 1));
    await visitor.close();

    const related = page.getByRole("complementary", { name: "Related Videos" }).locator("a[href^='/video/']").first();
    const relatedHref = await related.getAttribute("href");
    expect(relatedHref).not.toBe(href);
    const relatedCounted = nextCountedView(page);
    await related.click();
    await expect(page).toHaveURL(relatedHref!);
    const relatedViews = await relatedCounted;
    await expect(viewCount(page)).toHaveAttribute("data-views", String(relatedViews));
  });
});

test.describe("podcasts", () => {
  test("home → a podcast → back to all podcasts", async ({ page }) => {
    await page.goto("/");
    const episode = page.getByRole("region", { name: "Podcasts" }).locator("a[href^='/podcast/']").first();
    const title = (await episode.textContent())!.trim();
    await episode.click();
    await expect(page).toHaveURL(/\/podcast\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | MarketWire`);
    await page.getByRole("link", { name: "Back to Podcasts" }).click();
    await expect(page).toHaveURL("/podcasts");
    await expect(page.getByRole("heading", { name: "Podcasts", level: 1 })).toBeVisible();
  });
});

/** The demo podcast whose audio URL matches, by title (its id is generated when the database is seeded). */
function demoPodcast(matches: (audioUrl: string) => boolean) {
  const podcast = DEMO_PODCASTS.find((p) => p.audioUrl != null && matches(p.audioUrl) && !p.status);
  if (!podcast) throw new Error("no such demo podcast");
  return podcast;
}

/** The address of a published podcast's page, read from the /podcasts list. */
async function podcastHref(page: Page, title: string) {
  await page.goto("/podcasts");
  const href = await page.locator("main a[href^='/podcast/']").filter({ hasText: title }).first().getAttribute("href");
  expect(href).toMatch(/^\/podcast\/[0-9a-f-]{36}$/);
  return href!;
}

/**
 * A page in its own context that fails on console errors like the shared fixture, except the browser's
 * 'Failed to load resource' line for the one resource a test makes fail on purpose.
 */
async function pageExcusingFailedResource(browser: Browser, resource: RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const intended = message.text().startsWith("Failed to load resource") && resource.test(message.location().url);
    if (!intended) errors.push(`${message.text()} (${message.location().url})`);
  });
  return { page, errors, close: () => context.close() };
}

const AUDIO_HOST = /^https:\/\/embeds\.audioboom\.com\//;

test.describe("podcast player", () => {
  const hosted = demoPodcast((url) => url.startsWith("https://audioboom.com/posts/") && !url.endsWith(".mp3"));

  test("an audio-host podcast whose host cannot be reached says 'Audio player not available' after Play", async ({ browser }) => {
    // This machine has no internet: the audio host's name does not resolve.
    const { page, errors, close } = await pageExcusingFailedResource(browser, AUDIO_HOST);
    await page.goto(await podcastHref(page, hosted.title));
    await page.getByRole("button", { name: `Play ${hosted.title}` }).click();
    await expect(page.getByText("Audio player not available")).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByText("Loading player…")).toHaveCount(0);
    expect(errors, "console errors on the page").toEqual([]);
    await close();
  });

  test("an audio-host podcast shows the host's frame once the host answers", async ({ page }) => {
    await page.route(AUDIO_HOST, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>Episode player</p>" }),
    );
    await page.goto(await podcastHref(page, hosted.title));
    await page.getByRole("button", { name: `Play ${hosted.title}` }).click();
    const frame = page.getByTitle(`${hosted.title} (audio player)`);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveCSS("opacity", "1");
    await expect(page.frameLocator("iframe").getByText("Episode player")).toBeVisible();
    await expect(page.getByText("Audio player not available")).toHaveCount(0);
    await expect(page.getByText("Loading player…")).toHaveCount(0);
  });

  test("a host episode file whose name ends in the post id gets the host's player, not the native one", async ({ page }) => {
    const podcast = demoPodcast((url) => /\/episodes\/[a-z-]+-\d+\.mp3$/.test(url));
    await page.goto(await podcastHref(page, podcast.title));
    await expect(page.getByRole("button", { name: `Play ${podcast.title}` })).toBeVisible();
    await expect(page.locator("audio")).toHaveCount(0);
  });

  test("a native audio file loads nothing before Play, and one that fails then says 'Audio player not available'", async ({ browser }) => {
    const podcast = demoPodcast((url) => url === DEMO_AUDIO_PATH);
    const { page, errors, close } = await pageExcusingFailedResource(browser, new RegExp(`${DEMO_AUDIO_PATH.replace(/\./g, "\\.")}$`));
    const href = await podcastHref(page, podcast.title);

    // PRODUCT.md "Measurement": the web player asks for nothing until Play (preload="none"), so a page view
    // is never a download.
    const audioRequests: string[] = [];
    await page.route(`**${DEMO_AUDIO_PATH}`, (route) => {
      audioRequests.push(route.request().url());
      return route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" });
    });
    await page.goto(href, { waitUntil: "networkidle" });
    await expect(page.locator("audio")).toHaveAttribute("preload", "none");
    expect(audioRequests).toEqual([]);
    await expect(page.getByText("Audio player not available")).toHaveCount(0);

    await page.locator("audio").evaluate((audio: HTMLAudioElement) => void audio.play().catch(() => undefined));
    await expect(page.getByText("Audio player not available")).toBeVisible();
    await expect(page.locator("audio")).toHaveCount(0);
    expect(audioRequests.length).toBeGreaterThan(0);
    expect(errors, "console errors on the page").toEqual([]);
    await close();
  });
});

test.describe("newsletter", () => {
  test("a subscription is stored and confirmed; subscribing again is still a success", async ({ page, request, baseURL }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto("/");
    const box = page.locator("#newsletter");
    await box.getByLabel("Email address").fill(`  ${email.toUpperCase()} `);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText(/^Thanks for subscribing!/)).toBeVisible();
    await expect(box.getByLabel("Email address")).toHaveValue("");

    // The same address again gets exactly the answer a new one gets: the box never tells who is on the list.
    const again = await request.post("/resources/newsletter", { form: { email }, headers: { Origin: baseURL! } });
    const fresh = await request.post("/resources/newsletter", { form: { email: `other-${email}` }, headers: { Origin: baseURL! } });
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ ok: true, outcome: "subscribed" });
    expect(fresh.status()).toBe(again.status());
    expect(await fresh.json()).toEqual(await again.json());

    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText(/^Thanks for subscribing!/)).toBeVisible();
  });

  test("a bad address is refused: the browser's own check first, then the server's message under the field", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/");
    const box = page.locator("#newsletter");
    const field = box.getByLabel("Email address");
    // Native constraint validation (no validation library on public pages): nothing is sent.
    let posted = 0;
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/resources/newsletter") && posted++);
    await field.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(posted).toBe(0);

    // An address the browser lets through but the server refuses gets the server's message.
    await field.fill("ann@example");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(1);

    const refused = await request.post("/resources/newsletter", { form: { email: "not-an-email" }, headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(400);
  });
});
