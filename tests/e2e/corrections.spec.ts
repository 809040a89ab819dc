import { expect, test } from "./fixtures";
import { axeViolations, nuHtmlCheck } from "./page-checks";

/**
 * PRODUCT.md "Revisions", as readers see it: an admin corrects a published post with a correction note; its
 * page says it was updated and shows the dated correction after the content, and so does its feed entry.
 */
test("a correction of a published post shows on its page and in the feed", async ({ adminPage: page, browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const first = `Corrected post ${run}: Ironbark lifts output`;
  const second = `Corrected post ${run}: Ironbark keeps output flat`;
  const note = `The first headline said output rose (${run}).`;

  await page.goto("/admin/blogs/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(first);
  // A new item has nothing to correct.
  await expect(page.getByLabel("Correction note")).toHaveCount(0);
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.waitForURL(/\/admin\/blogs$/);
  const href = (await page.getByRole("link", { name: `Edit ${first}`, exact: true }).getAttribute("href"))!;
  const id = href.split("/").pop()!;

  await page.goto(href);
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(second);
  await page.getByLabel("Correction note").fill(note);
  await page.getByRole("button", { name: /Update/ }).click();
  await expect(page.getByText(/updated successfully/)).toBeVisible();

  await page.goto(`/blog/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
  const updates = page.getByRole("region", { name: "Updates" });
  await expect(updates).toContainText(/Updated [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  await expect(updates).toContainText(new RegExp(`Correction, [A-Z][a-z]+ \\d{1,2}, \\d{4}: ${note.replace(/[().]/g, "\\$&")}`));

  const feed = await (await request.get("/blog/rss.xml")).text();
  expect(feed).toContain(`: ${note}`);

  // The page with its updates is valid HTML, with no axe-core violations at a desktop's and a phone's width.
  const { errors } = await nuHtmlCheck([{ path: `/blog/${id}`, html: await (await request.get(`/blog/${id}`)).text() }]);
  expect(errors, "Nu Html Checker errors").toBe("");
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
    const reader = await context.newPage();
    await reader.goto(`/blog/${id}`);
    await reader.getByRole("region", { name: "Updates" }).scrollIntoViewIfNeeded();
    await reader.screenshot({ path: test.info().outputPath(`corrected-${width}.png`) });
    expect(await axeViolations(reader)).toEqual([]);
    await context.close();
  }
});
