import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { loader as sitemapIndexLoader } from "~/routes/sitemap[.]xml";
import { loader as sitemapLoader } from "~/routes/sitemaps.$file";

import { day, emptyBeforeEach, insertBlogs, insertPodcasts, insertVideos } from "../../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { parseXml, SITEINDEX_XSD, SITEMAP_XSD, textOf, xmllint, type XmlNode } from "../../../tests/support/feeds";
import { callRoute } from "../../../tests/support/route";
import * as dbServer from "../db/db.server";
import { getDb, schema } from "../db/db.server";
import { buildSitemap, buildSitemapIndex, MAX_SITEMAP_BYTES, MAX_SITEMAP_URLS, urlsPerSitemap } from "./sitemap.server";

emptyBeforeEach(schema.companies, schema.videos, schema.podcasts, schema.blogs, schema.interviews, schema.specialFeatures);
restoreEnvAfterEach(["PUBLIC_URL"]);

const ORIGIN = "http://localhost:3000";

const FIXED_PAGES = [
  "/",
  "/about",
  "/programme",
  "/clients",
  "/contact",
  "/videos",
  "/podcasts",
  "/blog",
  "/interviews",
  "/special-features",
  "/companies",
];

/** One published item of every type, its last change after its publication, and hidden ones. */
async function seedEveryType() {
  const db = await getDb();
  const edited = (n: number) => ({ publishedAt: day(n), updatedAt: day(n + 10) });
  const [video] = await insertVideos([{ title: "Video", ...edited(1) }]);
  const [podcast] = await insertPodcasts([{ title: "Podcast", ...edited(2) }]);
  const [blog] = await insertBlogs([{ title: "Post", ...edited(3) }]);
  const [interview] = await db
    .insert(schema.interviews)
    .values({ title: "Interview", status: "published", ...edited(4) })
    .returning();
  const [feature] = await db
    .insert(schema.specialFeatures)
    .values({ title: "Feature", status: "published", ...edited(5) })
    .returning();
  // Published after its last edit (a row written before publishing kept its old updated_at).
  const [republished] = await insertBlogs([{ title: "Republished", publishedAt: day(40), updatedAt: day(30) }]);
  const hidden = [
    ...(await insertVideos([{ title: "Draft", status: "draft", publishedAt: null }])),
    ...(await insertPodcasts([{ title: "Archived", status: "archived", publishedAt: null }])),
    ...(await insertBlogs([{ title: "Draft post", status: "draft", publishedAt: null }])),
    ...(await db.insert(schema.interviews).values({ title: "Draft interview", status: "draft" }).returning()),
    ...(await db.insert(schema.specialFeatures).values({ title: "Archived feature", status: "archived" }).returning()),
  ];
  return { video: video!, podcast: podcast!, blog: blog!, interview: interview!, feature: feature!, republished: republished!, hidden };
}

