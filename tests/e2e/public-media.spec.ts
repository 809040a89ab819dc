import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Waits for the view the page posts after hydration and returns the count it answered. */
async function nextCountedView(page: Page) {
  const response = await page.waitForResponse((r) => /\/api\/videos\/[^/]+\/view$/.test(r.url()) && r.request().method() === "POST");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { views: number }).views;
}

const viewCount = (page: Page) => page.getByTestId("video-views");

test.describe("videos", () => {
  test("home → a video counts exactly one view per load, then a related video", async ({ page }) => {
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
    expect(await recounted).toBe(firstCount + 1);
    await expect(viewCount(page)).toHaveAttribute("data-views", String(firstCount + 1));

    const related = page.getByRole("complementary", { name: "Related Videos" }).locator("a[href^='/video/']").first();
    const relatedHref = await related.getAttribute("href");
    expect(relatedHref).not.toBe(href);
    const relatedCounted = nextCountedView(page);
    await related.click();
    await expect(page).toHaveURL(relatedHref!);
    const relatedViews = await relatedCounted;
    await expect(viewCount(page)).toHaveAttribute("data-views", String(relatedViews));
  });

  test("the server render alone (crawlers, prefetches) never counts a view", async ({ page, request }) => {
    await page.goto("/videos");
    const href = (await page.locator("main a[href^='/video/']").first().getAttribute("href"))!;
    const first = nextCountedView(page);
    await page.goto(href);
    const before = await first;

    for (let i = 0; i < 3; i++) {
      const html = await request.get(href);
      expect(html.status()).toBe(200);
      expect(html.headers()["cache-control"]).toContain("s-maxage=60");
    }
    expect((await request.get(`/api${href.replace("/video/", "/videos/")}/view`)).status()).toBe(405);

    const again = nextCountedView(page);
    await page.reload();
    expect(await again).toBe(before + 1);
  });

  test("/videos pages: garbage is page 1, past the end is the empty state", async ({ page }) => {
    await page.goto("/videos?page=abc");
    await expect(page.getByRole("heading", { name: "Videos", level: 1 })).toBeVisible();
    await expect(page.getByText(/^Showing 1–\d+ of \d+ videos$/)).toBeVisible();

    const response = await page.goto("/videos?page=9999");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "No Videos Found" })).toBeVisible();
    await expect(page.getByText("There are no videos available at the moment.")).toBeVisible();
  });

  test("an unknown video is a 404 'Video Not Found' with ways home", async ({ page }) => {
    const response = await page.goto("/video/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Video Not Found" })).toBeVisible();
    await expect(page.getByText("The video you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("podcasts", () => {
  test("home → a podcast → back to all podcasts", async ({ page }) => {
    await page.goto("/");
    const podcasts = page.getByRole("region", { name: "Podcasts" });
    await expect(podcasts.getByRole("link", { name: "Spotify" })).toHaveAttribute("href", "https://open.spotify.com/");
    const episode = podcasts.locator("a[href^='/podcast/']").first();
    const title = (await episode.textContent())!.trim();
    await episode.click();
    await expect(page).toHaveURL(/\/podcast\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | MarketWire`);
    await expect(page.getByRole("heading", { name: "More Episodes" })).toBeVisible();
    await expect(page.getByTestId("podcast-listens")).toHaveText(/listens$/);
    await page.getByRole("link", { name: "Back to Podcasts" }).click();
    await expect(page).toHaveURL("/podcasts");
    await expect(page.getByRole("heading", { name: "Podcasts", level: 1 })).toBeVisible();
  });

  test("an unknown podcast is a 404 'Podcast Not Found' linking to all podcasts", async ({ page }) => {
    const response = await page.goto("/podcast/not-a-podcast");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Podcast Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Browse All Podcasts" }).click();
    await expect(page).toHaveURL("/podcasts");
  });
});

test.describe("newsletter", () => {
  test("a subscription is stored and confirmed; subscribing again is still a success", async ({ page, request }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto("/");
    const box = page.locator("#newsletter");
    await box.getByLabel("Email address").fill(`  ${email.toUpperCase()} `);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText(/^Thanks for subscribing!/)).toBeVisible();
    await expect(box.getByLabel("Email address")).toHaveValue("");

    // Stored, lower-cased: the same address again is recognised as already subscribed.
    const again = await request.post("/resources/newsletter", { form: { email } });
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ ok: true, email, created: false });

    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText(/^Thanks for subscribing!/)).toBeVisible();
  });

  test("a bad address is refused with a message under the field", async ({ page, request }) => {
    await page.goto("/");
    const box = page.locator("#newsletter");
    const field = box.getByLabel("Email address");
    await field.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    const refused = await request.post("/resources/newsletter", { form: { email: "not-an-email" } });
    expect(refused.status()).toBe(400);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home, a video and the newsletter box work from the server render", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Most Watched" })).toBeVisible();
    const box = page.locator("#newsletter");
    await box.getByLabel("Email address").fill(`nojs-${Date.now()}@example.com`);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    await expect(page.locator("#newsletter").getByText(/^Thanks for subscribing!/)).toBeVisible();

    await page.goto("/videos");
    await page.locator("main a[href^='/video/']").first().click();
    await expect(page.getByRole("heading", { name: "Related Videos" })).toBeVisible();
  });
});
