import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

/**
 * A paid interview about a company (PRODUCT.md "Paid promotion"): its page shows the disclosure before the
 * content, the company's chip and the investment notice at the end. Feed entries are checked with a new paid
 * item in company-tagging.spec.ts: a demo item can fall out of the 50-item feeds once other specs add items.
 */
const TITLE = "Ironbark Gold's CEO: Why We Are Not Chasing Ounces";
/** An interview's page, found by its catalogue title on /interviews. */
async function interviewPath(request: APIRequestContext, title = TITLE) {
  const html = await (await request.get("/interviews")).text();
  const at = html.indexOf(title.replace(/'/g, "&#x27;"));
  expect(at, `"${title}" on /interviews`).toBeGreaterThan(-1);
  // Each card links its title to the interview's page just before it.
  const link = [...html.slice(0, at).matchAll(/href="(\/interviews\/[0-9a-f-]{36})"/g)].at(-1);
  return link![1]!;
}

test("the paid interview discloses its sponsor before the content, links its company and ends with the notice", async ({
  page,
  request,
}) => {
  const path = await interviewPath(request);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();

  const disclosure = page.getByRole("region", { name: "Paid promotion" });
  await expect(disclosure.getByRole("heading", { name: "Paid promotion" })).toBeVisible();
  // Written from the sponsorship's fields (PRODUCT.md "Paid promotion"): who paid, how much, for what.
  await expect(disclosure).toContainText("MarketWire received A$5,000 in cash from Ironbark Gold (ASX:IBG) for this interview.");
  await expect(disclosure).toContainText("Sponsored interview with the chief executive.");
  await expect(disclosure).toContainText(/Agreement dated \d{1,2} \w+ \d{4}\./);

  const chip = page.getByRole("list", { name: "Companies" }).getByRole("link", { name: "Ironbark Gold ASX:IBG" });
  await expect(chip).toHaveAttribute("href", "/companies/ironbark-gold");

  // Before the player and the text, and the notice after the content.
  const order = await page.evaluate(() => {
    const article = document.querySelector("article")!;
    const disclosureBox = article.querySelector('[aria-labelledby="paid-promotion"]')!;
    const player = [...article.querySelectorAll("button, a")].find((control) => control.textContent?.startsWith("Play video:"))!;
    const content = article.querySelector(".prose-content")!;
    const notice = article.querySelector('[role="note"]')!;
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    return {
      beforePlayer: follows(disclosureBox, player),
      beforeContent: follows(disclosureBox, content),
      noticeLast: follows(content, notice),
    };
  });
  expect(order).toEqual({ beforePlayer: true, beforeContent: true, noticeLast: true });
  await expect(page.getByRole("note", { name: "Investment notice" })).toContainText("not investment advice");

  await chip.click();
  await expect(page).toHaveURL(/\/companies\/ironbark-gold$/);
});

test("an interview about no company shows no chips, disclosure or notice", async ({ page, request }) => {
  // A demo interview that names no company.
  const title = "A Fund Manager's View on Small-Cap Value";
  await page.goto(await interviewPath(request, title));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("region", { name: "Paid promotion" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Companies" })).toHaveCount(0);
  await expect(page.getByRole("note", { name: "Investment notice" })).toHaveCount(0);
});

for (const [theme, width] of [
  ["light", 1280],
  ["dark", 375],
] as const) {
  test(`the paid interview's page has no axe-core violations (${theme} theme, ${width} px)`, async ({ browser, request, baseURL }) => {
    const path = await interviewPath(request);
    const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
    const chosen = await context.request.post("/resources/theme", { form: { theme }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(chosen.status()).toBeLessThan(400);
    const page = await context.newPage();
    await page.goto(path);
    const violations = await axeViolations(page);
    await context.close();
    expect(violations).toEqual([]);
  });
}

test("the label travels with the paid interview: its card on /interviews, the company's coverage and search", async ({ page }) => {
  // The card whose title link names the interview, and the nearest list item or article around it.
  const cardOf = (title: string) =>
    page.getByRole("link", { name: title, exact: true }).first().locator("xpath=ancestor::*[self::article or self::li][1]");

  await page.goto("/interviews");
  await expect(cardOf(TITLE)).toContainText("Paid promotion");
  // An unpaid interview's card carries no label.
  await expect(cardOf("A Fund Manager's View on Small-Cap Value")).not.toContainText("Paid promotion");

  await page.goto("/companies/ironbark-gold");
  await expect(cardOf(TITLE)).toContainText("Paid promotion");
  // The company's disclosure register names the piece, who paid and how much (PRODUCT.md "Company pages").
  const register = page.getByRole("list", { name: "Paid promotion about Ironbark Gold" });
  await expect(register.getByRole("link", { name: TITLE })).toBeVisible();
  await expect(register).toContainText("Paid by Ironbark Gold (ASX:IBG)");
  await expect(register).toContainText("Paid A$5,000 in cash");

  await page.goto(`/search?q=${encodeURIComponent("Not Chasing Ounces")}`);
  await expect(cardOf(TITLE)).toContainText("Paid promotion");
});
