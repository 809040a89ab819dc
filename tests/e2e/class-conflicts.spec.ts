import type { APIRequestContext, Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

import { test as browserTest } from "./fixtures";
import { expect, parseHtml, test } from "./http/request-test";

/**
 * `cn()` joins classes without settling clashes (PRODUCT.md "Speed": tailwind-merge cost every page 8 KB),
 * so no element may carry two classes that set the same thing (`h-9 h-10`, `text-left text-right`): which
 * one wins would depend on the stylesheet's order. tailwind-merge, kept for this test only, names the
 * clashes: every page, menu and dialog is read as a reader and an admin see it.
 *
 * Every page is read from the HTML the server sends (no browser). The browser reads only what scripts add
 * after that: the header's account area (the session is read in the browser, so the server renders a
 * placeholder), its theme and account menus and the phone's menu, the admin editors (rich-text editor,
 * upload fields, company picker, charts), the delete dialog and the admin's side sheet on a phone. On every
 * other page the class lists of the HTML and of the page after its scripts ran were the same (compared page
 * by page in both browser tests' sizes, issue 43).
 */

/** Every distinct class attribute of the page's HTML. */
const htmlClassLists = (html: string) => [
  ...new Set([...parseHtml(html).document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? "")),
];

/** Every distinct class attribute on the page as it is now (menus and dialogs included when open). */
const classLists = (page: Page) =>
  page.evaluate(() => [...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? ""))]);

/** The class lists in which tailwind-merge would drop a class, with the classes it would drop. */
function clashes(lists: string[]) {
  return lists.flatMap((list) => {
    const classes = list.split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(classes.join(" ")).split(" "));
    const dropped = classes.filter((name) => !kept.has(name));
    return dropped.length > 0 ? [`${list}  → clashing: ${dropped.join(" ")}`] : [];
  });
}

/** The page's server-rendered HTML has no clashes. Soft: one run names every page's clashes. */
async function expectNoClashesInHtml(request: APIRequestContext, path: string, where: string) {
  const html = await (await request.get(path)).text();
  expect.soft(clashes(htmlClassLists(html)), `classes that clash on ${where}`).toEqual([]);
}

/** The page as the browser shows it now has no clashes. */
async function expectNoClashes(page: Page, where: string) {
  expect.soft(clashes(await classLists(page)), `classes that clash on ${where}`).toEqual([]);
}

async function detailPages(request: APIRequestContext) {
  const pages: string[] = [];
  for (const [list, kind] of [
    ["/videos", "video"],
    ["/podcasts", "podcast"],
    ["/blog", "blog"],
    ["/interviews", "interviews"],
    ["/special-features", "special-features"],
  ] as const) {
    const match = (await (await request.get(list)).text()).match(new RegExp(`href="(/${kind}/[0-9a-f-]{36})"`));
    expect(match, `a /${kind}/{id} link on ${list}`).not.toBeNull();
    pages.push(match![1]!);
  }
  return pages;
}

const PUBLIC_PAGES = [
  "/",
  "/videos",
  "/podcasts",
  "/blog",
  "/interviews",
  "/special-features",
  "/programme",
  "/about",
  "/contact",
  "/clients",
  "/companies",
  "/companies?sector=mining",
  "/companies/ironbark-gold",
  "/companies/no-such-company",
  "/search?q=market",
  "/search?q=no-such-words-anywhere",
  "/auth",
  "/no-such-page",
];

/** The editors (PRODUCT.md "Admin"): their rich-text field, upload fields, company picker and charts appear once their scripts run. */
const EDITOR_LISTS = ["videos", "podcasts", "blogs", "interviews", "special-features"];

/** The first item's editor on an admin list. */
async function firstEditPath(request: APIRequestContext, list: string) {
  const match = (await (await request.get(`/admin/${list}`)).text()).match(new RegExp(`href="(/admin/${list}/[0-9a-f-]{36})"`));
  expect(match, `an edit link on /admin/${list}`).not.toBeNull();
  return match![1]!;
}

test("public pages, as a reader and as an admin receive them, carry no clashing classes", async ({ request, adminRequest }) => {
  for (const path of [...PUBLIC_PAGES, ...(await detailPages(request))]) {
    await expectNoClashesInHtml(request, path, path);
    await expectNoClashesInHtml(adminRequest, path, `${path} for an admin`);
  }
});

