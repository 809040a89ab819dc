import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

/**
 * The page of a paid interview about a company (PRODUCT.md "Paid promotion"), with its disclosure, chip and
 * notice, passes axe-core in Chromium in both themes. What the server renders for it is checked without a
 * browser in http/paid-promotion.spec.ts; that an interview about no company shows no chips, disclosure or
 * notice is app/routes/interviews.$id.test.tsx's.
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
