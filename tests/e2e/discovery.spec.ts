import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";

import { DEMO_BLOGS } from "../../app/server/seed/catalogue/blogs";
import { DEMO_INTERVIEWS } from "../../app/server/seed/catalogue/interviews";
import { DEMO_PODCASTS } from "../../app/server/seed/catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "../../app/server/seed/catalogue/special-features";
import { DEMO_VIDEOS } from "../../app/server/seed/catalogue/videos";
import { test as browserTest } from "./fixtures";
import { expect, parseHtml, test } from "./http/request-test";

/**
 * PRODUCT.md "Discovery": pages read as a link-preview crawler or a search engine reads them, without
 * JavaScript: head tags, absolute preview images that really are 1200×630 images, and JSON-LD. A crawler
 * reads the HTML the server sends, so these tests fetch it and parse it; only the last one needs a browser,
 * to show that a page with JavaScript on runs no script a title carried.
 */

type Crawled = ReturnType<typeof parseHtml>["document"];

/** A page as crawlers read it: the server's HTML, parsed, with no script run. */
async function crawl(request: APIRequestContext, path: string): Promise<Crawled> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return parseHtml(await response.text()).document;
}

/** The content of the one `<meta>` in the head with this property or name. */
function metaContent(page: Crawled, key: string) {
  const tags = [...page.querySelectorAll(`head meta[property="${key}"], head meta[name="${key}"]`)];
  expect(tags, key).toHaveLength(1);
  return tags[0]!.getAttribute("content")!;
}

/** The addresses of the head's canonical links (there should be one, or none). */
const canonicalLinks = (page: Crawled) => [...page.querySelectorAll('head link[rel="canonical"]')].map((link) => link.getAttribute("href"));

function structuredData(page: Crawled): Record<string, unknown>[] {
  const scripts = [...page.querySelectorAll('script[type="application/ld+json"]')];
  return scripts.map((script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>);
}

/** Text as Playwright's `hasText` compares it: white space collapsed, any case. */
const comparable = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** The path of a demo item's page, from its link on its list page (other specs add items of their own). */
function demoItemPath(page: Crawled, pattern: RegExp, title: string) {
  const hrefs = [...page.querySelectorAll("main a[href]")]
    .filter((link) => comparable(link.textContent ?? "").includes(comparable(title)))
    .map((link) => link.getAttribute("href") ?? "");
  const path = hrefs.find((href) => pattern.test(href));
  expect(path, `a link to "${title}" matching ${pattern}`).toBeTruthy();
  return path!;
}

/** A demo item of each type, with a video where the type has one. */
const withVideo = <T extends { videoUrl?: string | null }>(items: readonly T[]) => items.find((item) => item.videoUrl)!;

const DETAIL_PAGES = [
  {
    list: "/videos",
    title: withVideo(DEMO_VIDEOS).title,
    link: /^\/video\/[\w-]+$/,
    schema: "VideoObject",
    required: ["name", "description", "thumbnailUrl", "uploadDate", "duration", "embedUrl", "interactionStatistic"],
  },
  {
    list: "/podcasts",
    title: DEMO_PODCASTS[0]!.title,
    link: /^\/podcast\/[\w-]+$/,
    schema: "PodcastEpisode",
    required: ["name", "description", "url", "datePublished", "partOfSeries"],
  },
  {
    list: "/blog",
    title: DEMO_BLOGS[0]!.title,
    link: /^\/blog\/[\w-]+$/,
    schema: "NewsArticle",
    required: ["headline", "image", "datePublished", "dateModified", "author"],
  },
  {
    list: "/interviews",
    title: withVideo(DEMO_INTERVIEWS).title,
    link: /^\/interviews\/[\w-]+$/,
    schema: "VideoObject",
    required: ["name", "thumbnailUrl", "uploadDate"],
  },
  {
    list: "/special-features",
    title: DEMO_SPECIAL_FEATURES[0]!.title,
    link: /^\/special-features\/[\w-]+$/,
    schema: "NewsArticle",
    required: ["headline", "image", "datePublished", "author"],
  },
] as const;

for (const detail of DETAIL_PAGES) {
  test(`a ${detail.schema} page from ${detail.list} gives a crawler its preview and structured data`, async ({ request, baseURL }) => {
    const list = await crawl(request, detail.list);
    const path = demoItemPath(list, detail.link, detail.title);
    const page = await crawl(request, path);
    const url = `${baseURL}${path}`;

    expect(canonicalLinks(page)).toEqual([url]);
    expect(metaContent(page, "og:url")).toBe(url);
    const title = metaContent(page, "og:title");
    expect(page.title).toBe(`${title} | MarketWire`);
    expect(metaContent(page, "og:description").length).toBeGreaterThan(0);
    expect(metaContent(page, "og:site_name")).toBe("MarketWire");
    expect(metaContent(page, "twitter:card")).toBe("summary_large_image");
    expect([metaContent(page, "og:image:width"), metaContent(page, "og:image:height")]).toEqual(["1200", "630"]);

    const image = metaContent(page, "og:image");
    expect(image.startsWith(`${baseURL}/og/`), image).toBe(true);
    expect(metaContent(page, "twitter:image")).toBe(image);
    const answer = await request.get(image);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^image\/(jpeg|png|webp)/);
    const { width, height } = await sharp(await answer.body()).metadata();
    expect([width, height]).toEqual([1200, 630]);

    const data = structuredData(page);
    const item = data.find((entry) => entry["@type"] === detail.schema);
    expect(item, `${detail.schema} in ${JSON.stringify(data)}`).toBeTruthy();
    for (const field of detail.required) expect(item, field).toHaveProperty(field);
    const trail = data.find((entry) => entry["@type"] === "BreadcrumbList") as { itemListElement: { item: string }[] } | undefined;
    expect(trail?.itemListElement.map((crumb) => crumb.item)).toEqual([`${baseURL}/`, `${baseURL}${detail.list}`, url]);
  });
}

