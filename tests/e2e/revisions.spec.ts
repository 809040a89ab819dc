import { expect, test } from "./fixtures";

/**
 * PRODUCT.md "Revisions", as an admin uses it: two saves of a blog post, the revisions screen compares them
 * word by word, and restoring the first saves it again as a new revision. (newsroom.spec.ts restores a paid
 * piece, which goes to review.)
 */
test("an admin compares two saves of a post and restores the first", async ({ adminPage: page }) => {
  const run = Date.now().toString(36);
  await page.goto("/admin/blogs/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await title.fill(`Revisions ${run}: first words`);
  await page.getByRole("button", { name: /Save/ }).click();
  await page.waitForURL(/\/admin\/blogs$/);
  const href = (await page.getByRole("link", { name: `Edit Revisions ${run}: first words`, exact: true }).getAttribute("href"))!;

  await page.goto(href);
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await title.fill(`Revisions ${run}: second words`);
  await page.getByRole("button", { name: /Update/ }).click();
  await page.waitForURL(/\/admin\/blogs$/);

  await page.goto(href);
  await page.getByRole("link", { name: "Revisions", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${href}/revisions$`));
  // By default the newest revision against the one before it.
  const comparison = page.getByRole("region", { name: "Revision 1 → revision 2" });
  await expect(comparison.locator("del")).toContainText("first");
  await expect(comparison.locator("ins")).toContainText("second");
  await expect(comparison).toContainText("Unchanged: Description");

  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await expect(page.getByText("Revision restored: it is now the current text.")).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toContainText("Restored from revision 1.");
  await expect(page.getByText(`Revisions ${run}: first words`).first()).toBeVisible();
  // The choices follow the new pair: revision 2 against the restored 3.
  await expect(page.getByRole("region", { name: "Revision 2 → revision 3" })).toBeVisible();
  await expect(page.locator("#compare-from")).toHaveValue(
    (await page.locator("#compare-from option", { hasText: "Revision 2:" }).getAttribute("value"))!,
  );
  await expect(page.locator("#compare-to")).toHaveValue(
    (await page.locator("#compare-to option", { hasText: "Revision 3:" }).getAttribute("value"))!,
  );

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 1100 });
    await page.screenshot({ path: test.info().outputPath(`revisions-${width}.png`), fullPage: true });
  }
});
