import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * Search journeys (issue 6) on the seeded demo content. Queries are taken from the data at run time
 * (the first video's title), so the tests do not depend on the catalogue's wording.
 */

const results = (page: Page) => page.getByRole("list", { name: "Search results" });
const resultLinks = (page: Page) => results(page).getByRole("article").getByRole("heading").getByRole("link");
const resultCount = (page: Page) => page.getByTestId("result-count");

/** The first video's title on /videos, and a distinctive word from it. */
async function demoVideo(page: Page) {
  await page.goto("/videos");
  const title = (await page.getByRole("article").first().getByRole("heading").first().innerText()).trim();
  const word = title
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length >= 4)
    .sort((a, b) => b.length - a.length)[0];
  expect(word, `a word of 4+ letters in "${title}"`).toBeTruthy();
  return { title, word: word!.toLowerCase() };
}

test("a word from the demo content finds it; a type filter narrows the results and resets the page", async ({ page }) => {
  const { title, word } = await demoVideo(page);
  const response = await page.goto(`/search?q=${encodeURIComponent(word)}&page=1`);
  // Like the other public pages, a CDN may keep it for a minute.
  expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  await expect(page).toHaveTitle("Search | MarketWire");
  await expect(page.getByLabel("Search for")).toHaveValue(word);
  await expect(resultCount(page)).toContainText(`for "${word}"`);
  await expect(resultLinks(page).filter({ hasText: title }).first()).toBeVisible();

  await page.getByRole("checkbox", { name: "Videos" }).check();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&types=video$`));
  await expect(page.getByRole("checkbox", { name: "Videos" })).toBeChecked();
  const badges = results(page).getByTestId("result-type");
  await expect(badges.first()).toBeVisible();
  expect(new Set(await badges.allInnerTexts())).toEqual(new Set(["Video"]));

  // A second type joins the first, comma-separated; unticking both goes back to every type.
  await page.getByRole("checkbox", { name: "Podcasts" }).check();
  await expect(page).toHaveURL(new RegExp(`types=video,podcast$`));
  await page.getByRole("checkbox", { name: "Videos" }).uncheck();
  await page.getByRole("checkbox", { name: "Podcasts" }).uncheck();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
});

test("the pager moves to page 2, keeps the filters, and the back button returns", async ({ page }) => {
  // An empty query lists every published item: the demo catalogue has more than 12.
  await page.goto("/search");
  await expect(resultLinks(page)).toHaveCount(12);
  const firstOnPage1 = await resultLinks(page).first().innerText();

  await page.getByRole("navigation", { name: "Search results pages" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/search\?page=2$/);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(resultLinks(page).first()).not.toHaveText(firstOnPage1);

  await page.goBack();
  await expect(page).toHaveURL(/\/search$/);
  await expect(resultLinks(page).first()).toHaveText(firstOnPage1);

  // Changing a filter on page 2 starts again at page 1.
  await page.goForward();
  await expect(page).toHaveURL(/page=2$/);
  await page.getByRole("checkbox", { name: "Videos" }).check();
  await expect(page).toHaveURL(/\/search\?types=video$/);
  await expect(page.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
});

test("a query that matches nothing says so", async ({ page }) => {
  await page.goto("/search");
  await page.getByLabel("Search for").fill("zzqx nothing like this 42");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=zzqx%20nothing%20like%20this%2042$/);
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
  await expect(page.getByText("Try adjusting your search terms or filters")).toBeVisible();
  await expect(resultCount(page)).toHaveText('0 results for "zzqx nothing like this 42"');
});

test("a result link lands on its page", async ({ page }) => {
  const { title } = await demoVideo(page);
  await page.goto(`/search?q=${encodeURIComponent(title)}&types=video`);
  await resultLinks(page).filter({ hasText: title }).first().click();
  await expect(page).toHaveURL(/\/video\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("an interview result lands on its own page", async ({ page }) => {
  await page.goto("/search?types=interview");
  const link = resultLinks(page).first();
  const name = await link.innerText();
  await link.click();
  await expect(page).toHaveURL(/\/interviews\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("the page works before JavaScript: a GET form with checkboxes", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/search?q=market&page=3");
  await page.getByRole("checkbox", { name: "Podcasts" }).check();
  await page.getByRole("checkbox", { name: "Blogs" }).check();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // The browser's own form submission: repeated `types`, no page (so page 1).
  await expect(page).toHaveURL(/\/search\?q=market&types=podcast&types=blog$/);
  await expect(page.getByRole("checkbox", { name: "Podcasts" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Blogs" })).toBeChecked();
  await context.close();
});

test("a company's ticker shows the company first and the items naming it, the paid interview among them", async ({ page }) => {
  await page.goto("/search?q=IBG");
  const companies = page.getByRole("region", { name: "Companies" });
  const first = companies.getByRole("link").first();
  await expect(first).toHaveAccessibleName(/^Ironbark Gold ASX:IBG\b/);
  await expect(first).toHaveAttribute("href", "/companies/ironbark-gold");
  // The interview names Ironbark Gold but never writes its ticker.
  await expect(resultLinks(page).filter({ hasText: "Ironbark Gold's CEO: Why We Are Not Chasing Ounces" })).toHaveCount(1);
  await expect(resultCount(page)).toContainText('for "IBG"');

  const total = await resultCount(page).innerText();

  // The lower-case ticker finds the same; page 2 has no companies block.
  await page.goto("/search?q=ibg");
  await expect(resultCount(page)).toHaveText(total.replace('"IBG"', '"ibg"'));
  await expect(page.getByRole("region", { name: "Companies" }).getByRole("link").first()).toHaveAttribute(
    "href",
    "/companies/ironbark-gold",
  );
  await page.goto("/search?q=ibg&page=2");
  await expect(page.getByRole("region", { name: "Companies" })).toHaveCount(0);
});
