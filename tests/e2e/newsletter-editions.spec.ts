import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

/**
 * Newsletter editions (PRODUCT.md "Newsletter editions"): an editor writes an edition with the rich-text
 * introduction and the week's proposed items, sees its preview, sends it, and finds it in the public
 * archive. The end-to-end server has no SMTP_URL, so the mails wait in the outbox and /admin/mail says so.
 */
test("an edition is written, previewed, sent and archived", async ({ adminPage: page, browser, baseURL }) => {
  const subject = `This week on MarketWire ${Date.now()}`;
  await page.goto("/admin/newsletter/new");
  await page.getByLabel("Subject").fill(subject);
  const intro = page.getByRole("textbox", { name: "Introduction", exact: true });
  await expect(intro).toHaveAttribute("contenteditable", "true");
  await intro.click();
  await page.keyboard.type("Markets were busy this week.");
  // The week's items are proposed and checked.
  const items = page.getByRole("group", { name: "Items" }).getByRole("checkbox");
  expect(await items.count()).toBeGreaterThan(0);
  const firstTitle = (await page.getByRole("group", { name: "Items" }).locator("label span.font-medium").first().textContent())!;
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  const preview = page.locator("div[class*='bg-white']").filter({ hasText: subject });
  await expect(preview.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(preview).toContainText("Markets were busy this week.");
  await expect(preview).toContainText(firstTitle);

  await page.getByText("Send now…").click();
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await expect(page.getByText(/^Sent \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  await page.goto("/admin/newsletter");
  await expect(page.getByRole("link", { name: subject })).toBeVisible();

  // The public archive, linked from the newsletter box, and the edition's web version.
  await page.goto("/");
  await page.getByRole("link", { name: "Read past editions" }).click();
  await expect(page).toHaveURL("/newsletter");
  await page.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("Markets were busy this week.")).toBeVisible();
  await expect(page.getByText("Unsubscribe")).toHaveCount(0);
  // axe is injected from outside the page's CSP (page-checks.ts), as a reader who is not signed in.
  const context = await browser.newContext({ bypassCSP: true, baseURL });
  const reader = await context.newPage();
  for (const path of ["/newsletter", new URL(page.url()).pathname]) {
    await reader.goto(path);
    expect(await axeViolations(reader), `axe on ${path}`).toEqual([]);
  }
  await context.close();

  // Without SMTP_URL the mails wait, and the outbox page says why.
  await page.goto("/admin/mail");
  await expect(page.getByRole("note")).toContainText("Mail is not configured: set SMTP_URL and MAIL_FROM");
});
