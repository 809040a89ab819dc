/**
 * PRODUCT.md "Measurement", in the browser: a reader presses an item's link in a newsletter. Our redirect
 * counts the press and lands them on the item's page tagged with the mail's utm_source, the page's counter
 * sends it, and the client's report counts the click and the view under 'Newsletter'. The redirect's rules (once per reader, bots, forged
 * links) are proven in app/server/counting/mail-clicks.server.test.ts; the mails' links in
 * app/server/newsletter/editions.server.test.ts.
 */
import type { Locator, Page } from "@playwright/test";

import { DEMO_COMPANIES } from "../../app/server/seed/catalogue/companies";
import { demoId } from "../../app/server/seed/catalogue/demo-ids";
import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { expect, test } from "./fixtures";

const INTERVIEW = DEMO_INTERVIEWS.find((interview) => interview.paidPromotion)!;
const INTERVIEW_ID = demoId("interview", INTERVIEW.slug);

const figure = async (cell: Locator) => Number((await cell.textContent())!.replace(/,/g, ""));

/**
 * What a company's client report gives: the views its Referrers table counts under 'Newsletter' (0 without a
 * row), and the newsletter clicks its Mail table gives the interview.
 */
async function reportFigures(page: Page, slug: string) {
  await page.goto(`/admin/companies/${slug}/report`);
  const referrer = page.getByRole("table", { name: "Referrers" }).getByRole("row", { name: /^Newsletter / });
  const mail = page
    .getByRole("table", { name: "Newsletter and alert mails carrying each item, and the presses of its link" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: INTERVIEW.title, exact: true }) });
  return {
    views: (await referrer.count()) === 0 ? 0 : await figure(referrer.getByRole("cell").nth(1)),
    clicks: await figure(mail.getByRole("cell").nth(1)),
  };
}

test("a newsletter's link counts a click and lands on the item tagged with the mail, whose view counts under 'Newsletter'", async ({
  browser,
  adminPage: report,
}) => {
  const company = DEMO_COMPANIES.find((candidate) => candidate.about.interview?.includes(INTERVIEW.slug))!;
  const before = await reportFigures(report, company.slug);
  // A reader of its own (a browser no other test uses), so its view is counted whatever ran before.
  const reader = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.${Date.now() % 100000}.0 Safari/537.36`,
  });
  try {
    const page = await reader.newPage();
    const viewed = page.waitForResponse((answer) => answer.url().includes("/view?") && answer.request().method() === "POST");
    await page.goto(`/go/newsletter/interviews/${INTERVIEW_ID}`);
    await expect(page).toHaveURL(`/interviews/${INTERVIEW_ID}?utm_source=newsletter&utm_medium=email`);
    await expect(page.getByRole("heading", { level: 1, name: INTERVIEW.title })).toBeVisible();
    const view = await viewed;
    expect([view.status(), new URL(view.url()).searchParams.get("src")]).toEqual([200, "newsletter"]);
    await expect.poll(() => reportFigures(report, company.slug)).toEqual({ views: before.views + 1, clicks: before.clicks + 1 });
  } finally {
    await reader.close();
  }
});
