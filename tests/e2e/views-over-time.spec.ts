/**
 * PRODUCT.md "Views over time": views and listens counted on the public pages show up, per day, in the
 * dashboard's chart and in the item's own chart on its edit screen.
 */
import type { Browser, Locator, Page } from "@playwright/test";

import { DEMO_BLOGS } from "../../app/server/seed/catalogue/blogs";
import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { DEMO_PODCASTS } from "../../app/server/seed/catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "../../app/server/seed/catalogue/special-features";
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
async function editPath(page: Page, slug: "videos" | "podcasts" | "blogs" | "interviews" | "special-features", title: string) {
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
      const counted = visitor.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/view") && r.request().method() === "POST");
      await visitor.goto(videoPage);
      await expect(visitor.getByRole("heading", { level: 1, name: VIDEO.title })).toBeVisible();
      expect((await counted).status()).toBe(200);
    });
  }
  for (const name of ["one", "two"]) {
    await asVisitor(browser, `listener-${name}`, async (visitor) => {
      await visitor.route(AUDIO_HOST, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }));
      await visitor.goto(podcastPage);
      const counted = visitor.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/listen") && r.request().method() === "POST");
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

/** Published demo items of the types that count a view when their page loads (PRODUCT.md "Counters"); no video, so no host frame to wait for. */
const READ_ITEMS = [
  { slug: "blogs", page: "/blog", title: DEMO_BLOGS.find((blog) => !blog.status)!.title },
  { slug: "interviews", page: "/interviews", title: DEMO_INTERVIEWS.find((interview) => !interview.status && !interview.videoUrl)!.title },
  {
    slug: "special-features",
    page: "/special-features",
    title: DEMO_SPECIAL_FEATURES.find((feature) => !feature.status && !feature.videoUrl)!.title,
  },
] as const;

/** An item's lifetime count as its admin list shows it (exact). */
async function listedCount(page: Page, slug: string, title: string) {
  await page.goto(`/admin/${slug}?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  // The Views (Listens) column: interviews and podcasts have a Downloads column beside it.
  const column = (await page.getByRole("columnheader").allTextContents()).findIndex((label) => label === "Views" || label === "Listens");
  return Number((await row.getByRole("cell").nth(column).textContent())!.replace(/,/g, ""));
}

test("reading an article, an interview or a special feature counts one view per visitor, in its count and today's figure", async ({
  browser,
  adminPage: page,
}) => {
  test.setTimeout(300_000);
  for (const item of READ_ITEMS) {
    const edit = await editPath(page, item.slug, item.title);
    const id = edit.split("/").at(-1)!;
    const before = await listedCount(page, item.slug, item.title);
    await page.goto(edit);
    const dayBefore = await todayFigure(page.getByTestId("daily-chart"), "views");

    // Two visitors, each loading the page twice: the second load within 30 minutes counts nothing.
    const answers: number[] = [];
    for (const name of ["one", "two"]) {
      await asVisitor(browser, `${item.slug}-reader-${name}`, async (visitor) => {
        for (let load = 0; load < 2; load++) {
          const counted = visitor.waitForResponse(
            (r) => new URL(r.url()).pathname.endsWith(`/api/${item.slug}/${id}/view`) && r.request().method() === "POST",
          );
          await visitor.goto(`${item.page}/${id}`);
          await expect(visitor.getByRole("heading", { level: 1, name: item.title })).toBeVisible();
          const response = await counted;
          expect(response.status()).toBe(200);
          answers.push(((await response.json()) as { views: number }).views);
        }
      });
    }
    expect(answers, item.slug).toEqual([before + 1, before + 1, before + 2, before + 2]);

    expect(await listedCount(page, item.slug, item.title)).toBe(before + 2);
    await page.goto(edit);
    const chart = page.getByRole("region", { name: "Views over time" }).getByTestId("daily-chart");
    expect(await todayFigure(chart, "views")).toBe(dayBefore + 2);
  }
});
