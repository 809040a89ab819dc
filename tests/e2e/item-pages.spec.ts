import type { Page } from "@playwright/test";

import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { DEMO_SPECIAL_FEATURES } from "../../app/server/seed/catalogue/special-features";
import { expect, test } from "./fixtures";

/**
 * Interviews and special features have pages of their own (PRODUCT.md "Discovery"), reached from the
 * titles on their list pages: the clicks there and back, by client navigation, and the hydrated page's
 * Play button, in Chromium. What the server renders on the lists and pages is checked without a browser
 * in http/item-pages.spec.ts.
 */

/** A demo item's title link on its list page (other specs add items of their own), and the item's anchor id. */
async function demoCard(page: Page, listPath: string, demoTitle: string) {
  await page.goto(listPath);
  const card = page.locator("main article").filter({ has: page.getByRole("heading", { level: 2, name: demoTitle, exact: true }) });
  const id = (await card.getAttribute("id"))!;
  return { id, link: card.getByRole("heading", { level: 2 }).getByRole("link", { name: demoTitle, exact: true }) };
}

test("an interview's title on /interviews leads to its page with its Play button, and Back to Interviews returns", async ({ page }) => {
  const title = DEMO_INTERVIEWS.find((interview) => interview.videoUrl)!.title;
  const { id, link } = await demoCard(page, "/interviews", title);
  // Keyboard users see where they are.
  await link.focus();
  await expect(link).toBeFocused();
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/interviews/${id}$`));
  await expect(page).toHaveTitle(`${title} | MarketWire`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // PRODUCT.md "Video": the host's player waits behind a Play button (before hydration, a link to the host).
  await expect(page.getByRole("article").getByRole("button", { name: `Play video: ${title}` })).toBeVisible();

  await page.getByRole("link", { name: "Back to Interviews" }).click();
  await expect(page).toHaveURL(/\/interviews$/);
  await expect(page.getByRole("heading", { level: 1, name: "Interviews" })).toBeVisible();
});

test("a special feature's title on /special-features leads to its page with its Play button, and Back to Special Features returns", async ({
  page,
}) => {
  const title = DEMO_SPECIAL_FEATURES.find((feature) => feature.videoUrl)!.title;
  const { id, link } = await demoCard(page, "/special-features", title);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/special-features/${id}$`));
  await expect(page).toHaveTitle(`${title} | MarketWire`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("article").getByRole("button", { name: `Play video: ${title}` })).toBeVisible();

  await page.getByRole("link", { name: "Back to Special Features" }).click();
  await expect(page).toHaveURL(/\/special-features$/);
});
