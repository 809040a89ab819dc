/**
 * PRODUCT.md "Measurement", end to end: a podcast app downloads an episode from the podcast feed's enclosure,
 * the downloads job runs (every second on the test server) and the admin's podcast list shows one download
 * more; the same download again the same day adds none. The rules themselves are proven by the replay test
 * (app/server/measurement/download-rules.server.test.ts) and the route by its HTTP test.
 */
import type { APIRequestContext, Page } from "@playwright/test";

import { DEMO_COMPANIES } from "../../app/server/seed/catalogue/companies";
import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { expect, test } from "./fixtures";
import { axeViolations } from "./page-checks";

const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const SPOTIFY = "Spotify/8.8.0 iOS/16.4 (iPhone14,2)";

/** The feed's podcast episodes (interviews are episodes too; the admin list checked here is the podcasts'). */
async function feedPodcasts(request: APIRequestContext) {
  const xml = await (await request.get("/podcasts/rss.xml")).text();
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)]
    .map(([, item]) => ({
      title: /<title><!\[CDATA\[([\s\S]*?)\]\]><\/title>/.exec(item!)?.[1] ?? "",
      link: /<link>([^<]+)<\/link>/.exec(item!)?.[1] ?? "",
      enclosure: /<enclosure [^>]*url="([^"]+)"/.exec(item!)?.[1] ?? "",
    }))
    .filter((episode) => /\/podcast\/[\da-f-]{36}$/.test(episode.link));
}

async function download(request: APIRequestContext, url: string, userAgent: string) {
  const response = await request.get(url, { headers: { "User-Agent": userAgent } });
  expect(response.status()).toBe(200);
  expect((await response.body()).length).toBe(Number(response.headers()["content-length"]));
}

/** The Downloads cell of the episode's row in the admin's podcast list. */
async function downloadsShown(page: Page, title: string) {
  await page.goto(`/admin/podcasts?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  const headers = await page.getByRole("columnheader").allTextContents();
  return (await row.getByRole("cell").nth(headers.indexOf("Downloads")).textContent())?.trim();
}

test("a podcast app's download from the feed is counted once a day and shown in the admin's list", async ({ request, adminPage }) => {
  const [episode, other] = await feedPodcasts(request);
  expect(episode?.enclosure, "the feed's first podcast and its enclosure").toMatch(/\/e\/[\da-f-]{36}\.mp3$/);
  expect(other?.enclosure).toMatch(/\/e\/[\da-f-]{36}\.mp3$/);
  const shown = async (title: string) => Number((await downloadsShown(adminPage, title))?.replace(/,/g, ""));
  // The demo data's downloads, if any, come first.
  const start = await shown(episode!.title);
  expect(start).not.toBeNaN();

  await download(request, episode!.enclosure, OVERCAST);
  await expect.poll(() => shown(episode!.title), { timeout: 15_000 }).toBe(start + 1);

  // Again the same day, then another episode: once the job has counted the other one, it has seen the repeat.
  await download(request, episode!.enclosure, OVERCAST);
  const before = await shown(other!.title);
  await download(request, other!.enclosure, SPOTIFY);
  await expect.poll(() => shown(other!.title), { timeout: 15_000 }).toBe(before + 1);
  expect(await shown(episode!.title)).toBe(start + 1);
});

/** The Downloads (IAB) total of a company's client report over the last 30 days. */
async function reportedDownloads(page: Page, slug: string) {
  await page.goto(`/admin/companies/${slug}/report`);
  const card = page
    .getByTestId("report-totals")
    .locator("div", { hasText: /^Downloads \(IAB\)/ })
    .last();
  return Number((await card.locator("span").nth(1).textContent())!.replace(/,/g, ""));
}

test("an interview's download from the feed shows in its company's client report", async ({ request, browser, adminSession }) => {
  const xml = await (await request.get("/podcasts/rss.xml")).text();
  const interview = DEMO_INTERVIEWS.find(
    (candidate) => !candidate.status && candidate.audioUrl?.startsWith("/media/") && xml.includes(candidate.title),
  );
  const company = DEMO_COMPANIES.find((candidate) => candidate.about.interview?.includes(interview?.slug ?? ""));
  expect(company, "a demo company named by an interview in the feed").toBeDefined();
  const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, body]) => body!).find((body) => body.includes(interview!.title))!;
  const enclosure = /<enclosure [^>]*url="([^"]+)"/.exec(item)![1]!;

  // The admin's CSP admits only scripts carrying the render's nonce; axe is injected from outside.
  const context = await browser.newContext({ bypassCSP: true });
  await context.addCookies(adminSession.cookies);
  const page = await context.newPage();
  const start = await reportedDownloads(page, company!.slug);
  await download(request, enclosure, OVERCAST);
  await expect.poll(() => reportedDownloads(page, company!.slug), { timeout: 15_000 }).toBe(start + 1);
  expect(await axeViolations(page), "axe on the client report").toEqual([]);
  await context.close();
});