for (const list of ["/interviews", "/special-features"]) {
  test(`${list} carries link-preview tags with the site's image`, async ({ request, baseURL }) => {
    const page = await crawl(request, list);
    expect(metaContent(page, "og:url")).toBe(`${baseURL}${list}`);
    const image = metaContent(page, "og:image");
    expect(image).toBe(`${baseURL}/og/default.jpg`);
    const answer = await request.get(image);
    expect(answer.headers()["content-type"]).toBe("image/jpeg");
    expect(await sharp(await answer.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
}

test("every public page has a title, a description and an absolute canonical link", async ({ request, baseURL }) => {
  for (const path of [
    "/",
    "/about",
    "/programme",
    "/clients",
    "/contact",
    "/videos",
    "/podcasts",
    "/blog",
    "/blog?page=2",
    "/interviews",
    "/special-features",
  ]) {
    const page = await crawl(request, path);
    expect(page.title.endsWith("MarketWire") || page.title.startsWith("MarketWire"), path).toBe(true);
    expect(metaContent(page, "description").length, path).toBeGreaterThan(10);
    expect(canonicalLinks(page), path).toEqual([`${baseURL}${path}`]);
  }
});

test("section pages link their feeds in the head, and the footer links all four", async ({ request, baseURL }) => {
  const feedsOf = async (path: string) => {
    const page = await crawl(request, path);
    return [...page.querySelectorAll('head link[rel="alternate"][type="application/rss+xml"]')].map((link) => link.getAttribute("href"));
  };
  expect(await feedsOf("/")).toEqual([`${baseURL}/rss.xml`]);
  expect(await feedsOf("/videos")).toEqual([`${baseURL}/rss.xml`, `${baseURL}/videos/rss.xml`]);
  expect(await feedsOf("/blog")).toEqual([`${baseURL}/rss.xml`, `${baseURL}/blog/rss.xml`]);
  expect(await feedsOf("/podcasts")).toEqual([`${baseURL}/rss.xml`, `${baseURL}/podcasts/rss.xml`]);
  expect(await feedsOf("/companies/ironbark-gold")).toEqual([`${baseURL}/rss.xml`, `${baseURL}/companies/ironbark-gold/rss.xml`]);
  const home = await crawl(request, "/");
  const footerFeeds = [...home.querySelectorAll('nav[aria-label="RSS feeds"] a[href]')];
  expect(footerFeeds.map((link) => link.getAttribute("href"))).toEqual([
    "/rss.xml",
    "/videos/rss.xml",
    "/blog/rss.xml",
    "/podcasts/rss.xml",
  ]);
});

test("the home page names the site and its search action", async ({ request, baseURL }) => {
  const data = structuredData(await crawl(request, "/"));
  expect(data).toContainEqual(expect.objectContaining({ "@type": "Organization", name: "MarketWire", url: `${baseURL}/` }));
  const site = data.find((entry) => entry["@type"] === "WebSite");
  expect(site).toMatchObject({
    potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${baseURL}/search?q={search_term_string}` } },
  });
});

test("sign-in, search and the admin say noindex", async ({ adminRequest }) => {
  for (const path of ["/auth", "/search?q=gold", "/admin", "/admin/videos", "/admin/blogs/new", "/admin/messages"]) {
    const page = await crawl(adminRequest, path);
    expect(metaContent(page, "robots"), path).toMatch(/^noindex/);
    expect(canonicalLinks(page), path).toEqual([]);
  }
});

browserTest("a title that tries to close the JSON-LD script stays text", async ({ adminPage: page, request }) => {
  const title = `Rates & "Banks" </script><script>window.__injected = 1</script> ${Date.now()}`;
  await page.goto("/admin/blogs/new");
  await expect(page.locator("[data-hydrated]")).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Description").fill("An article whose title tries to break out of its structured data.");
  await page.getByRole("textbox", { name: "Content", exact: true }).fill("Body");
  await page.getByLabel("Author Name").fill("Ada Analyst");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Blog post published successfully")).toBeVisible();
  const href = await page.getByRole("link", { name: `Edit ${title}`, exact: true }).getAttribute("href");
  const path = `/blog/${href!.split("/").pop()}`;

  const article = await crawl(request, path);
  const data = structuredData(article);
  expect(data.find((entry) => entry["@type"] === "NewsArticle")).toMatchObject({ headline: title });
  expect(metaContent(article, "og:title")).toBe(title);

  // With JavaScript on, the page runs no script the title carried.
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
});
