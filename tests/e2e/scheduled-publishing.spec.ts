import type { APIRequestContext, Page } from "@playwright/test";

import { cachedResponse, expect, test } from "./fixtures";

/**
 * PRODUCT.md "Scheduled publishing": a blog post published through the editor for a time a few seconds ahead
 * is absent from every public place until then and present in each afterwards, with nothing done in between.
 * The server runs with its page cache, so the pages cached just before the time prove that it expires then.
 */

// The editor's browser is 5 h 30 ahead of UTC: a time read in the wrong zone would be hours off.
test.use({ timezoneId: "Asia/Kolkata" });

/**
 * How far ahead the post is scheduled: room for the save and the dozen requests that must come before the
 * time (they took 3.5–4 s on 2 cores shared with four other test runs), without waiting for a whole minute.
 */
const AHEAD_MS = 10_000;

/** How long after the time the page cache may take (its margin, PUBLICATION_MARGIN_MS), plus a request's own time. */
const AFTER_THE_TIME_MS = 2_000;

/** How often the public list is asked while waiting for the time. */
const POLL_MS = 100;

/** The public places a blog post appears in; each mentions the post by its address. */
const PLACES = ["/blog", "/rss.xml", "/blog/rss.xml", "/sitemaps/blog-1.xml"] as const;
/** Of those, the page the page cache keeps (the feeds and the sitemap are rendered for every request). */
const CACHED_LIST = "/blog";

/**
 * The control's value for `time` in the browser's own zone. An editor's control shows whole minutes, but the
 * browser sends the instant (publish-time.ts reads seconds too) and the database keeps it whole: seconds
 * let the test schedule a few seconds ahead instead of waiting for the next minute.
 */
function localControlValue(page: Page, time: number) {
  return page.evaluate((ms) => {
    const date = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, "0");
    const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }, time);
}

/** The admin list's 'Nov 24, 2026, 04:40 UTC'. */
function listTime(time: number) {
  const format = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  return `${format.format(new Date(time))} UTC`;
}

/** What an anonymous visitor gets at `path`: the status, the page cache's answer, and whether the post is in it. */
async function visit(request: APIRequestContext, path: string, postPath: string) {
  const response = await request.get(path);
  return { status: response.status(), cache: response.headers()["x-cache"], shows: (await response.text()).includes(postPath) };
}

test("a blog post scheduled seconds ahead is absent from every public place until then, and present after", async ({
  adminPage: page,
  request,
}) => {
  const title = `Scheduled post ${Date.now().toString(36)}`;
  await page.goto("/admin/blogs/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  // A whole second, as the control writes it.
  const publishAt = Math.ceil((Date.now() + AHEAD_MS) / 1_000) * 1_000;
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Publish at").fill(await localControlValue(page, publishAt));
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blogs$/);
  await expect(page.getByText("Blog post published successfully")).toBeVisible();

  // The admin list: 'Scheduled' with its time (in UTC, like the list's other dates).
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Scheduled", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText(listTime(publishAt)).filter({ visible: true })).toBeVisible();
  const href = await row.getByRole("link", { name: `Edit ${title}`, exact: true }).getAttribute("href");
  const id = href!.split("/").pop()!;
  const postPath = `/blog/${id}`;
  const searchPath = `/search?q=${encodeURIComponent(title)}`;

  // Before the time: absent everywhere, and the post's own page is not found.
  for (const path of [...PLACES, searchPath]) expect(await visit(request, path, postPath), path).toMatchObject({ shows: false });
  expect((await visit(request, postPath, postPath)).status).toBe(404);

  // Before the time, the lists are in the page cache (fresh for 30 s, longer than AHEAD_MS) without the post.
  for (const path of [CACHED_LIST, searchPath]) {
    const cached = await cachedResponse(request, path);
    expect((await cached.text()).includes(postPath), path).toBe(false);
  }
  expect(Date.now(), "the pages were cached before the time (a slower runner needs a larger AHEAD_MS)").toBeLessThan(publishAt);

  // Then nothing but asking: the cached list answers without the post until the time, and the first answer
  // asked for after it (and the cache's margin) is rendered again and shows the post.
  for (;;) {
    const askedAt = Date.now();
    const blog = await visit(request, CACHED_LIST, postPath);
    if (blog.shows) {
      expect(askedAt, "the post shows only once its time has come").toBeGreaterThanOrEqual(publishAt);
      expect(blog).toEqual({ status: 200, cache: "MISS", shows: true });
      break;
    }
    expect(askedAt, `${CACHED_LIST} still lacks the post after its time`).toBeLessThan(publishAt + AFTER_THE_TIME_MS);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  // Past the time, present everywhere on the first request, the cached search rendered again too.
  expect(await visit(request, searchPath, postPath), searchPath).toEqual({ status: 200, cache: "MISS", shows: true });
  for (const path of PLACES) expect(await visit(request, path, postPath), path).toMatchObject({ status: 200, shows: true });
  expect((await visit(request, postPath, postPath)).status).toBe(200);

  await page.reload();
  await expect(row.getByText("published", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText("Scheduled", { exact: true })).toHaveCount(0);
});
