import type { APIRequestContext } from "@playwright/test";

import { demoId } from "../../app/server/seed/catalogue/demo-ids";
import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { DEMO_PODCASTS } from "../../app/server/seed/catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "../../app/server/seed/catalogue/special-features";
import { DEMO_VIDEOS } from "../../app/server/seed/catalogue/videos";
import { test as browserTest } from "./fixtures";
import { expect, test } from "./http/request-test";
import { axeViolations, nuHtmlCheck } from "./page-checks";

/**
 * The server-rendered HTML of every public page passes the W3C Nu Html Checker (vnu.jar, needs Java).
 * Errors fail the test; warnings are printed but do not (they are advice, e.g. about redundant roles).
 * The HTML is fetched without a browser. The same pages, rendered in Chromium in both themes and at a
 * phone's and a desktop's width, have no axe-core violations: that needs the browser's layout and colours.
 */

/** The first `/<kind>/<uuid>` link on a list page: a real, published item of the seeded demo content. */
async function firstItemPath(request: APIRequestContext, listPath: string, kind: string) {
  const html = await (await request.get(listPath)).text();
  const match = html.match(new RegExp(`href="(/${kind}/[0-9a-f-]{36})"`));
  expect(match, `a /${kind}/{id} link on ${listPath}`).not.toBeNull();
  return match![1];
}

/** A demo item whose video is on a video host: its page shows the click-to-play player (PRODUCT.md "Video"). */
function hostVideoPage(kind: string, type: string, items: { slug: string; videoUrl?: string | null }[]) {
  const item = items.find((candidate) => /youtube\.com|youtu\.be|vimeo\.com/.test(candidate.videoUrl ?? ""));
  expect(item, `a demo ${type} with a video-host address`).toBeDefined();
  return { path: `/${kind}/${demoId(type, item!.slug)}`, status: 200 };
}

async function publicPages(request: APIRequestContext) {
  return [
    { path: "/", status: 200 },
    { path: "/about", status: 200 },
    { path: "/programme", status: 200 },
    { path: "/clients", status: 200 },
    // PRODUCT.md "Measurement"
    { path: "/methodology", status: 200 },
    { path: "/interviews", status: 200 },
    { path: "/podcasts", status: 200 },
    { path: "/special-features", status: 200 },
    { path: "/videos", status: 200 },
    { path: "/blog", status: 200 },
    { path: await firstItemPath(request, "/blog", "blog"), status: 200 },
    { path: await firstItemPath(request, "/videos", "video"), status: 200 },
    { path: await firstItemPath(request, "/podcasts", "podcast"), status: 200 },
    { path: await firstItemPath(request, "/interviews", "interviews"), status: 200 },
    { path: await firstItemPath(request, "/special-features", "special-features"), status: 200 },
    // The first items above may be ones other specs made; these are demo items with a host's video.
    hostVideoPage("video", "video", DEMO_VIDEOS),
    hostVideoPage("interviews", "interview", DEMO_INTERVIEWS),
    hostVideoPage("special-features", "special_feature", DEMO_SPECIAL_FEATURES),
    { path: "/contact", status: 200 },
    // PRODUCT.md "Company pages", with a demo company of the seed.
    { path: "/companies", status: 200 },
    { path: "/companies?sector=mining", status: 200 },
    { path: "/companies/ironbark-gold", status: 200 },
    { path: "/companies/no-such-company", status: 404 },
    // PRODUCT.md "Newsletter editions": the archive.
    { path: "/newsletter", status: 200 },
    { path: "/newsletter/00000000-0000-4000-8000-000000000000", status: 404 },
    { path: "/search", status: 200 },
    { path: "/search?q=market", status: 200 },
    { path: "/auth", status: 200 },
    { path: "/no-such-page", status: 404 },
  ];
}

/**
 * PRODUCT.md "Embeds": the pages other sites frame, in both themes. Checked here by the Nu Html Checker; axe
 * checks them in tests/e2e/embeds.spec.ts, where their theme is a parameter, not the theme cookie.
 */
const EMBED_PAGES = [
  { path: `/embed/interviews/${demoId("interview", DEMO_INTERVIEWS.find((interview) => interview.paidPromotion)!.slug)}`, status: 200 },
  {
    path: `/embed/videos/${demoId("video", DEMO_VIDEOS.find((video) => !video.status && video.videoUrl?.includes("youtube"))!.slug)}?theme=dark`,
    status: 200,
  },
  { path: `/embed/podcasts/${demoId("podcast", DEMO_PODCASTS.find((podcast) => !podcast.status)!.slug)}`, status: 200 },
  { path: "/embed/companies/ironbark-gold?theme=light", status: 200 },
  { path: "/embed/blogs/00000000-0000-4000-8000-000000000000", status: 404 },
];

/** The server-rendered HTML of every public page and embed page, each checked for its expected status. */
async function fetchPublicPages(request: APIRequestContext) {
  const pages: { path: string; html: string }[] = [];
  for (const { path: pagePath, status } of [...(await publicPages(request)), ...EMBED_PAGES]) {
    const response = await request.get(pagePath);
    expect(response.status(), `status of ${pagePath}`).toBe(status);
    pages.push({ path: pagePath, html: await response.text() });
  }
  return pages;
}

/** Fetched once for the two HTML tests: each page is rendered once rather than twice (28 pages and 5 embeds). */
let fetched: ReturnType<typeof fetchPublicPages> | undefined;
const publicPagesHtml = (request: APIRequestContext) => (fetched ??= fetchPublicPages(request));

test("every public page has a non-empty <title> in its server-rendered HTML", async ({ request }) => {
  const untitled = (await publicPagesHtml(request)).filter(({ html }) => !/<title>[^<]*\S[^<]*<\/title>/.test(html));
  expect(untitled.map((page) => page.path)).toEqual([]);
});

test("every public page is valid HTML according to the W3C Nu Html Checker", async ({ request }) => {
  test.setTimeout(300_000);
  const { errors, warnings } = await nuHtmlCheck(await publicPagesHtml(request));
  if (warnings) console.log(`Nu Html Checker warnings (reported, not failing):\n${warnings}`);
  expect(errors, "Nu Html Checker errors").toBe("");
});

for (const [theme, width] of [
  ["light", 1280],
  ["dark", 375],
] as const) {
  browserTest(
    `every public page has no axe-core violations (WCAG 2.2 AA, ${theme} theme, ${width} px)`,
    async ({ browser, request, baseURL }) => {
      browserTest.setTimeout(300_000);
      // The pages' CSP admits only scripts carrying the render's nonce; axe is injected from outside.
      const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      // The theme menu's own request sets the cookie (PRODUCT.md "Theme").
      const chosen = await context.request.post("/resources/theme", { form: { theme }, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(chosen.status()).toBeLessThan(400);
      const page = await context.newPage();
      const found: string[] = [];
      for (const { path: pagePath } of await publicPages(request)) {
        await page.goto(pagePath);
        const violations = await axeViolations(page);
        found.push(...violations.map((violation) => `${pagePath}: ${violation}`));
      }
      await context.close();
      expect(found).toEqual([]);
    },
  );
}
