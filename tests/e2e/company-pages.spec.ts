import { expect, test } from "./fixtures";

/**
 * The public company pages against the seeded demo companies (PRODUCT.md "Company pages"): the clients,
 * a company's coverage leading to its items, the sector filter with and without JavaScript, and the
 * not-found state.
 */

test("/clients shows the client companies with their logos, each leading to its page", async ({ page }) => {
  await page.goto("/clients");
  await expect(page.getByRole("heading", { level: 1, name: "Our Clients" })).toBeVisible();
  const clients = page.getByRole("list", { name: "Client companies" });
  for (const [name, ticker, slug] of [
    ["Ironbark Gold", "ASX:IBG", "ironbark-gold"],
    ["Helios Semiconductor", "NASDAQ:HLIO", "helios-semiconductor"],
  ] as const) {
    const card = clients.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
    await expect(card).toContainText(ticker);
    await expect(card.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/companies/${slug}`);
    // The logo has loaded (a broken image has no natural width).
    const logo = card.locator("img");
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(clients.getByRole("link", { name: "Quokka Pay" })).toHaveCount(0);
  // The intro leads on to every covered company, clients or not.
  await expect(page.getByRole("link", { name: "See every company we cover" })).toHaveAttribute("href", "/companies");

  await clients.getByRole("link", { name: "Helios Semiconductor", exact: true }).click();
  await expect(page).toHaveURL(/\/companies\/helios-semiconductor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Helios Semiconductor" })).toBeVisible();
});

test("a company page shows its coverage, and an item's link leads to the item", async ({ page }) => {
  await page.goto("/companies/ironbark-gold");
  await expect(page).toHaveTitle("Ironbark Gold (ASX:IBG) | MarketWire");
  await expect(page.getByRole("heading", { level: 1, name: "Ironbark Gold" })).toBeVisible();
  await expect(page.getByText("ASX:IBG", { exact: true })).toBeVisible();
  await expect(page.getByText("Mining", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Coverage" })).toBeVisible();
  const coverage = page.getByRole("list", { name: "Coverage of Ironbark Gold" });
  const title = "Ironbark Gold's CEO: Why We Are Not Chasing Ounces";
  await expect(coverage.getByRole("link", { name: title, exact: true })).toBeVisible();
  // Items of other companies are not there.
  await expect(coverage.getByRole("link", { name: "Quokka Pay's Founder on Surviving the Fintech Winter" })).toHaveCount(0);
  await expect(page.getByText("not investment advice")).toBeVisible();
  // Its link preview is the company's logo on the brand card, a JPEG on the public origin.
  const preview = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(preview).toMatch(/\/og\/companies\/ironbark-gold\.jpg\?v=/);
  const image = await page.request.get(preview!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");

  await coverage.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/interviews\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("/companies filters by sector, with links that work before and after JavaScript", async ({ page, browser, baseURL }) => {
  // Scripts loaded: the click below is the client's navigation.
  await page.goto("/companies", { waitUntil: "networkidle" });
  const companies = page.getByRole("list", { name: "Companies" });
  await expect(companies.getByRole("link", { name: "Ironbark Gold", exact: true })).toBeVisible();
  await expect(companies.getByRole("link", { name: "Helios Semiconductor", exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Sectors" }).getByRole("link", { name: "Mining", exact: true }).click();
  await expect(page).toHaveURL(/\/companies\?sector=mining$/);
  await expect(page.getByRole("link", { name: "Mining", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(companies.getByRole("link", { name: "Ironbark Gold", exact: true })).toBeVisible();
  await expect(companies.getByRole("link", { name: "Helios Semiconductor", exact: true })).toHaveCount(0);

  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/companies");
  await plain.getByRole("navigation", { name: "Sectors" }).getByRole("link", { name: "Technology", exact: true }).click();
  await expect(plain).toHaveURL(/\/companies\?sector=technology$/);
  const technology = plain.getByRole("list", { name: "Companies" });
  await expect(technology.getByRole("link", { name: "Helios Semiconductor", exact: true })).toBeVisible();
  await expect(technology.getByRole("link", { name: "Ironbark Gold", exact: true })).toHaveCount(0);
  await noScript.close();
});

test("an unknown company shows 'Company Not Found' with a 404, never cached", async ({ page }) => {
  const response = await page.goto("/companies/no-such-company");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Company Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Browse All Companies" }).click();
  await expect(page).toHaveURL(/\/companies$/);
});