/** A sitemap's URLs; fails unless it is valid against the sitemaps.org schema. */
async function urlsOf(xml: string | null) {
  expect(xml).not.toBeNull();
  expect(await xmllint(xml!, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
  const urls = parseXml(xml!).urlset!.url as unknown as XmlNode[];
  return urls.map((url) => ({ loc: textOf(url.loc), lastmod: url.lastmod === undefined ? undefined : textOf(url.lastmod) }));
}

/** The index's sitemaps; fails unless it is valid against the sitemaps.org schema of sitemap indexes. */
async function sitemapsOf(xml: string) {
  expect(await xmllint(xml, SITEINDEX_XSD)).toEqual({ valid: true, errors: [] });
  const sitemaps = parseXml(xml).sitemapindex!.sitemap as unknown as XmlNode[];
  return sitemaps.map((entry) => ({ loc: textOf(entry.loc), lastmod: entry.lastmod === undefined ? undefined : textOf(entry.lastmod) }));
}

describe('/sitemap.xml: the sitemap index (PRODUCT.md "Discovery")', () => {
  it("names the pages' sitemap, then one sitemap per section with pages, each with its newest change", async () => {
    await seedEveryType();
    expect(await sitemapsOf(await buildSitemapIndex())).toEqual([
      { loc: `${ORIGIN}/sitemaps/pages-1.xml`, lastmod: day(40).toISOString() },
      { loc: `${ORIGIN}/sitemaps/videos-1.xml`, lastmod: day(11).toISOString() },
      { loc: `${ORIGIN}/sitemaps/podcasts-1.xml`, lastmod: day(12).toISOString() },
      { loc: `${ORIGIN}/sitemaps/blog-1.xml`, lastmod: day(40).toISOString() },
      { loc: `${ORIGIN}/sitemaps/interviews-1.xml`, lastmod: day(14).toISOString() },
      { loc: `${ORIGIN}/sitemaps/special-features-1.xml`, lastmod: day(15).toISOString() },
    ]);
  });

  it("names only the pages' sitemap, without a date, when there is no content", async () => {
    expect(await sitemapsOf(await buildSitemapIndex())).toEqual([{ loc: `${ORIGIN}/sitemaps/pages-1.xml`, lastmod: undefined }]);
  });

  it("splits a section into sitemaps of at most the page size, oldest first, each dated by its own newest change", async () => {
    const posts = await insertBlogs(Array.from({ length: 7 }, (_, i) => ({ publishedAt: day(i), updatedAt: day(7 - i) })));
    expect(await sitemapsOf(await buildSitemapIndex(3))).toEqual([
      { loc: `${ORIGIN}/sitemaps/pages-1.xml`, lastmod: day(7).toISOString() },
      // Post i last changed on the later of its publication (day i) and its edit (day 7 − i).
      { loc: `${ORIGIN}/sitemaps/blog-1.xml`, lastmod: day(7).toISOString() },
      { loc: `${ORIGIN}/sitemaps/blog-2.xml`, lastmod: day(5).toISOString() },
      { loc: `${ORIGIN}/sitemaps/blog-3.xml`, lastmod: day(6).toISOString() },
    ]);
    const pages = await Promise.all(
      [1, 2, 3].map(async (n) => (await urlsOf(await buildSitemap(`blog-${n}.xml`, 3))).map((url) => url.loc)),
    );
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(posts.map((post) => `${ORIGIN}/blog/${post.id}`));
    expect(await buildSitemap("blog-4.xml", 3)).toBeNull();
  });

  it("keeps earlier sitemaps as they were when content is added", async () => {
    await insertBlogs(Array.from({ length: 4 }, (_, i) => ({ publishedAt: day(i), updatedAt: day(i) })));
    const before = await buildSitemap("blog-1.xml", 3);
    await insertBlogs([{ publishedAt: day(20), updatedAt: day(20) }]);
    expect(await buildSitemap("blog-1.xml", 3)).toBe(before);
    expect(await urlsOf(await buildSitemap("blog-2.xml", 3))).toHaveLength(2);
  });

  it("puts every address on PUBLIC_URL", async () => {
    setEnv({ PUBLIC_URL: "https://news.example.com" });
    await seedEveryType();
    const sitemaps = await sitemapsOf(await buildSitemapIndex());
    for (const { loc } of sitemaps) expect(loc).toMatch(/^https:\/\/news\.example\.com\/sitemaps\//);
    for (const { loc } of sitemaps)
      for (const url of await urlsOf(await buildSitemap(loc.split("/").pop()))) expect(url.loc).toMatch(/^https:\/\/news\.example\.com\//);
  });
});

describe("/sitemaps/pages-1.xml", () => {
  it("lists the fixed pages and the lists, each list dated by its newest item; the fixed pages say nothing", async () => {
    await seedEveryType();
    const urls = await urlsOf(await buildSitemap("pages-1.xml"));
    expect(urls.map((url) => url.loc)).toEqual(FIXED_PAGES.map((page) => ORIGIN + page));
    const lastmodOf = (page: string) => urls.find((url) => url.loc === ORIGIN + page)!.lastmod;
    expect(lastmodOf("/blog")).toBe(day(40).toISOString());
    expect(lastmodOf("/videos")).toBe(day(11).toISOString());
    expect(lastmodOf("/about")).toBeUndefined();
    expect(lastmodOf("/companies")).toBeUndefined();
  });

  it("is there, valid, with no content at all", async () => {
    expect(await urlsOf(await buildSitemap("pages-1.xml"))).toHaveLength(FIXED_PAGES.length);
  });
});

describe("/sitemaps/{section}-{n}.xml", () => {
  it("lists every published item of a type at its own page with its last change, oldest first, never drafts or archived", async () => {
    const { video, podcast, blog, interview, feature, republished, hidden } = await seedEveryType();
    const all = [];
    for (const file of ["videos-1.xml", "podcasts-1.xml", "blog-1.xml", "interviews-1.xml", "special-features-1.xml"])
      all.push(...(await urlsOf(await buildSitemap(file))));
    expect(all).toEqual([
      { loc: `${ORIGIN}/video/${video.id}`, lastmod: day(11).toISOString() },
      { loc: `${ORIGIN}/podcast/${podcast.id}`, lastmod: day(12).toISOString() },
      { loc: `${ORIGIN}/blog/${blog.id}`, lastmod: day(13).toISOString() },
      { loc: `${ORIGIN}/blog/${republished.id}`, lastmod: day(40).toISOString() },
      { loc: `${ORIGIN}/interviews/${interview.id}`, lastmod: day(14).toISOString() },
      { loc: `${ORIGIN}/special-features/${feature.id}`, lastmod: day(15).toISOString() },
    ]);
    expect(hidden).toHaveLength(5);
    for (const row of hidden) expect(JSON.stringify(all)).not.toContain(row.id);
  });

  it("lists each company with coverage visitors can see, with the newest change of the company or its items", async () => {
    const db = await getDb();
    const [covered, hiddenOnly, untagged] = await db
      .insert(schema.companies)
      .values([
        { name: "Covered Co", slug: "covered-co", ticker: "COV", exchange: "ASX", updatedAt: day(2) },
        { name: "Draft Only", slug: "draft-only", ticker: "DRF", exchange: "ASX", updatedAt: day(2) },
        { name: "Untagged", slug: "untagged", ticker: "UNT", exchange: "ASX", updatedAt: day(50) },
      ])
      .returning();
    const [blog] = await insertBlogs([{ publishedAt: day(5), updatedAt: day(8) }]);
    const [video] = await insertVideos([{ publishedAt: day(6), updatedAt: day(6) }]);
    const [draft] = await insertVideos([{ status: "draft", publishedAt: null, updatedAt: day(60) }]);
    const [future] = await insertBlogs([{ publishedAt: new Date(Date.now() + 86_400_000), updatedAt: day(61) }]);
    await db.insert(schema.contentCompanies).values([
      { contentType: "blog", contentId: blog!.id, companyId: covered!.id },
      { contentType: "video", contentId: video!.id, companyId: covered!.id },
      { contentType: "video", contentId: draft!.id, companyId: covered!.id },
      { contentType: "blog", contentId: future!.id, companyId: covered!.id },
      { contentType: "video", contentId: draft!.id, companyId: hiddenOnly!.id },
    ]);
    expect(await urlsOf(await buildSitemap("companies-1.xml"))).toEqual([
      { loc: `${ORIGIN}/companies/covered-co`, lastmod: day(8).toISOString() },
    ]);
    const pages = await urlsOf(await buildSitemap("pages-1.xml"));
    expect(pages.find((url) => url.loc === `${ORIGIN}/companies`)!.lastmod).toBe(day(8).toISOString());
    expect(untagged).toBeDefined();
  });

  it.each([["nope-1.xml"], ["videos-0.xml"], ["videos-01.xml"], ["videos-1"], ["pages-2.xml"], ["videos-1.xml.gz"], ["../videos-1.xml"]])(
    "has no sitemap named %s",
    async (file) => {
      await seedEveryType();
      expect(await buildSitemap(file)).toBeNull();
    },
  );

  it("has no sitemap for a section without pages", async () => {
    expect(await buildSitemap("videos-1.xml")).toBeNull();
    expect(await buildSitemap("companies-1.xml")).toBeNull();
  });
});

describe("urlsPerSitemap: within the sitemaps.org limits", () => {
  it("is 50,000 on an ordinary origin", () => {
    expect(urlsPerSitemap("https://news.example.com")).toBe(MAX_SITEMAP_URLS);
  });

  it("is fewer when URLs on this origin are so long that 50,000 would pass 50 MB", () => {
    const origin = `https://${"a".repeat(1500)}.example.com`;
    const perSitemap = urlsPerSitemap(origin);
    expect(perSitemap).toBeLessThan(MAX_SITEMAP_URLS);
    const entry = `<url><loc>${origin}/companies/${"x".repeat(100)}</loc><lastmod>2026-11-28T06:48:26.000Z</lastmod></url>\n`;
    expect(perSitemap * Buffer.byteLength(entry)).toBeLessThanOrEqual(MAX_SITEMAP_BYTES);
  });
});

describe("above 50,000 URLs", () => {
  it("50,001 company pages make two sitemaps: 50,000 and 1", async () => {
    const db = await getDb();
    const [video] = await insertVideos([{ publishedAt: day(1), updatedAt: day(1) }]);
    // One statement: 50,001 companies, each named by the video.
    await db.execute(sql`
      with made as (
        insert into companies (name, slug, ticker, exchange, created_at)
        select 'Company ' || n, 'company-' || n, 'T' || n, 'ASX', timestamptz '2025-01-01' + n * interval '1 second'
        from generate_series(1, ${MAX_SITEMAP_URLS + 1}) as n
        returning id)
      insert into content_companies (content_type, content_id, company_id) select 'video', ${video!.id}, id from made`);
    const sitemaps = (await sitemapsOf(await buildSitemapIndex())).map((entry) => entry.loc);
    expect(sitemaps.filter((loc) => loc.includes("/sitemaps/companies-"))).toEqual([
      `${ORIGIN}/sitemaps/companies-1.xml`,
      `${ORIGIN}/sitemaps/companies-2.xml`,
    ]);
    const first = await buildSitemap("companies-1.xml");
    expect(first!.match(/<url>/g)).toHaveLength(MAX_SITEMAP_URLS);
    expect(Buffer.byteLength(first!)).toBeLessThanOrEqual(MAX_SITEMAP_BYTES);
    expect(await urlsOf(await buildSitemap("companies-2.xml"))).toEqual([
      { loc: `${ORIGIN}/companies/company-${MAX_SITEMAP_URLS + 1}`, lastmod: expect.any(String) },
    ]);
  }, 300_000);
});

describe("sitemap routes", () => {
  afterEach(() => vi.restoreAllMocks());

  it("/sitemap.xml answers the index as XML, cached by CDNs for an hour", async () => {
    await seedEveryType();
    const { status, headers, body } = await callRoute(sitemapIndexLoader, "/sitemap.xml", { throws: false });
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=3600, stale-while-revalidate=600");
    expect(await sitemapsOf(body as string)).toHaveLength(6);
  });

  it("/sitemaps/blog-1.xml answers a sitemap the same way", async () => {
    const { blog } = await seedEveryType();
    const { status, headers, body } = await callRoute(sitemapLoader, "/sitemaps/blog-1.xml", {
      throws: false,
      params: { file: "blog-1.xml" },
    });
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=3600, stale-while-revalidate=600");
    expect((await urlsOf(body as string))[0]!.loc).toBe(`${ORIGIN}/blog/${blog.id}`);
  });

  it("a sitemap past the last, or of no section, is a 404, never cached", async () => {
    const { status, headers } = await callRoute(sitemapLoader, "/sitemaps/blog-2.xml", { throws: false, params: { file: "blog-2.xml" } });
    expect(status).toBe(404);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    ["/sitemap.xml", sitemapIndexLoader, {}],
    ["/sitemaps/pages-1.xml", sitemapLoader, { file: "pages-1.xml" }],
  ] as const)("%s answers 503 in plain text, never cached, when the database fails", async (path, loader, params) => {
    vi.spyOn(dbServer, "getDb").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, headers, body } = await callRoute(loader, path, { throws: false, params });
    expect(status).toBe(503);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toBe("Temporarily unavailable. Please try again later.\n");
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
