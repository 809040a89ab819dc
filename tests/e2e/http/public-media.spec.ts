import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";

import { DEMO_PODCASTS } from "../../../app/server/seed/catalogue/podcasts";
import { expect, htmlOf, labelledControl, siteOrigin, submitForm, test, textOf, within } from "./request-test";

/**
 * Videos, podcasts and the newsletter box as the server renders them (PRODUCT.md "Public pages"): what
 * the view counter counts, the lists' paging, the not-found pages, an episode's page and the home page
 * without JavaScript. The players, the counted views of hydrated pages and the newsletter box with
 * JavaScript are in ../public-media.spec.ts.
 */

/**
 * Another visitor (PRODUCT.md "Security": a visitor is the address with the browser's user agent), counting
 * a view of a video as its page does once hydrated: answers the count.
 */
async function countView(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, name: string, videoPath: string) {
  const visitor = await playwright.request.newContext({
    baseURL,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 E2E/${name}-${Date.now()}`,
  });
  const response = await visitor.post(`/api${videoPath.replace("/video/", "/videos/")}/view`, { headers: { Origin: siteOrigin() } });
  expect(response.status()).toBe(200);
  const { views } = (await response.json()) as { views: number };
  await visitor.dispose();
  return views;
}

/** The address of a published podcast's page, read from the /podcasts list. */
async function podcastHref(request: APIRequestContext, title: string) {
  const { document } = await htmlOf(await request.get("/podcasts"));
  const link = [...document.querySelectorAll("main a[href^='/podcast/']")].find((a) => a.textContent?.includes(title));
  const href = link?.getAttribute("href");
  expect(href).toMatch(/^\/podcast\/[0-9a-f-]{36}$/);
  return href!;
}

test.describe("videos", () => {
  test("the server render alone (crawlers, prefetches) never counts a view", async ({ request, playwright, baseURL }) => {
    const { document } = await htmlOf(await request.get("/videos"));
    const href = document.querySelector("main a[href^='/video/']")!.getAttribute("href")!;
    const before = await countView(playwright, baseURL!, "first", href);

    for (let i = 0; i < 3; i++) {
      const html = await request.get(href);
      expect(html.status()).toBe(200);
      expect(html.headers()["cache-control"]).toContain("s-maxage=60");
    }
    expect((await request.get(`/api${href.replace("/video/", "/videos/")}/view`)).status()).toBe(405);

    // A new visitor's view is the next one counted: the renders above added nothing.
    expect(await countView(playwright, baseURL!, "after-renders", href)).toBe(before + 1);
  });

  test("/videos pages: garbage is page 1, past the end is the empty state", async ({ request }) => {
    const garbage = await htmlOf(await request.get("/videos?page=abc"));
    expect(garbage.screen.getByRole("heading", { name: "Videos", level: 1 })).toBeTruthy();
    expect(garbage.screen.getByText(/^Showing 1–\d+ of \d+ videos$/)).toBeTruthy();

    const response = await request.get("/videos?page=9999");
    expect(response.status()).toBe(200);
    const pastTheEnd = await htmlOf(response);
    expect(pastTheEnd.screen.getByRole("heading", { name: "No Videos Found" })).toBeTruthy();
    expect(pastTheEnd.screen.getByText("There are no videos available at the moment.")).toBeTruthy();
  });

  test("an unknown video is a 404 'Video Not Found' with ways home", async ({ request }) => {
    const response = await request.get("/video/00000000-0000-4000-8000-000000000000");
    expect(response.status()).toBe(404);
    const { screen } = await htmlOf(response);
    expect(screen.getByRole("heading", { name: "Video Not Found" })).toBeTruthy();
    expect(screen.getByText("The video you're looking for doesn't exist or has been removed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });
});

test.describe("podcasts", () => {
  test("home links to a podcast's page, which shows its listens, more episodes and a way to all podcasts", async ({ request }) => {
    const home = await htmlOf(await request.get("/"));
    const podcasts = within(home.screen.getByRole("region", { name: "Podcasts" }));
    // Named "Spotify (opens in a new tab)".
    expect(podcasts.getByRole("link", { name: /^Spotify\b/ }).getAttribute("href")).toBe("https://open.spotify.com/");
    const episode = home.screen.getByRole("region", { name: "Podcasts" }).querySelector("a[href^='/podcast/']")!;
    const title = textOf(episode);
    const href = episode.getAttribute("href")!;
    expect(href).toMatch(/^\/podcast\/[0-9a-f-]{36}$/);

    const { document, screen } = await htmlOf(await request.get(href));
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | MarketWire`);
    expect(screen.getByRole("heading", { name: "More Episodes" })).toBeTruthy();
    expect(textOf(screen.getByTestId("podcast-listens"))).toMatch(/listens$/);
    expect(screen.getByRole("link", { name: "Back to Podcasts" }).getAttribute("href")).toBe("/podcasts");
  });

  test("an unknown podcast is a 404 'Podcast Not Found' linking to all podcasts", async ({ request }) => {
    const response = await request.get("/podcast/not-a-podcast");
    expect(response.status()).toBe(404);
    const { screen } = await htmlOf(response);
    expect(screen.getByRole("heading", { name: "Podcast Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse All Podcasts" }).getAttribute("href")).toBe("/podcasts");
  });

  test("a description with inline markup reads as text, without a space before punctuation", async ({ request }) => {
    const podcast = DEMO_PODCASTS.find((p) => p.audioUrl != null && /\/episodes\/[a-z-]+-\d+\.mp3$/.test(p.audioUrl) && !p.status)!;
    expect(podcast.description).toContain("<em>patience</em>, position sizing");
    const { screen } = await htmlOf(await request.get(await podcastHref(request, podcast.title)));
    expect(textOf(screen.getByRole("region", { name: "About this episode" }))).toContain(
      "A conversation on patience, position sizing and keeping a watch list.",
    );
  });
});

test.describe("without JavaScript", () => {
  test("home, a video and the newsletter box work from the server render", async ({ request }) => {
    const home = await htmlOf(await request.get("/"));
    expect(home.screen.getByRole("heading", { name: "Most Watched" })).toBeTruthy();
    const email = labelledControl(home.document.querySelector("#newsletter")!, "Email address");
    const subscribed = await submitForm(
      request,
      email.closest("form")!,
      "/",
      { [email.getAttribute("name")!]: `nojs-${Date.now()}@example.com` },
      { maxRedirects: 0 },
    );
    const location = subscribed.headers()["location"];
    expect(location).toBe("/?newsletter=subscribed#newsletter");
    const after = await htmlOf(await request.get(location!));
    expect(within(after.document.querySelector("#newsletter") as HTMLElement).getByText(/^Thanks for subscribing!/)).toBeTruthy();

    const videos = await htmlOf(await request.get("/videos"));
    const video = await htmlOf(await request.get(videos.document.querySelector("main a[href^='/video/']")!.getAttribute("href")!));
    expect(video.screen.getByRole("heading", { name: "Related Videos" })).toBeTruthy();
  });
});
