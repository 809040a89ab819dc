/**
 * PRODUCT.md "Inbox": a message sent through the contact form arrives unread (side bar and dashboard
 * count it), is read by opening it, marked unread and read again, and deleted after a confirmation; a
 * newsletter address is found by searching the subscribers and removed.
 */
import type { Browser, Page } from "@playwright/test";

import { expect, test } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const messagesLink = (page: Page) => page.locator("aside#app-sidebar").getByRole("link", { name: "Messages", exact: true });

/** The unread count the dashboard shows. */
async function dashboardUnread(page: Page) {
  await page.goto("/admin");
  const text = await page.getByTestId("dashboard-unread").textContent();
  const count = Number(text!.match(/^[\d,]+/)![0].replace(/,/g, ""));
  // The side bar shows the same count (described to screen readers), or no badge at all at zero.
  if (count === 0) await expect(messagesLink(page)).not.toHaveAttribute("aria-describedby");
  else await expect(messagesLink(page)).toHaveAccessibleDescription(`${count} unread`);
  return count;
}

/** Sends a contact message from a visitor's own browser. */
async function sendContactMessage(browser: Browser, subject: string, message: string) {
  // Scripts on, whatever the test's own page has: the toast says the message was stored.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ada Inbox");
  await page.getByLabel("Email", { exact: true }).fill("ada.inbox@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await context.close();
}

/** The messages table's row of a subject (the page is wide enough for the table). */
const messageRow = (page: Page, subject: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: subject, exact: true }) });

test("a contact message arrives unread, is read by opening it, marked unread and read, then deleted", async ({
  browser,
  adminPage: page,
}) => {
  const subject = `Inbox journey ${Date.now()}`;
  const before = await dashboardUnread(page);
  await sendContactMessage(
    browser,
    subject,
    `We would like to book an interview with your editor about the quarter. ${"More detail. ".repeat(8)}`,
  );
  expect(await dashboardUnread(page)).toBe(before + 1);

  await messagesLink(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const row = messageRow(page, subject);
  await expect(row.getByText("Unread", { exact: true })).toBeVisible();
  await expect(row).toHaveAttribute("data-unread", "true");

  // Opening the full text marks it read: the badge goes and the side bar's count drops.
  await row.getByText("Show full message").click();
  await expect(row.getByText("Unread", { exact: true })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Mark as unread: ${subject}` })).toBeVisible();
  if (before === 0) await expect(messagesLink(page)).not.toHaveAttribute("aria-describedby");
  else await expect(messagesLink(page)).toHaveAccessibleDescription(`${before} unread`);

  await row.getByRole("button", { name: `Mark as unread: ${subject}` }).click();
  await expect(toast(page, "Message marked as unread")).toBeVisible();
  await expect(row.getByText("Unread", { exact: true })).toBeVisible();
  await expect(messagesLink(page)).toHaveAccessibleDescription(`${before + 1} unread`);

  // The unread filter lists it; marking it read there takes it off the list.
  await page
    .getByRole("navigation", { name: "Show messages" })
    .getByRole("link", { name: /^Unread/ })
    .click();
  await expect(page).toHaveURL("/admin/messages?show=unread");
  await messageRow(page, subject)
    .getByRole("button", { name: `Mark as read: ${subject}` })
    .click();
  await expect(toast(page, "Message marked as read")).toBeVisible();
  await expect(page).toHaveURL("/admin/messages?show=unread");
  await expect(messageRow(page, subject)).toHaveCount(0);
  expect(await dashboardUnread(page)).toBe(before);

  await page.goto("/admin/messages");
  await messageRow(page, subject)
    .getByRole("button", { name: `Delete message ${subject}` })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this message?" });
  await expect(dialog).toContainText(subject);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(messageRow(page, subject)).toHaveCount(1);
  await messageRow(page, subject)
    .getByRole("button", { name: `Delete message ${subject}` })
    .click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Message deleted")).toBeVisible();
  await expect(messageRow(page, subject)).toHaveCount(0);
  await page.reload();
  await expect(messageRow(page, subject)).toHaveCount(0);
});

test("a newsletter address is found by searching the subscribers and removed after a confirmation", async ({
  browser,
  adminPage: page,
}) => {
  const email = `inbox-${Date.now()}@example.com`;
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/");
  const box = visitor.locator("#newsletter");
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByText(/^Thanks for subscribing!/)).toBeVisible();
  await context.close();

  await page.goto("/admin/subscribers");
  // Part of the address, in capitals: the search ignores case.
  await page.getByRole("searchbox", { name: "Search subscribers" }).fill(email.slice(0, -12).toUpperCase());
  await expect(page).toHaveURL(`/admin/subscribers?q=${encodeURIComponent(email.slice(0, -12).toUpperCase())}`);
  await expect(page.getByText(`1 matching "${email.slice(0, -12).toUpperCase()}"`)).toBeVisible();
  await expect(page.getByRole("link", { name: email })).toBeVisible();

  await page.getByRole("button", { name: `Remove subscriber ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove this subscriber?" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Subscriber removed")).toBeVisible();
  // Back on the same search.
  await expect(page).toHaveURL(`/admin/subscribers?q=${encodeURIComponent(email.slice(0, -12).toUpperCase())}`);
  await expect(page.getByText("No subscribers found")).toBeVisible();
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("No subscribers found")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("mark read and delete work as plain forms, the delete after its inline confirmation", async ({ browser, adminPage: page }) => {
    const subject = `Inbox no script ${Date.now()}`;
    await sendContactMessage(browser, subject, "Short enough to show whole.");
    await page.goto("/admin/messages");
    const row = messageRow(page, subject);
    await expect(row.getByText("Unread", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Mark as read: ${subject}` }).click();
    await expect(page).toHaveURL("/admin/messages");
    await expect(row.getByText("Unread", { exact: true })).toHaveCount(0);

    await row.locator("summary", { hasText: "Delete" }).click();
    await row.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL("/admin/messages");
    await expect(messageRow(page, subject)).toHaveCount(0);
  });
});
