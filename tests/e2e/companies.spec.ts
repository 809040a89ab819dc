import { expect, test } from "./fixtures";

/**
 * Issue 16, first slice (PRODUCT.md "Companies"): an editor adds a company, finds it by ticker, edits it,
 * is refused a repeated ticker on the same exchange, and deletes it after confirming.
 */
const run = Date.now().toString(36).toUpperCase();
const name = `Kestrel Minerals ${run}`;
const ticker = `K${run.slice(-5)}`;

test("an editor creates, finds, edits and deletes a company", async ({ adminPage: page }) => {
  await page.goto("/admin/companies/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Ticker").fill(ticker.toLowerCase());
  await page.getByLabel("Exchange").selectOption("ASX");
  await page.getByLabel("Sector").selectOption({ label: "Mining" });
  await page.getByLabel("This company is a client").check();
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByText("Company created successfully")).toBeVisible();

  // Found by its ticker, stored in capitals, with its exchange and the client badge.
  await page.getByRole("searchbox").fill(ticker.toLowerCase());
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(`ASX:${ticker}`);
  await expect(row).toContainText("Client");

  // A second company with the same ticker on the same exchange is refused beside the field.
  await page.goto("/admin/companies/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Name").fill(`${name} copy`);
  await page.getByLabel("Ticker").fill(ticker);
  await page.getByLabel("Exchange").selectOption("ASX");
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByText("Another company already has this ticker on this exchange")).toBeVisible();

  await page.goto(`/admin/companies?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Company" })).toBeVisible();
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByLabel("Description").fill("A gold explorer in Western Australia.");
  await page.getByRole("button", { name: "Update Company" }).click();
  await expect(page.getByText("Company updated successfully")).toBeVisible();

  await page.goto(`/admin/companies?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Company deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});