test("admin pages, with a subscriber and a message in their lists, carry no clashing classes", async ({
  request,
  adminRequest,
  baseURL,
}) => {
  // Rows on the pages that would otherwise be empty: a subscriber and a contact message.
  const subscribed = await request.post("/resources/newsletter", {
    form: { email: `classes-${Date.now()}@example.com` },
    headers: { Origin: baseURL! },
  });
  expect(subscribed.ok()).toBe(true);
  const subject = `Classes ${Date.now()}`;
  const sent = await request.post("/contact", {
    form: { name: "Ada Classes", email: "ada.classes@example.com", subject, message: "A message so the inbox has a row." },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  // Sent: back to the form with the 'Message sent' toast (a 400 would re-render it with field errors).
  expect(sent.status(), await sent.text()).toBe(302);
  expect(await (await adminRequest.get("/admin/messages")).text()).toContain(subject);

  const pages = [
    "/admin",
    "/admin/companies",
    "/admin/companies/new",
    "/admin/subscribers",
    "/admin/messages",
    "/admin/mail",
    "/admin/newsletter",
    "/admin/newsletter/new",
    "/admin/media",
    "/admin/users",
    "/admin/review",
    "/admin/webhooks",
    "/admin/companies/ironbark-gold/report",
  ];
  for (const list of EDITOR_LISTS) {
    const edit = await firstEditPath(adminRequest, list);
    // The item's editor and its review page (PRODUCT.md "Review").
    pages.push(`/admin/${list}`, `/admin/${list}/new`, edit, edit.replace("/admin/", "/admin/review/"));
  }
  const company = (await (await adminRequest.get("/admin/companies")).text()).match(/href="(\/admin\/companies\/[0-9a-f-]{36})"/);
  expect(company, "an edit link on /admin/companies").not.toBeNull();
  pages.push(company![1]!);
  for (const path of pages) await expectNoClashesInHtml(adminRequest, path, path);
});

browserTest(
  "the header's account area and menus, signed in at 1280 px and signed out at 375 px, carry no clashing classes",
  async ({ adminPage: page, browser, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    // The account menu's trigger replaces the placeholder once the browser has read the session.
    await expect(page.getByRole("button", { name: /^Account: / })).toBeVisible();
    await expectNoClashes(page, "/ signed in, at 1280 px");
    await page.getByRole("button", { name: "Theme options" }).click();
    await expect(page.getByRole("group", { name: "Theme" })).toBeVisible();
    await expectNoClashes(page, "/ with the theme menu open");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Account: / }).click();
    await expect(page.getByRole("group", { name: "Account" })).toBeVisible();
    await expectNoClashes(page, "/ with the account menu open");

    const visitor = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    const phone = await visitor.newPage();
    await phone.goto("/videos");
    // 'Sign In' replaces the placeholder; on a phone it is in the page but hidden (the closed menu holds one too).
    await expect(phone.getByRole("link", { name: "Sign In", includeHidden: true }).first()).toBeAttached();
    await expectNoClashes(phone, "/videos signed out, at 375 px");
    await phone.getByRole("button", { name: "Menu" }).click();
    await expect(phone.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoClashes(phone, "/videos with the mobile menu open");
    await visitor.close();
  },
);

browserTest(
  "admin editors once their scripts ran, the delete dialog and the phone's side sheet carry no clashing classes",
  async ({ adminPage: page }) => {
    browserTest.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const editors = ["/admin/newsletter/new"];
    for (const list of EDITOR_LISTS) editors.push(`/admin/${list}/new`, await firstEditPath(page.request, list));
    for (const path of editors) {
      await page.goto(path);
      // The rich-text editor and the charts are chunks loaded after the page.
      await expect(page.getByRole("toolbar").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoClashes(page, `${path} with its editor`);
    }

    await page.goto("/admin/videos");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoClashes(page, "/admin/videos with the delete dialog open");
    await page.getByRole("button", { name: "Cancel" }).click();

    // The messages page's cards (phones) and the sheet that holds the side bar.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin/messages");
    await expectNoClashes(page, "/admin/messages at 375 px");
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoClashes(page, "/admin/messages with the side sheet open");
  },
);
