import type { Page } from "@playwright/test";

import { E2E_ADMIN } from "../../playwright.config";
import { expect, test } from "./fixtures";

/** A sonner toast with this title. */
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const desktopSidebar = (page: Page) => page.locator("aside#app-sidebar");

test.describe("/auth", () => {
  test("sign-up through the form shows 'Account created!' and clears the form", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\?tab=signup$/);
    const form = page.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Display Name").fill("Rita Reader");
    await form.getByLabel("Email").fill(`rita-${Date.now()}@example.com`);
    await form.getByLabel("Password").fill("rita-password");
    await form.getByRole("button", { name: "Sign Up" }).click();

    await expect(toast(page, "Account created!")).toContainText("Please check your email to verify your account.");
    await expect(form.getByLabel("Display Name")).toHaveValue("");
    await expect(form.getByLabel("Email")).toHaveValue("");
    await expect(form.getByLabel("Password")).toHaveValue("");
    // Sign-up does not sign in: the admin area still asks for credentials.
    await page.goto("/admin");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin");
  });

  test("sign-up checks the fields in the browser before sending", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    const form = page.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Display Name").fill("Sam");
    await form.getByLabel("Email").fill("sam@example");
    await form.getByLabel("Password").fill("12345");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(form.getByLabel("Display Name")).toHaveValue("Sam");
  });

  test('sign-up refuses a common password with the server\'s message beside the field (PRODUCT.md "Security")', async ({ page }) => {
    await page.goto("/auth?tab=signup");
    const form = page.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Display Name").fill("Cora");
    await form.getByLabel("Email").fill(`cora-${Date.now()}@example.com`);
    await form.getByLabel("Password").fill("Password123");
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByText("This password is too common. Choose a less common password.").first()).toBeVisible();
    await expect(form.getByLabel("Display Name")).toHaveValue("Cora");
  });

  test("sign-in with a wrong password shows 'Login failed' and stays on /auth", async ({ page }) => {
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(E2E_ADMIN.email);
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Sign In" }).click();

    await expect(toast(page, "Login failed")).toContainText("Invalid email or password. Please check your credentials.");
    await expect(form.getByRole("alert")).toContainText("Invalid email or password.");
    await expect(page).toHaveURL("/auth");
    await expect(form.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  });

  test("an admin signs in through the form and lands on the dashboard with the five cards", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(E2E_ADMIN.email);
    await form.getByLabel("Password").fill(E2E_ADMIN.password);
    await form.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL("/admin");
    await expect(toast(page, "Welcome back!")).toContainText("You have been successfully logged in.");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // The toast covers none of the header's controls (View Site, email, Sign Out).
    const toastBox = (await toast(page, "Welcome back!").boundingBox())!;
    for (const control of [
      page.getByRole("banner").getByRole("link", { name: "View Site" }),
      page.getByRole("banner").getByText(E2E_ADMIN.email),
      page.getByRole("banner").getByRole("button", { name: "Sign Out" }),
    ]) {
      expect(overlaps(toastBox, (await control.boundingBox())!)).toBe(false);
    }
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(5);
    for (const [title, href] of [
      ["Videos", "/admin/videos"],
      ["Podcasts", "/admin/podcasts"],
      ["Blogs", "/admin/blogs"],
      ["Interviews", "/admin/interviews"],
      ["Special Features", "/admin/special-features"],
    ]) {
      const card = cards.filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      await expect(card.getByRole("link")).toHaveAttribute("href", href);
      await expect(card).toContainText("Published");
      await expect(card).toContainText("Draft");
    }
    await expect(cards.filter({ hasText: "Podcasts" })).toContainText("Total listens");
    for (const name of ["New Video", "New Podcast", "New Blog", "New Interview", "New Feature"]) {
      await expect(page.getByRole("link", { name })).toBeVisible();
    }
    // The header: title, the user's email, View Site. Signed in: /auth now forwards to /admin.
    const header = page.getByRole("banner");
    await expect(header).toContainText("Admin Dashboard");
    await expect(header).toContainText(E2E_ADMIN.email);
    await expect(header.getByRole("link", { name: "View Site" })).toHaveAttribute("href", "/");
    await page.goto("/auth");
    await expect(page).toHaveURL("/admin");
  });
});

