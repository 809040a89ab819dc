import type { Browser, Page } from "@playwright/test";

import { E2E_ADMIN, MAIL_BASE_URL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { mailbox, mailsTo } from "./mailbox";
import { axeViolations } from "./page-checks";

/**
 * Issue 28 (PRODUCT.md "Following and alerts", "Account"), on the server that sends mail to a real SMTP
 * server (playwright.config.ts): a visitor presses Follow on a company page, signs up, verifies the address
 * from the mail and comes back to the page, follows; an editor publishes a video naming the company; the
 * reader's mailbox receives one alert, whose link opens the video.
 */
const run = Date.now().toString(36).toUpperCase();
const companyName = `Alertwell Minerals ${run}`;
const companySlug = `alertwell-minerals-${run.toLowerCase()}`;
const ticker = `AW${run.slice(-6)}`;

async function hydrated(page: Page) {
  await expect(page.locator("[data-hydrated]")).toBeVisible();
}

async function mailServerPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: MAIL_BASE_URL, bypassCSP: true });
  return context.newPage();
}

test("a reader follows a company and receives one alert when an item about it is published", async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await mailServerPage(browser);
  const signIn = await admin.request.post("/api/auth/sign-in/email", { data: E2E_ADMIN, headers: { Origin: MAIL_BASE_URL } });
  expect(signIn.ok()).toBe(true);
  await admin.goto("/admin/companies/new");
  await hydrated(admin);
  await admin.getByLabel("Name").fill(companyName);
  await admin.getByLabel("Ticker").fill(ticker);
  await admin.getByLabel("Exchange").selectOption("ASX");
  await admin.getByRole("button", { name: "Create Company" }).click();
  await expect(admin.getByText("Company created successfully")).toBeVisible();

  // The visitor presses Follow, and is asked to sign in or up, then comes back to the page.
  const reader = await mailServerPage(browser);
  const email = `follower-${run.toLowerCase()}@example.com`;
  await reader.goto(`/companies/${companySlug}`);
  await reader.getByRole("link", { name: `Follow ${companyName}` }).click();
  await expect(reader).toHaveURL(new RegExp(`/auth\\?redirectTo=%2Fcompanies%2F${companySlug}$`));
  await reader.getByRole("tab", { name: "Sign Up" }).click();
  const form = reader.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Display Name").fill("Fay Follower");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("follower-password");
  await form.getByRole("button", { name: "Sign Up" }).click();
  // The form says it (and a toast says it too: auth-admin.spec checks that one).
  await expect(form.getByText("Please check your email to verify your account.")).toBeVisible();

  const [verification] = await mailsTo(email, /^Verify your MarketWire account$/);
  const link = /https?:\/\/\S+/.exec(verification!.text)![0];
  await reader.goto(link);
  await expect(reader).toHaveURL(`${MAIL_BASE_URL}/companies/${companySlug}`);
  const follow = reader.getByRole("button", { name: `Follow ${companyName}` });
  await expect(follow).toBeEnabled();
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  const following = reader.getByRole("button", { name: `Following ${companyName}` });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  // Still following after a reload: it was stored.
  await reader.reload();
  await expect(reader.getByRole("button", { name: `Following ${companyName}` })).toBeEnabled();
  expect(await axeViolations(reader)).toEqual([]);

  // The account page lists it.
  await reader.goto("/account");
  await expect(reader.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(
    reader.getByRole("region", { name: "Companies you follow" }).getByRole("link", { name: new RegExp(companyName) }),
  ).toBeVisible();
  expect(await axeViolations(reader)).toEqual([]);

  // An editor publishes a video naming the company.
  const title = `Alertwell drills deeper ${run}`;
  await admin.goto("/admin/videos/new");
  await hydrated(admin);
  await admin.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  const picker = admin.getByRole("combobox", { name: "Companies" });
  await picker.fill(ticker.toLowerCase());
  await expect(admin.getByRole("listbox", { name: "Matching companies" }).getByRole("option").first()).toContainText(companyName);
  await picker.press("Enter");
  await admin.getByLabel("Status").selectOption("published");
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByText("Video published successfully")).toBeVisible();

  const [alert] = await mailsTo(email, new RegExp(title));
  expect(alert!.subject).toBe(`${companyName} (ASX:${ticker}): ${title}`);
  // PRODUCT.md "Measurement": the link goes through our counting redirect to the video's page, tagged.
  const itemLink = new RegExp(`${MAIL_BASE_URL}/go/alert/videos/([0-9a-f-]{36})`).exec(alert!.text)!;
  expect(alert!.html).toContain(`href="${itemLink[0]}"`);
  await reader.goto(itemLink[0]);
  await expect(reader).toHaveURL(`${MAIL_BASE_URL}/video/${itemLink[1]}?utm_source=alert&utm_medium=email`);
  await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // One alert so far. That no later look of the alert job (every 15 s) sends a second is proven without
  // waiting for one, against the database: app/server/readers/alerts.server.test.ts, "… queues one alert
  // per follower, … once however often the look runs" and "reaches a real SMTP server: each follower
  // receives exactly one copy".
  expect(mailbox().filter((mail) => mail.to === email && mail.subject.includes(title))).toHaveLength(1);
  await reader.context().close();
  await admin.context().close();
});
