import type { APIRequestContext, Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

import { expect, test } from "./fixtures";

/**
 * `cn()` joins classes without settling clashes (PRODUCT.md "Speed": tailwind-merge cost every page 8 KB),
 * so no element may carry two classes that set the same thing (`h-9 h-10`, `text-left text-right`): which
 * one wins would depend on the stylesheet's order. tailwind-merge, kept for this test only, names the
 * clashes: every page, menu and dialog is read as a reader and an admin see it.
 */

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

async function expectNoClashes(page: Page, where: string) {
  // Soft: one run names every page's clashes.
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

test("public pages at 1280 px, with the theme and account menus open, carry no clashing classes", async ({ adminPage: page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of [...PUBLIC_PAGES, ...(await detailPages(request))]) {
    await page.goto(path);
    await expectNoClashes(page, path);
  }
  await page.goto("/");
  await page.getByRole("button", { name: "Theme options" }).click();
  await expect(page.getByRole("group", { name: "Theme" })).toBeVisible();
  await expectNoClashes(page, "/ with the theme menu open");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Account: / }).click();
  await expect(page.getByRole("group", { name: "Account" })).toBeVisible();
  await expectNoClashes(page, "/ with the account menu open");
});

test("public pages at 375 px, with the menu open, carry no clashing classes", async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [...PUBLIC_PAGES, ...(await detailPages(request))]) {
    await page.goto(path);
    await expectNoClashes(page, `${path} at 375 px`);
  }
  await page.goto("/videos");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoClashes(page, "/videos with the mobile menu open");
});

test("admin pages, a read and an unread message, the delete dialog and the phone's side sheet carry no clashing classes", async ({
  adminPage: page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // Rows on the pages that would otherwise be empty: a subscriber and a contact message.
  const subscribed = await request.post("/resources/newsletter", {
    form: { email: `classes-${Date.now()}@example.com` },
    headers: { Origin: baseURL! },
  });
  expect(subscribed.ok()).toBe(true);
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ada Classes");
  await page.getByLabel("Email", { exact: true }).fill("ada.classes@example.com");
  await page.getByLabel("Subject").fill(`Classes ${Date.now()}`);
  await page.getByLabel("Message", { exact: true }).fill("A message so the inbox has a row.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
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
  ];
  for (const list of ["videos", "podcasts", "blogs", "interviews", "special-features"]) {
    pages.push(`/admin/${list}`, `/admin/${list}/new`);
    const match = (await (await page.request.get(`/admin/${list}`)).text()).match(new RegExp(`href="(/admin/${list}/[0-9a-f-]{36})"`));
    expect(match, `an edit link on /admin/${list}`).not.toBeNull();
    // The item's editor and its review page (PRODUCT.md "Review").
    pages.push(match![1]!, match![1]!.replace("/admin/", "/admin/review/"));
  }
  const company = (await (await page.request.get("/admin/companies")).text()).match(/href="(\/admin\/companies\/[0-9a-f-]{36})"/);
  expect(company, "an edit link on /admin/companies").not.toBeNull();
  pages.push(company![1]!);
  for (const path of pages) {
    await page.goto(path);
    await expectNoClashes(page, path);
  }

  // The rich-text editor, loaded after the page.
  await page.goto("/admin/blogs/new");
  await expect(page.getByRole("toolbar")).toBeVisible();
  await expectNoClashes(page, "/admin/blogs/new with the editor");

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
});
