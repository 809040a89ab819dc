import { expect, test } from "./fixtures";

/**
 * The sector filter of /companies by client navigation in Chromium (PRODUCT.md "Company pages"). The
 * company pages as the server renders them, the filter's links without JavaScript included, are checked
 * without a browser in http/company-pages.spec.ts.
 */

test("/companies filters by sector by client navigation once JavaScript has loaded", async ({ page }) => {
  // Scripts loaded: the click below is the client's navigation.
  await page.goto("/companies", { waitUntil: "networkidle" });
  const companies = page.getByRole("list", { name: "Companies" });
  await expect(companies.getByRole("link", { name: "Ironbark Gold", exact: true })).toBeVisible();
  await expect(companies.getByRole("link", { name: "Helios Semiconductor", exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Sectors" }).getByRole("link", { name: "Mining", exact: true }).click();
  await expect(page).toHaveURL(/\/companies\?sector=mining$/);
  await expect(page.getByRole("link", { name: "Mining", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(companies.getByRole("link", { name: "Ironbark Gold", exact: true })).toBeVisible();
  await expect(companies.getByRole("link", { name: "Helios Semiconductor", exact: true })).toHaveCount(0);
});
