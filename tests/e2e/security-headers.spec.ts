import type { Browser, Page } from "@playwright/test";

import { FRAME_SANDBOX } from "../../app/lib/frame-hosts";
import { DEMO_PODCASTS } from "../../app/server/seed/catalogue/podcasts";
import { DEMO_VIDEOS } from "../../app/server/seed/catalogue/videos";
import { expect, test } from "./fixtures";

/**
 * The page policy at work in Chromium (PRODUCT.md "Security headers"): pages with player frames hydrate
 * without a single policy violation, and the browser refuses what the policy does not name. The headers
 * themselves are checked without a browser in http/security-headers.spec.ts.
 */

/** Records every policy violation on the page (and the browser logs each one as a console error). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** A stand-in player: no internet here, and a script proves the player may run. */
const PLAYER_STUB = `<!doctype html><title>player</title><p id="status">loading</p><script>document.getElementById("status").textContent = "Player ready"</script>`;

test.describe("pages with players", () => {
  test("a video page with its player frame hydrates with no policy violation", async ({ page }) => {
    const violations = await recordViolations(page);
    // Chromium warns about any Permissions-Policy feature it does not know: the header lists none.
    const policyWarnings: string[] = [];
    page.on("console", (message) => message.text().includes("Permissions-Policy") && policyWarnings.push(message.text()));
    await page.route(/^https:\/\/www\.youtube\.com\/embed\//, (route) => route.fulfill({ contentType: "text/html", body: PLAYER_STUB }));
    // A demo video on YouTube, by title: other specs add videos of their own at the top of the list.
    const onYouTube = DEMO_VIDEOS.find((v) => v.videoUrl.startsWith("https://www.youtube.com/") && !v.status)!;
    await page.goto("/videos");
    const href = (await page.locator("main a[href^='/video/']").filter({ hasText: onYouTube.title }).first().getAttribute("href"))!;
    expect(href).toMatch(/^\/video\/[0-9a-f-]{36}$/);
    // The page counts its view once hydrated.
    const counted = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith(`/api${href.replace("/video/", "/videos/")}/view`) && r.status() === 200,
    );
    await page.goto(href);
    await counted;

    await page.getByRole("button", { name: `Play video: ${onYouTube.title}` }).click();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube\.com\/embed\/.*autoplay=1/);
    // PRODUCT.md "Security headers": held by frame-src, not by a sandbox the HTML checker refuses.
    await expect(frame).not.toHaveAttribute("sandbox");
    await expect(page.frameLocator("iframe").getByText("Player ready")).toBeVisible();
    // The Permissions-Policy lets the player host go full screen, never use the camera.
    const player = page.frames().find((f) => f.url().startsWith("https://www.youtube.com/"))!;
    expect(await player.evaluate(() => document.fullscreenEnabled)).toBe(true);
    expect(
      await page.evaluate(() =>
        (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature("camera"),
      ),
    ).toBe(false);
    expect(await violations()).toEqual([]);
    expect(policyWarnings).toEqual([]);
  });

  test("a podcast page hydrates, asks the audio host and shows its frame with no policy violation", async ({ page }) => {
    const violations = await recordViolations(page);
    await page.route(/^https:\/\/embeds\.audioboom\.com\//, (route) => route.fulfill({ contentType: "text/html", body: PLAYER_STUB }));
    const hosted = DEMO_PODCASTS.find((p) => p.audioUrl?.startsWith("https://audioboom.com/posts/") && !p.status)!;
    await page.goto("/podcasts");
    const href = await page.locator("main a[href^='/podcast/']").filter({ hasText: hosted.title }).first().getAttribute("href");
    // A fresh load of the podcast page; Play only works once it has hydrated.
    await page.goto(href!);
    const play = page.getByRole("button", { name: `Play ${hosted.title}` });
    await play.click();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", FRAME_SANDBOX);
    await expect(frame).toHaveCSS("opacity", "1");
    await expect(page.frameLocator("iframe").getByText("Player ready")).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

/** A page in its own context, collecting console errors instead of failing on them. */
async function pageAllowingErrors(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

test.describe("the page policy at work", () => {
  test("the inline theme script runs before the page's own JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    const violations = await recordViolations(page);
    // Hold the build's JavaScript: only the inline script can set the class.
    await page.route(/\/assets\/.+\.js$/, () => {});
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  test("an injected script without the nonce and a frame from an unknown host are refused", async ({ browser }) => {
    const { page, errors, close } = await pageAllowingErrors(browser);
    const violations = await recordViolations(page);
    await page.route("**/about", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</body>",
        `<script>window.injected = true</script><iframe src="https://evil.example/" title="injected"></iframe><img src="/favicon.svg" alt="" onload="window.injectedHandler = true"></body>`,
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/about");
    await expect
      .poll(violations)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^script-src-elem inline/),
          expect.stringMatching(/^frame-src https:\/\/evil\.example/),
          expect.stringMatching(/^script-src-attr inline/),
        ]),
      );
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { injectedHandler?: boolean }).injectedHandler)).toBeUndefined();
    expect(errors.some((text) => text.includes("Content Security Policy"))).toBe(true);
    await close();
  });
});
