import type { APIRequestContext } from "@playwright/test";

import { DEMO_BLOGS } from "../../../app/server/seed/catalogue/blogs";
import { expect, htmlOf, labelledControl, submitForm, test, textOf, within } from "./request-test";

/**
 * The public pages as the server renders them (PRODUCT.md "Public pages"). The journeys through them in
 * Chromium (client navigation, the contact form with JavaScript) are in ../public-pages.spec.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FEATURE_TYPE_LABELS = ["Market Analysis", "Exclusive Report", "Expert Insight", "Breaking News", "Deep Dive", "Other", "General"];

// formatCount: "1 view", "12 views", "1.0K views"; other e2e tests count views on these items, so any count can appear,
// and the card's text runs the label, the count and the tags together (no word boundaries to lean on).
const VIEW_COUNT = /[\d.,]+[KM]? views?/;

test("the blog's first demo card links to its article, which shows its text, Share and up to 3 other articles", async ({ request }) => {
  const list = await htmlOf(await request.get("/blog"));
  expect(list.screen.getByRole("heading", { level: 1, name: "Latest Articles" })).toBeTruthy();
  // The newest card may be a post another spec published without a body (uploads.spec.ts: a featured image
  // only); the demo posts all have text.
  const demoTitles = new Set(DEMO_BLOGS.map((blog) => blog.title));
  const cards = [...list.screen.getByRole("list", { name: "Articles" }).querySelectorAll("article")];
  expect(cards.length).toBeGreaterThan(0);
  const firstCard = cards.find((card) => demoTitles.has(textOf(card.querySelector("h2"))))!;
  expect(firstCard).toBeTruthy();
  const title = textOf(firstCard.querySelector("h2"));
  expect(textOf(firstCard)).toMatch(/\d+ min read/);
  const href = [...firstCard.querySelectorAll("a")].find((link) => textOf(link) === title)?.getAttribute("href");
  expect(href).toMatch(/^\/blog\/[0-9a-f-]{36}$/);

  const article = await htmlOf(await request.get(href!));
  expect(article.screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
  expect(textOf(article.document.querySelector(".prose-content"))).not.toBe("");
  expect(article.screen.getByRole("button", { name: "Share" })).toBeTruthy();
  const related = article.screen.getByRole("complementary", { name: "Related Articles" });
  expect(within(related).getByRole("heading", { name: "Related Articles" })).toBeTruthy();
  const relatedCount = within(related).getAllByRole("link").length;
  expect(relatedCount).toBeGreaterThan(0);
  expect(relatedCount).toBeLessThanOrEqual(3);
  expect(textOf(related)).not.toContain(title);
  expect(article.screen.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
});

test("an unknown article answers 404 with a way back to the blog", async ({ request }) => {
  const response = await request.get("/blog/not-an-article");
  expect(response.status()).toBe(404);
  const { screen } = await htmlOf(response);
  expect(screen.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
  expect(screen.getByText("The article you're looking for doesn't exist or may have been removed.")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
});

test("the blog list is server-rendered with the public cache header", async ({ request }) => {
  const response = await request.get("/blog");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  expect(await response.text()).toContain("min read");
});

test("special features show their type labels and their full text", async ({ request }) => {
  const { document, screen } = await htmlOf(await request.get("/special-features"));
  expect(screen.getByRole("heading", { level: 1, name: "Special Features" })).toBeTruthy();
  const badges = screen.getAllByTestId("feature-type");
  for (const badge of badges) expect(FEATURE_TYPE_LABELS).toContain(textOf(badge));

  const first = document.querySelector("main article")!;
  expect(textOf(first)).toMatch(/\d+ min read/);
  expect(textOf(first)).toMatch(VIEW_COUNT);
  // The full text is in the card's disclosure, which opens without JavaScript.
  const disclosure = first.querySelector("details");
  if (disclosure) expect(textOf(disclosure.querySelector(".prose-content"))).not.toBe("");

  // Each card keeps its anchor #{id} (PRODUCT.md "Discovery").
  expect(first.getAttribute("id")).toMatch(UUID);
});

test("interviews list published interviews with anchors", async ({ request }) => {
  const { document, screen } = await htmlOf(await request.get("/interviews"));
  expect(screen.getByRole("heading", { level: 1, name: "Interviews" })).toBeTruthy();
  const first = document.querySelector("main article")!;
  expect(first.getAttribute("id")).toMatch(UUID);
  expect(textOf(first)).toMatch(VIEW_COUNT);
});

/** Every published video the public /videos pages list (following the pages until nothing new appears). */
async function countPublishedVideos(request: APIRequestContext) {
  const ids = new Set<string>();
  for (let pageNumber = 1; pageNumber < 100; pageNumber++) {
    const html = await (await request.get(`/videos?page=${pageNumber}`)).text();
    const found = [...html.matchAll(/href="\/video\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const before = ids.size;
    for (const id of found) ids.add(id);
    if (ids.size === before) break;
  }
  return ids.size;
}

test("the programme's Interviews badge shows the published video count", async ({ request }) => {
  const published = await countPublishedVideos(request);
  expect(published).toBeGreaterThan(0);
  const { screen } = await htmlOf(await request.get("/programme"));
  expect(screen.getByRole("heading", { level: 1, name: "Our Programme" })).toBeTruthy();
  expect(textOf(screen.getByTestId("programme-video-count"))).toBe(`${published} ${published === 1 ? "video" : "videos"}`);
  for (const [name, path] of [
    ["Interviews", "/interviews"],
    ["Podcasts", "/podcasts"],
    ["Special Features", "/special-features"],
  ]) {
    expect(screen.getAllByRole("link", { name }).at(-1)!.getAttribute("href")).toBe(path);
  }
});

test("contact form works without JavaScript", async ({ request }) => {
  const { document } = await htmlOf(await request.get("/contact"));
  const form = labelledControl(document, "Name").closest("form")!;
  const fill: Record<string, string> = {
    Name: "No Script",
    Email: "noscript@example.com",
    Subject: "Plain HTML",
    Message: "Sent without JavaScript.",
  };
  const sent = await submitForm(
    request,
    form,
    "/contact",
    Object.fromEntries(Object.entries(fill).map(([label, value]) => [labelledControl(document, label).getAttribute("name")!, value])),
    { maxRedirects: 0 },
  );
  // Back to /contact, by a redirect: a reload never sends it again.
  expect(sent.status()).toBe(302);
  expect(sent.headers()["location"]).toBe("/contact");
  // The flash toast is rendered by the client; without JS the page simply comes back empty and ready.
  const after = await htmlOf(await request.get("/contact"));
  expect(labelledControl(after.document, "Name").getAttribute("value") ?? "").toBe("");
});

test("about and clients pages render", async ({ request }) => {
  const about = await htmlOf(await request.get("/about"));
  expect(about.screen.getByRole("heading", { level: 1, name: "About MarketWire" })).toBeTruthy();
  expect(about.screen.getByText("We connect investors with listed companies through market insights.")).toBeTruthy();
  const clients = await htmlOf(await request.get("/clients"));
  expect(clients.screen.getByRole("heading", { level: 1, name: "Our Clients" })).toBeTruthy();
  expect(clients.screen.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("/contact");
});
