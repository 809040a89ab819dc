import type { Browser } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * Journeys through the public pages in Chromium (PRODUCT.md "Public pages"): the blog by client navigation,
 * and the contact form with JavaScript. What the server renders on these pages, and the contact form
 * without JavaScript, are checked without a browser in http/public-pages.spec.ts.
 */

test("blog list → article → Back to Blog", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Latest Articles" })).toBeVisible();

  const firstCard = page.getByRole("list", { name: "Articles" }).getByRole("article").first();
  const title = (await firstCard.getByRole("heading", { level: 2 }).innerText()).trim();
  await firstCard.getByRole("link", { name: title }).click();

  await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest Articles" })).toBeVisible();
});

/**
 * A page in its own context that fails on console errors like the shared fixture, except the browser's
 * 'Failed to load resource … 400' line for the contact action's intended 400 answer to a data request
 * (the shared fixture only excuses intended 4xx for documents).
 */
async function pageAllowingContact400(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const intended = /status of 400/.test(message.text()) && /\/contact\.data(\?|$)/.test(message.location().url);
    if (!intended) errors.push(`${message.text()} (${message.location().url})`);
  });
  return { page, errors, close: () => context.close() };
}

test("contact form: required fields, a server-side field error, then a stored message", async ({ browser }) => {
  const { page, errors, close } = await pageAllowingContact400(browser);
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  const name = page.getByLabel("Name");
  const email = page.getByLabel("Email", { exact: true });
  const subject = page.getByLabel("Subject");
  const message = page.getByLabel("Message", { exact: true });
  const send = page.getByRole("button", { name: "Send Message" });

  // Empty: the browser refuses to submit (all four fields are required).
  await send.click();
  expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/contact$/);

  // A bad address that gets past the browser is rejected by the server, next to the field.
  await name.fill("Ada Lovelace");
  await email.fill("not-an-email");
  await subject.fill("Coverage request");
  await message.fill("We would like to talk about an interview.");
  await page.locator("form:has(#contact-name)").evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await send.click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-describedby", "contact-email-error");
  await expect(name).toHaveValue("Ada Lovelace");
  await expect(message).toHaveValue("We would like to talk about an interview.");

  // A valid message is stored: confirmation toast, and the form is emptied.
  await email.fill("ada@example.com");
  await send.click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(page.getByText("Thanks for reaching out. We'll get back to you soon.")).toBeVisible();
  await expect(name).toHaveValue("");
  await expect(email).toHaveValue("");
  await expect(subject).toHaveValue("");
  await expect(message).toHaveValue("");
  await expect(page.getByText("Enter a valid email address")).toHaveCount(0);
  expect(errors, "console errors on the page").toEqual([]);
  await close();
});
