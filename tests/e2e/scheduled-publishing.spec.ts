import type { APIRequestContext, Page } from "@playwright/test";

import { cachedResponse, expect, test } from "./fixtures";

/**
 * PRODUCT.md "Scheduled publishing": a blog post published through the editor for a minute ahead is absent
 * from every public place until then and present in each afterwards, with nothing done in between. The
 * server runs with its page cache, so the pages cached just before the time prove that it expires then.
 */

// The editor's browser is 5 h 30 ahead of UTC: a time read in the wrong zone would be hours off.
test.use({ timezoneId: "Asia/Kolkata" });

/** How long after the time the page cache may take (its margin), plus the request's own time. */
const AFTER_THE_TIME_MS = 2_000;

/** The public places a blog post appears in; each mentions the post by its address. */
const PLACES = ["/blog", "/rss.xml", "/blog/rss.xml", "/sitemaps/blog-1.xml"] as const;
/** Of those, the pages the page cache keeps (the feeds and the sitemap are rendered for every request). */
const CACHED_PAGES = ["/blog"] as const;

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

/** The control's value for `time` in the browser's own zone, as an editor would type it. */
function localControlValue(page: Page, time: number) {
  return page.evaluate((ms) => {
    const date = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
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

test("a blog post scheduled a minute ahead is absent from every public place until then, and present after", async ({
  adminPage: page,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `Scheduled post ${Date.now().toString(36)}`;
  // The control holds whole minutes: the first one at least a minute away.
  const publishAt = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;

  await page.goto("/admin/blogs/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
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

  // Shortly before the time, the lists are in the page cache (fresh for 30 s more) without the post.
  expect(publishAt - Date.now(), "the time is still ahead").toBeGreaterThan(15_000);
  await sleepUntil(publishAt - 12_000);
  for (const path of [...CACHED_PAGES, searchPath]) {
    const cached = await cachedResponse(request, path);
    expect((await cached.text()).includes(postPath), path).toBe(false);
  }
  expect(Date.now(), "the pages were cached before the time").toBeLessThan(publishAt);

  // Just after it: present everywhere on the first request, the cached lists rendered again.
  await sleepUntil(publishAt + AFTER_THE_TIME_MS);
  for (const path of [...CACHED_PAGES, searchPath])
    expect(await visit(request, path, postPath), path).toEqual({ status: 200, cache: "MISS", shows: true });
  for (const path of PLACES) expect(await visit(request, path, postPath), path).toMatchObject({ status: 200, shows: true });
  expect((await visit(request, postPath, postPath)).status).toBe(200);

  await page.reload();
  await expect(row.getByText("published", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText("Scheduled", { exact: true })).toHaveCount(0);
});
