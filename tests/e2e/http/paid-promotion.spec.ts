import type { APIRequestContext } from "@playwright/test";

import { expect, htmlOf, parseHtml, test, textOf, within } from "./request-test";

/**
 * A paid interview about a company (PRODUCT.md "Paid promotion"), as the server renders it: its page shows
 * the disclosure before the content, the company's chip and the investment notice at the end, and its
 * label travels with its cards. Its page's accessibility is checked in Chromium (../paid-promotion.spec.ts).
 * Feed entries are checked with a new paid item in company-tagging.spec.ts: a demo item can fall out of the
 * 50-item feeds once other specs add items.
 */
const TITLE = "Ironbark Gold's CEO: Why We Are Not Chasing Ounces";
const UNPAID_TITLE = "A Fund Manager's View on Small-Cap Value";

/** The card (nearest list item or article) around the first link named `title` on a rendered page. */
function cardOf(html: string, title: string) {
  const link = parseHtml(html).screen.getAllByRole("link", { name: title })[0]!;
  const card = link.closest("article, li");
  expect(card, `the card of "${title}"`).toBeTruthy();
  return card!;
}

/** An interview's page, found by its catalogue title on /interviews. */
async function interviewPath(request: APIRequestContext, title: string) {
  const href = cardOf(await (await request.get("/interviews")).text(), title)
    .querySelector("a[href^='/interviews/']")
    ?.getAttribute("href");
  expect(href, `"${title}" on /interviews`).toMatch(/^\/interviews\/[0-9a-f-]{36}$/);
  return href!;
}

test("the paid interview discloses its sponsor before the content, links its company and ends with the notice", async ({ request }) => {
  const { document, screen } = await htmlOf(await request.get(await interviewPath(request, TITLE)));
  expect(screen.getByRole("heading", { level: 1, name: TITLE })).toBeTruthy();

  const disclosure = screen.getByRole("region", { name: "Paid promotion" });
  expect(within(disclosure).getByRole("heading", { name: "Paid promotion" })).toBeTruthy();
  // Written from the sponsorship's fields (PRODUCT.md "Paid promotion"): who paid, how much, for what.
  expect(textOf(disclosure)).toContain("MarketWire received A$5,000 in cash from Ironbark Gold (ASX:IBG) for this interview.");
  expect(textOf(disclosure)).toContain("Sponsored interview with the chief executive.");
  expect(textOf(disclosure)).toMatch(/Agreement dated \d{1,2} \w+ \d{4}\./);

  const chip = within(screen.getByRole("list", { name: "Companies" })).getByRole("link", { name: "Ironbark Gold ASX:IBG" });
  expect(chip.getAttribute("href")).toBe("/companies/ironbark-gold");

  // Before the player and the text, and the notice after the content.
  const article = document.querySelector("article")!;
  const disclosureBox = article.querySelector('[aria-labelledby="paid-promotion"]')!;
  const player = [...article.querySelectorAll("button, a")].find((control) => control.textContent?.startsWith("Play video:"))!;
  const content = article.querySelector(".prose-content")!;
  const notice = article.querySelector('[role="note"]')!;
  const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & 4); // Node.DOCUMENT_POSITION_FOLLOWING
  expect({
    beforePlayer: follows(disclosureBox, player),
    beforeContent: follows(disclosureBox, content),
    noticeLast: follows(content, notice),
  }).toEqual({ beforePlayer: true, beforeContent: true, noticeLast: true });
  expect(textOf(screen.getByRole("note", { name: "Investment notice" }))).toContain("not investment advice");
});

test("the label travels with the paid interview: its card on /interviews, the company's coverage and search", async ({ request }) => {
  const interviews = await (await request.get("/interviews")).text();
  expect(textOf(cardOf(interviews, TITLE))).toContain("Paid promotion");
  // An unpaid interview's card carries no label.
  expect(textOf(cardOf(interviews, UNPAID_TITLE))).not.toContain("Paid promotion");

  const company = await (await request.get("/companies/ironbark-gold")).text();
  expect(textOf(cardOf(company, TITLE))).toContain("Paid promotion");
  // The company's disclosure register names the piece, who paid and how much (PRODUCT.md "Company pages").
  const register = parseHtml(company).screen.getByRole("list", { name: "Paid promotion about Ironbark Gold" });
  expect(within(register).getByRole("link", { name: TITLE })).toBeTruthy();
  expect(textOf(register)).toContain("Paid by Ironbark Gold (ASX:IBG)");
  expect(textOf(register)).toContain("Paid A$5,000 in cash");

  const search = await (await request.get(`/search?q=${encodeURIComponent("Not Chasing Ounces")}`)).text();
  expect(textOf(cardOf(search, TITLE))).toContain("Paid promotion");
});
