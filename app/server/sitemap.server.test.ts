import { afterEach, describe, expect, it, vi } from "vitest";

import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";

import { day, emptyBeforeEach, insertBlogs, insertPodcasts, insertVideos } from "../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../tests/support/env";
import { parseXml, SITEMAP_XSD, textOf, xmllint, type XmlNode } from "../../tests/support/feeds";
import { callRoute } from "../../tests/support/route";
import * as dbServer from "./db.server";
import { getDb, schema } from "./db.server";
import { buildSitemap } from "./sitemap.server";

emptyBeforeEach(schema.companies, schema.videos, schema.podcasts, schema.blogs, schema.interviews, schema.specialFeatures);
restoreEnvAfterEach(["PUBLIC_URL"]);

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

function entries(xml: string) {
  const urls = parseXml(xml).urlset!.url as unknown as XmlNode[];
  return urls.map((url) => ({ loc: textOf(url.loc), lastmod: url.lastmod === undefined ? undefined : textOf(url.lastmod) }));
}

describe('/sitemap.xml (PRODUCT.md "Discovery")', () => {
  it("validates against the sitemaps.org schema", async () => {
    await seedEveryType();
    const xml = await buildSitemap();
    expect(await xmllint(xml, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
  });

  it("lists the fixed pages, then every published item of all five types at its own page with its last change", async () => {
    const { video, podcast, blog, interview, feature, republished } = await seedEveryType();
    const urls = entries(await buildSitemap());
    const origin = "http://localhost:3000";
    expect(urls.slice(0, FIXED_PAGES.length).map((url) => url.loc)).toEqual(FIXED_PAGES.map((page) => origin + page));
    expect(urls.slice(FIXED_PAGES.length)).toEqual([
      { loc: `${origin}/blog/${republished.id}`, lastmod: day(40).toISOString() },
      { loc: `${origin}/special-features/${feature.id}`, lastmod: day(15).toISOString() },
      { loc: `${origin}/interviews/${interview.id}`, lastmod: day(14).toISOString() },
      { loc: `${origin}/blog/${blog.id}`, lastmod: day(13).toISOString() },
      { loc: `${origin}/podcast/${podcast.id}`, lastmod: day(12).toISOString() },
      { loc: `${origin}/video/${video.id}`, lastmod: day(11).toISOString() },
    ]);
    // A list page changed when its newest item did; the fixed pages say nothing.
    const lastmodOf = (page: string) => urls.find((url) => url.loc === origin + page)!.lastmod;
    expect(lastmodOf("/blog")).toBe(day(40).toISOString());
    expect(lastmodOf("/videos")).toBe(day(11).toISOString());
    expect(lastmodOf("/about")).toBeUndefined();
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
  });

  it("never lists drafts or archived items", async () => {
    const { hidden } = await seedEveryType();
    const xml = await buildSitemap();
    expect(hidden).toHaveLength(5);
    for (const row of hidden) expect(xml).not.toContain(row.id);
  });

  it("puts every address on PUBLIC_URL", async () => {
    setEnv({ PUBLIC_URL: "https://news.example.com" });
    await seedEveryType();
    const xml = await buildSitemap();
    const urls = entries(xml);
    expect(urls.length).toBe(FIXED_PAGES.length + 6);
    for (const url of urls) expect(url.loc).toMatch(/^https:\/\/news\.example\.com\//);
    expect(await xmllint(xml, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
  });

  it("lists /companies and each company with coverage visitors can see, with the newest change of the company or its items", async () => {
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
    const xml = await buildSitemap();
    const urls = entries(xml);
    const origin = "http://localhost:3000";
    expect(urls.at(-1)).toEqual({ loc: `${origin}/companies/covered-co`, lastmod: day(8).toISOString() });
    expect(urls.find((url) => url.loc === `${origin}/companies`)!.lastmod).toBe(day(8).toISOString());
    expect(xml).not.toContain("/companies/draft-only");
    expect(xml).not.toContain(`/companies/${untagged!.slug}`);
    expect(await xmllint(xml, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
  });

  it("is valid with no content at all", async () => {
    const xml = await buildSitemap();
    expect(entries(xml)).toHaveLength(FIXED_PAGES.length);
    expect(await xmllint(xml, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
  });
});

describe("/sitemap.xml route", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers XML, cached by CDNs for an hour", async () => {
    await seedEveryType();
    const { status, headers, body } = await callRoute(sitemapLoader, "/sitemap.xml", { throws: false });
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=3600, stale-while-revalidate=600");
    expect(await xmllint(body as string, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
  });

  it("answers 503 in plain text, never cached, when the database fails", async () => {
    vi.spyOn(dbServer, "getDb").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, headers, body } = await callRoute(sitemapLoader, "/sitemap.xml", { throws: false });
    expect(status).toBe(503);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toBe("Temporarily unavailable. Please try again later.\n");
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
