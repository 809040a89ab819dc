import type { Page } from "@playwright/test";

import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { DEMO_SPECIAL_FEATURES } from "../../app/server/seed/catalogue/special-features";
import { expect, test } from "./fixtures";

/**
 * Interviews and special features have pages of their own (PRODUCT.md "Discovery"), reached from the
 * titles on their list pages, which keep an anchor per item. Runs on the seeded demo content.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** A demo item's card on its list page (other specs add items of their own): its anchor id, its title, and the link its title is. */
async function demoCard(page: Page, listPath: string, demoTitle: string) {
  await page.goto(listPath);
  const card = page.locator("main article").filter({ has: page.getByRole("heading", { level: 2, name: demoTitle, exact: true }) });
  const id = await card.getAttribute("id");
  expect(id).toMatch(new RegExp(`^${UUID}$`));
  const heading = card.getByRole("heading", { level: 2 });
  const title = (await heading.innerText()).trim();
  return { id: id!, title, link: heading.getByRole("link", { name: title, exact: true }) };
}

test("an interview's title on /interviews leads to its page, with its player and other interviews", async ({ page, request }) => {
  const { id, title, link } = await demoCard(page, "/interviews", DEMO_INTERVIEWS.find((interview) => interview.videoUrl)!.title);
  await expect(link).toHaveAttribute("href", `/interviews/${id}`);
  // Keyboard users see where they are.
  await link.focus();
  await expect(link).toBeFocused();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/interviews/${id}$`));
  await expect(page).toHaveTitle(`${title} | MarketWire`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const article = page.getByRole("article");
  // PRODUCT.md "Video": the host's player waits behind a Play button.
  await expect(article.getByRole("button", { name: `Play video: ${title}` })).toBeVisible();
  await expect(article.locator(".prose-content")).not.toBeEmpty();
  await expect(article).toContainText(/views?/);

  const more = page.getByRole("complementary", { name: "More Interviews" });
  const others = more.getByRole("link");
  const count = await others.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(3);
  await expect(more).not.toContainText(title);
  for (const href of await others.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(new RegExp(`^/interviews/${UUID}$`));
  }

  const response = await request.get(`/interviews/${id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");

  await page.getByRole("link", { name: "Back to Interviews" }).click();
  await expect(page).toHaveURL(/\/interviews$/);
  await expect(page.getByRole("heading", { level: 1, name: "Interviews" })).toBeVisible();
});

test("a special feature's title on /special-features leads to its page, with its picture, video and other features", async ({
  page,
  request,
}) => {
  const { id, title, link } = await demoCard(page, "/special-features", DEMO_SPECIAL_FEATURES.find((feature) => feature.videoUrl)!.title);
  await expect(link).toHaveAttribute("href", `/special-features/${id}`);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/special-features/${id}$`));
  await expect(page).toHaveTitle(`${title} | MarketWire`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const article = page.getByRole("article");
  await expect(article.getByTestId("feature-type")).toBeVisible();
  await expect(article).toContainText(/\d+ min read/);
  const picture = article.getByRole("img", { name: title, exact: true });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(article.locator(".prose-content")).not.toBeEmpty();
  await expect(article.getByRole("button", { name: `Play video: ${title}` })).toBeVisible();

  const more = page.getByRole("complementary", { name: "More Features" });
  const count = await more.getByRole("link").count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(3);
  await expect(more).not.toContainText(title);

  const response = await request.get(`/special-features/${id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");

  await page.getByRole("link", { name: "Back to Special Features" }).click();
  await expect(page).toHaveURL(/\/special-features$/);
});

test("an unknown or malformed interview answers 404 with a way to every interview", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-interview"]) {
    const response = await page.goto(`/interviews/${id}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page).toHaveTitle("Interview Not Found | MarketWire");
    await expect(page.getByRole("heading", { level: 1, name: "Interview Not Found" })).toBeVisible();
    await expect(page.getByText("The interview you're looking for doesn't exist or may have been removed.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Browse All Interviews" }).click();
  await expect(page).toHaveURL(/\/interviews$/);
});

test("an unknown or malformed special feature answers 404 with a way to every feature", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-feature"]) {
    const response = await page.goto(`/special-features/${id}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page).toHaveTitle("Feature Not Found | MarketWire");
    await expect(page.getByRole("heading", { level: 1, name: "Feature Not Found" })).toBeVisible();
    await expect(page.getByText("The feature you're looking for doesn't exist or may have been removed.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Browse All Features" }).click();
  await expect(page).toHaveURL(/\/special-features$/);
});
