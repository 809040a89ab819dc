import { expect, test } from "./fixtures";

test.describe("desktop header and footer", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("header links, skip link and footer", async ({ page }) => {
    await page.goto("/videos");
    await expect(page).toHaveTitle("Videos | MarketWire");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "MarketWire" })).toHaveAttribute("href", "/");
    const nav = header.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["About", "/about"],
      ["Programme", "/programme"],
      ["Clients", "/clients"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("© 2025 MarketWire. All rights reserved.")).toBeVisible();
    await expect(footer.getByText(/New York, NY/)).toBeVisible();
    for (const href of ["/interviews", "/podcasts", "/special-features", "/blog"]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test("header search trims the query and goes to /search", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Search MarketWire" });
    await search.fill("  rate cuts & bonds ");
    await search.press("Enter");
    await expect(page).toHaveURL("/search?q=rate%20cuts%20%26%20bonds");

    await page.goto("/about");
    await page.getByRole("banner").getByRole("searchbox", { name: "Search MarketWire" }).fill("   ");
    await page.getByRole("banner").getByRole("button", { name: "Submit search" }).click();
    await expect(page).toHaveURL("/search");
  });

  test("'Subscribe Now' scrolls to the newsletter box, or takes you to the home page's box", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Subscribe Now" }).click();
    await expect(page.locator("#newsletter")).toBeInViewport();
    await expect(page.locator("#newsletter").getByLabel("Email address")).toBeFocused();

    await page.goto("/videos");
    await page.getByRole("link", { name: "Subscribe Now" }).click();
    await expect(page).toHaveURL("/#newsletter");
    await expect(page.locator("#newsletter")).toBeInViewport();
  });

  test("every press of the theme button visibly switches light and dark, from the system's choice too", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const html = page.locator("html");
    const header = page.getByRole("banner");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    const light = await background();

    // The first press on a light system already goes dark.
    await header.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect.poll(background).not.toBe(light);
    await header.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveClass(/(^|\s)light(\s|$)/);
    await expect.poll(background).toBe(light);
    await header.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(header.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Switch to dark theme" })).toBeHidden();
  });

  test("the theme menu returns to the system setting, and works from the keyboard", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/about");
    const html = page.locator("html");
    const header = page.getByRole("banner");
    // Following a dark system: the button offers light.
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await header.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveClass(/(^|\s)light(\s|$)/);

    const options = header.getByRole("button", { name: "Theme options" });
    await options.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator("#theme-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("button", { name: "Light" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(options).toBeFocused();

    await options.click();
    await menu.getByRole("button", { name: "System" }).click();
    await expect(menu).toBeHidden();
    await expect(html).not.toHaveClass(/(^|\s)light(\s|$)/);
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await options.click();
    await expect(menu.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
    // The system changes: the page follows it.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens and closes by the toggle and Escape, with focus managed, and closes on a link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#mobile-menu");
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const mobileNav = menu.getByRole("navigation", { name: "Mobile" });
    for (const [name, href] of [
      ["Home", "/"],
      ["About", "/about"],
      ["Programme", "/programme"],
      ["Search", "/search"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ]) {
      await expect(mobileNav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link", { name: "Advanced Search" })).toHaveAttribute("href", "/search");
    await expect(menu.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(mobileNav.getByRole("link", { name: "Home" })).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(mobileNav.getByRole("link", { name: "About" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await mobileNav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("the newsletter box's email input keeps its full height on a phone", async ({ page }) => {
    await page.goto("/");
    const input = page.locator("#newsletter").getByLabel("Email address");
    await input.scrollIntoViewIfNeeded();
    const box = await input.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThan(250);
  });

  test("the menu's search box submits and closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.getByRole("searchbox", { name: "Search MarketWire" }).fill("lithium");
    await menu.getByRole("searchbox", { name: "Search MarketWire" }).press("Enter");
    await expect(page).toHaveURL("/search?q=lithium");
    await expect(menu).toBeHidden();
  });

  test("a signed-in reader sees their avatar and can sign out", async ({ readerPage: page, reader }) => {
    const { email } = reader;
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("img", { name: email })).toBeVisible();
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("You have been successfully signed out.")).toBeVisible();
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
  });
});
