/**
 * PRODUCT.md "Views over time": views and listens counted on the public pages show up, per day, in the
 * dashboard's chart and in the item's own chart on its edit screen.
 */
import type { Browser, Locator, Page } from "@playwright/test";

import { DEMO_PODCASTS } from "../../app/server/seed/catalogue/podcasts";
import { DEMO_VIDEOS } from "../../app/server/seed/catalogue/videos";
import { expect, test } from "./fixtures";

/** Demo items by catalogue title: published, and a podcast on the audio host (its Play button is the listen). */
const VIDEO = DEMO_VIDEOS.find((v) => v.title === "Investor Briefing: Meridian Copper Half-Year Results" && !v.status)!;
const PODCAST = DEMO_PODCASTS.find((p) => p.title === "Capital Call Ep. 41: Inside a $300 Million Placement" && !p.status)!;
const AUDIO_HOST = /^https:\/\/embeds\.audioboom\.com\//;

/** The server counts days in UTC, and runs on this machine's clock. */
const today = () => new Date().toISOString().slice(0, 10);

/** A new visitor (PRODUCT.md "Security": one hit per visitor per item per 30 minutes): a browser context of its own. */
async function asVisitor(browser: Browser, name: string, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 E2E/${name}-${Date.now()}`,
  });
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The edit screen's address of an item, found through the admin list's search (ids are made when the database is seeded). */
async function editPath(page: Page, slug: "videos" | "podcasts", title: string) {
  await page.goto(`/admin/${slug}?q=${encodeURIComponent(title)}`);
  const href = await page.getByRole("link", { name: title, exact: true }).first().getAttribute("href");
  expect(href).toMatch(new RegExp(`^/admin/${slug}/[0-9a-f-]{36}$`));
  return href!;
}

/** Today's figure of one series in a chart's table, after opening 'Show figures'. */
async function todayFigure(chart: Locator, series: "views" | "listens") {
  const toggle = chart.getByText("Show figures");
  if (await toggle.isVisible()) await toggle.click();
  const cell = chart.locator(`tr[data-day="${today()}"] td[data-series="${series}"]`);
  await expect(cell).toBeVisible();
  return Number((await cell.textContent())!.replace(/,/g, ""));
}

const dashboardChart = (page: Page) => page.getByRole("region", { name: "Views over time" }).getByTestId("daily-chart");

test("counted views and listens appear as today's figures on the dashboard and the video's edit screen", async ({
  browser,
  adminPage: page,
}) => {
  const videoEdit = await editPath(page, "videos", VIDEO.title);
  const podcastEdit = await editPath(page, "podcasts", PODCAST.title);
  const videoPage = videoEdit.replace("/admin/videos/", "/video/");
  const podcastPage = podcastEdit.replace("/admin/podcasts/", "/podcast/");

  // Before: other tests on this server may have counted hits today already.
  await page.goto("/admin");
  const before = { views: await todayFigure(dashboardChart(page), "views"), listens: await todayFigure(dashboardChart(page), "listens") };
  await page.goto(videoEdit);
  const videoBefore = await todayFigure(page.getByTestId("daily-chart"), "views");
  await page.goto(podcastEdit);
  const podcastBefore = await todayFigure(page.getByTestId("daily-chart"), "listens");

  for (const name of ["one", "two", "three"]) {
    await asVisitor(browser, `viewer-${name}`, async (visitor) => {
      const counted = visitor.waitForResponse((r) => r.url().endsWith("/view") && r.request().method() === "POST");
      await visitor.goto(videoPage);
      await expect(visitor.getByRole("heading", { level: 1, name: VIDEO.title })).toBeVisible();
      expect((await counted).status()).toBe(200);
    });
  }
  for (const name of ["one", "two"]) {
    await asVisitor(browser, `listener-${name}`, async (visitor) => {
      await visitor.route(AUDIO_HOST, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }));
      await visitor.goto(podcastPage);
      const counted = visitor.waitForResponse((r) => r.url().endsWith("/listen") && r.request().method() === "POST");
      await visitor.getByRole("button", { name: `Play ${PODCAST.title}` }).click();
      expect((await counted).status()).toBe(200);
    });
  }

  await page.goto("/admin");
  const chart = dashboardChart(page);
  // The chart library loads after the page (never on public pages) and draws in the skeleton's place.
  await expect(chart.locator("svg.recharts-surface")).toBeVisible();
  expect(await todayFigure(chart, "views")).toBe(before.views + 3);
  expect(await todayFigure(chart, "listens")).toBe(before.listens + 2);
  await expect(chart.locator("figcaption")).toHaveText(/^[\d,]+ views? and [\d,]+ listens? in the last 30 days$/);
  await expect(chart.locator("tbody tr")).toHaveCount(30);

  await page.goto(videoEdit);
  const videoChart = page.getByRole("region", { name: "Views over time" }).getByTestId("daily-chart");
  await expect(videoChart.locator("svg.recharts-surface")).toBeVisible();
  expect(await todayFigure(videoChart, "views")).toBe(videoBefore + 3);

  await page.goto(podcastEdit);
  const podcastChart = page.getByRole("region", { name: "Listens over time" }).getByTestId("daily-chart");
  expect(await todayFigure(podcastChart, "listens")).toBe(podcastBefore + 2);
});