test.describe("a plain user on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("signs in from the header, is welcomed on the page they came from, and signs out from the header", async ({
    page,
    request,
    baseURL,
  }) => {
    // The header keeps to one row at this width, with the account control in it.
    const email = `desk-reader-${Date.now()}@example.com`;
    const password = "desk-reader-password";
    // The account is made by a separate client, so this browser starts signed out.
    const created = await request.post("/api/auth/sign-up/email", {
      data: { email, password, name: "Rita Reader" },
      headers: { Origin: baseURL! },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.goto("/videos?page=2");
    const header = page.getByRole("banner");
    const headerHeight = async () => (await header.boundingBox())!.height;
    await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(await headerHeight()).toBeLessThanOrEqual(72);
    await header.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/auth?redirectTo=%2Fvideos%3Fpage%3D2");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL("/videos?page=2");
    await expect(toast(page, "Welcome back!")).toContainText("You have been successfully logged in.");
    await expect(toast(page, "Access Denied")).toHaveCount(0);

    const account = header.getByRole("button", { name: "Account: Rita Reader" });
    await expect(account).toContainText("RR");
    expect(await headerHeight()).toBeLessThanOrEqual(72);
    await account.click();
    const menu = page.locator("#account-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByText("Rita Reader")).toBeVisible();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await expect(toast(page, "Signed out")).toContainText("You have been successfully signed out.");
    await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(account).toHaveCount(0);
  });

  test("an admin's header menu links to the admin area", async ({ adminPage: page }) => {
    await page.goto("/");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Account: / })
      .click();
    await page.locator("#account-menu").getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test.describe("admin layout", () => {
  test("the sidebar links the six areas and highlights the current one", async ({ adminPage: page }) => {
    const response = await page.goto("/admin");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    const sidebar = desktopSidebar(page);
    await expect(sidebar).toContainText("Content Management");
    for (const [name, href] of [
      ["Dashboard", "/admin"],
      ["Videos", "/admin/videos"],
      ["Podcasts", "/admin/podcasts"],
      ["Blogs", "/admin/blogs"],
      ["Interviews", "/admin/interviews"],
      ["Special Features", "/admin/special-features"],
      ["Review", "/admin/review"],
      ["Companies", "/admin/companies"],
      ["Media", "/admin/media"],
      ["Subscribers", "/admin/subscribers"],
      ["Newsletter", "/admin/newsletter"],
      ["Messages", "/admin/messages"],
      ["Mail", "/admin/mail"],
    ]) {
      await expect(sidebar.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await sidebar.getByRole("link", { name: "Subscribers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Subscribers" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
  });

  test("collapsing the sidebar survives a reload (cookie) and ctrl+b toggles it", async ({ adminPage: page, context }) => {
    await page.goto("/admin");
    const toggle = page.getByRole("button", { name: "Toggle Sidebar" });
    const sidebar = desktopSidebar(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
    // Collapsed to icons: the label is the tooltip.
    await expect(sidebar.getByRole("link", { name: "Videos" })).toHaveAttribute("title", "Videos");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);

    // The server renders the saved width: no flash of the wide sidebar.
    const html = await (await page.request.get("/admin")).text();
    expect(html).toContain('data-state="collapsed"');
    await page.reload();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect((await sidebar.boundingBox())?.width).toBe(48);

    await page.keyboard.press("Control+b");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    await page.keyboard.press("Control+b");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("the sidebar's background runs the full height of a long page and its links stay in view", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const heights = await page.evaluate(() => {
      const column = document.querySelector("[data-slot=sidebar]")!;
      return {
        page: document.documentElement.scrollHeight,
        window: window.innerHeight,
        column: column.getBoundingClientRect().height,
        background: getComputedStyle(column).backgroundColor,
      };
    });
    expect(heights.page).toBeGreaterThan(heights.window);
    // The column that paints the background is the page's height, not the first screen's (a fixed h-svh
    // bar left the rest of a long page without it).
    expect(heights.background).not.toBe("rgba(0, 0, 0, 0)");
    expect(Math.abs(heights.column - heights.page)).toBeLessThanOrEqual(1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => Math.abs((await desktopSidebar(page).boundingBox())!.y)).toBeLessThanOrEqual(1);
  });

  test("a plain user visiting /admin lands on / with 'Access Denied'", async ({ readerPage: page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Access Denied")).toContainText("You need admin privileges to access this area.");
  });

  // Its own session: signing out ends it, and the one adminPage shares with the other tests must live on.
  test("signing out returns to / and the admin area then asks for credentials", async ({ ownAdminPage: page }) => {
    await page.goto("/admin");
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page, "Signed out")).toContainText("You have been successfully signed out.");
    await page.goto("/admin");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin");
  });

  test("on a phone the sidebar opens as a sheet and closes on navigation", async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/admin");
    await expect(desktopSidebar(page)).toBeHidden();
    const toggle = page.getByRole("button", { name: "Toggle Sidebar" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const sheet = page.getByRole("dialog", { name: "Content Management" });
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288);
    await expect(sheet).toContainText(E2E_ADMIN.email);
    await expect(sheet.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await sheet.getByRole("link", { name: "Messages" }).click();
    await expect(page).toHaveURL("/admin/messages");
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  });
});

test("an admin sees a new subscriber and exports the list as a CSV file", async ({ adminPage: page, request, baseURL }) => {
  const email = `subscriber-${Date.now()}@example.com`;
  const subscribed = await request.post("/resources/newsletter", { form: { email }, headers: { Origin: baseURL! } });
  expect(subscribed.ok()).toBe(true);
  // The file routes sit beside the admin pages, behind the same guard.
  const anonymous = await request.get("/admin/subscribers.csv", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toBe("/auth?redirectTo=%2Fadmin%2Fsubscribers.csv");
  await page.goto("/admin/subscribers");
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const fs = await import("node:fs/promises");
  const csv = await fs.readFile(await download.path(), "utf8");
  expect(csv).toContain('"Email","Subscribed At"');
  expect(csv).toContain(`"${email}"`);
  const messages = await page.request.get("/admin/messages.csv");
  expect(messages.status()).toBe(200);
  expect(messages.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(messages.headers()["content-disposition"]).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(await messages.text()).toContain('"Name","Email","Subject","Message","Received At"');
});
