import type { APIRequestContext } from "@playwright/test";

import { DEMO_INTERVIEWS } from "../../../app/server/seed/catalogue/interviews";
import { DEMO_SPECIAL_FEATURES } from "../../../app/server/seed/catalogue/special-features";
import { expect, htmlOf, test, textOf, within } from "./request-test";

/**
 * Interviews and special features have pages of their own (PRODUCT.md "Discovery"), linked from the titles
 * on their list pages, which keep an anchor per item: what the server renders for them. The clicks from a
 * list to a page and back, by client navigation, and the players' Play buttons (a link to the host until
 * the page has hydrated) are in ../item-pages.spec.ts. Runs on the seeded demo content.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** A demo item's card on its list page (other specs add items of their own): its anchor id and its title's link. */
async function demoCard(request: APIRequestContext, listPath: string, demoTitle: string) {
  const { document } = await htmlOf(await request.get(listPath));
  const card = [...document.querySelectorAll("main article")].find((article) => textOf(article.querySelector("h2")) === demoTitle);
  expect(card, `"${demoTitle}" on ${listPath}`).toBeTruthy();
  const id = card!.getAttribute("id");
  expect(id).toMatch(new RegExp(`^${UUID}$`));
  const link = within(card!.querySelector("h2") as HTMLElement).getByRole("link", { name: demoTitle });
  return { id: id!, href: link.getAttribute("href") };
}

test("an interview's title on /interviews links to its page, with its text, view count and other interviews", async ({ request }) => {
  const title = DEMO_INTERVIEWS.find((interview) => interview.videoUrl)!.title;
  const { id, href } = await demoCard(request, "/interviews", title);
  expect(href).toBe(`/interviews/${id}`);

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe(PUBLIC_CACHE);
  const { document, screen } = await htmlOf(response);
  expect(document.title).toBe(`${title} | MarketWire`);
  expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe(title);
  expect(textOf(screen.getByRole("article").querySelector(".prose-content"))).not.toBe("");
  expect(textOf(screen.getByRole("article"))).toMatch(/views?/);

  const more = screen.getByRole("complementary", { name: "More Interviews" });
  const others = within(more).getAllByRole("link");
  expect(others.length).toBeGreaterThan(0);
  expect(others.length).toBeLessThanOrEqual(3);
  expect(textOf(more)).not.toContain(title);
  for (const other of others) expect(other.getAttribute("href")).toMatch(new RegExp(`^/interviews/${UUID}$`));

  expect(screen.getByRole("link", { name: "Back to Interviews" }).getAttribute("href")).toBe("/interviews");
});

test("a special feature's title on /special-features links to its page, with its type, picture, text and other features", async ({
  request,
}) => {
  const title = DEMO_SPECIAL_FEATURES.find((feature) => feature.videoUrl)!.title;
  const { id, href } = await demoCard(request, "/special-features", title);
  expect(href).toBe(`/special-features/${id}`);

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe(PUBLIC_CACHE);
  const { document, screen } = await htmlOf(response);
  expect(document.title).toBe(`${title} | MarketWire`);
  expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe(title);
  const articleElement = screen.getByRole("article");
  const article = within(articleElement);
  expect(article.getByTestId("feature-type")).toBeTruthy();
  expect(textOf(articleElement)).toMatch(/\d+ min read/);
  // The picture loads: its address answers with an image.
  const picture = await request.get(article.getByRole("img", { name: title }).getAttribute("src")!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toMatch(/^image\//);
  expect((await picture.body()).length).toBeGreaterThan(0);
  expect(textOf(articleElement.querySelector(".prose-content"))).not.toBe("");

  const more = screen.getByRole("complementary", { name: "More Features" });
  const count = within(more).getAllByRole("link").length;
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(3);
  expect(textOf(more)).not.toContain(title);

  expect(screen.getByRole("link", { name: "Back to Special Features" }).getAttribute("href")).toBe("/special-features");
});

test("an unknown or malformed interview answers 404 with a way to every interview", async ({ request }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-interview"]) {
    const response = await request.get(`/interviews/${id}`);
    expect(response.status()).toBe(404);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const { document, screen } = await htmlOf(response);
    expect(document.title).toBe("Interview Not Found | MarketWire");
    expect(screen.getByRole("heading", { level: 1, name: "Interview Not Found" })).toBeTruthy();
    expect(screen.getByText("The interview you're looking for doesn't exist or may have been removed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse All Interviews" }).getAttribute("href")).toBe("/interviews");
  }
});

test("an unknown or malformed special feature answers 404 with a way to every feature", async ({ request }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-feature"]) {
    const response = await request.get(`/special-features/${id}`);
    expect(response.status()).toBe(404);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const { document, screen } = await htmlOf(response);
    expect(document.title).toBe("Feature Not Found | MarketWire");
    expect(screen.getByRole("heading", { level: 1, name: "Feature Not Found" })).toBeTruthy();
    expect(screen.getByText("The feature you're looking for doesn't exist or may have been removed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse All Features" }).getAttribute("href")).toBe("/special-features");
  }
});
