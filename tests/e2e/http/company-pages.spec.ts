import type { APIRequestContext } from "@playwright/test";

import { expect, htmlOf, test, textOf, within } from "./request-test";

/**
 * The public company pages against the seeded demo companies (PRODUCT.md "Company pages"), as the server
 * renders them: the clients, a company's coverage linking to its items, the sector filter's links (which
 * work without JavaScript) and the not-found state. The filter by client navigation is in
 * ../company-pages.spec.ts.
 */

/** The address of an image on the page answers with an image (what a browser needs to show it). */
async function expectImage(request: APIRequestContext, src: string | null) {
  expect(src, "an image address").toBeTruthy();
  const image = await request.get(src!);
  expect(image.status(), src!).toBe(200);
  expect(image.headers()["content-type"], src!).toMatch(/^image\//);
  expect((await image.body()).length, src!).toBeGreaterThan(0);
}

test("/clients shows the client companies with their logos, each linking to its page", async ({ request }) => {
  const { screen } = await htmlOf(await request.get("/clients"));
  expect(screen.getByRole("heading", { level: 1, name: "Our Clients" })).toBeTruthy();
  const clients = screen.getByRole("list", { name: "Client companies" });
  for (const [name, ticker, slug] of [
    ["Ironbark Gold", "ASX:IBG", "ironbark-gold"],
    ["Helios Semiconductor", "NASDAQ:HLIO", "helios-semiconductor"],
  ] as const) {
    const link = within(clients).getByRole("link", { name });
    const card = link.closest("li")!;
    expect(textOf(card)).toContain(ticker);
    expect(link.getAttribute("href")).toBe(`/companies/${slug}`);
    await expectImage(request, card.querySelector("img")!.getAttribute("src"));
  }
  expect(within(clients).queryByRole("link", { name: /Quokka Pay/ })).toBeNull();
  // The intro leads on to every covered company, clients or not.
  expect(screen.getByRole("link", { name: "See every company we cover" }).getAttribute("href")).toBe("/companies");

  const helios = await htmlOf(await request.get("/companies/helios-semiconductor"));
  expect(helios.screen.getByRole("heading", { level: 1, name: "Helios Semiconductor" })).toBeTruthy();
});

test("a company page shows its coverage, and an item's link leads to the item", async ({ request }) => {
  const { document, screen } = await htmlOf(await request.get("/companies/ironbark-gold"));
  expect(document.title).toBe("Ironbark Gold (ASX:IBG) | MarketWire");
  expect(screen.getByRole("heading", { level: 1, name: "Ironbark Gold" })).toBeTruthy();
  expect(screen.getByText("ASX:IBG", { exact: true })).toBeTruthy();
  expect(screen.getByText("Mining", { exact: true })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 2, name: "Coverage" })).toBeTruthy();
  const coverage = within(screen.getByRole("list", { name: "Coverage of Ironbark Gold" }));
  const title = "Ironbark Gold's CEO: Why We Are Not Chasing Ounces";
  const item = coverage.getByRole("link", { name: title });
  // Items of other companies are not there.
  expect(coverage.queryByRole("link", { name: /Quokka Pay's Founder on Surviving the Fintech Winter/ })).toBeNull();
  expect(screen.getByText(/not investment advice/)).toBeTruthy();
  // Its link preview is the company's logo on the brand card, a JPEG on the public origin.
  const preview = document.querySelector('meta[property="og:image"]')?.getAttribute("content");
  expect(preview).toMatch(/\/og\/companies\/ironbark-gold\.jpg\?v=/);
  const image = await request.get(preview!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");

  const href = item.getAttribute("href")!;
  expect(href).toMatch(/^\/interviews\/[0-9a-f-]{36}$/);
  const interview = await htmlOf(await request.get(href));
  expect(interview.screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
});

test("/companies filters by sector with links that work without JavaScript", async ({ request }) => {
  const all = await htmlOf(await request.get("/companies"));
  const sectors = within(all.screen.getByRole("navigation", { name: "Sectors" }));
  const href = sectors.getByRole("link", { name: "Technology" }).getAttribute("href")!;
  expect(href).toBe("/companies?sector=technology");

  const technology = await htmlOf(await request.get(href));
  const companies = within(technology.screen.getByRole("list", { name: "Companies" }));
  expect(companies.getByRole("link", { name: "Helios Semiconductor" })).toBeTruthy();
  expect(companies.queryByRole("link", { name: "Ironbark Gold" })).toBeNull();
});

test("an unknown company shows 'Company Not Found' with a 404, never cached", async ({ request }) => {
  const response = await request.get("/companies/no-such-company");
  expect(response.status()).toBe(404);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const { screen } = await htmlOf(response);
  expect(screen.getByRole("heading", { level: 1, name: "Company Not Found" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Browse All Companies" }).getAttribute("href")).toBe("/companies");
});
