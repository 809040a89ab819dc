/**
 * A company's feed, `/companies/{slug}/rss.xml` (PRODUCT.md "Discovery"), on a real database: only the live
 * items naming the company, newest first, 50 at most, paid ones opening with their disclosure; an unknown
 * slug is a 404.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { loader as companyFeedLoader } from "~/routes/companies.$slug.rss[.]xml";

import {
  day,
  emptyBeforeEach,
  insertBlogs,
  insertInterviews,
  insertPodcasts,
  insertSpecialFeatures,
  insertVideos,
} from "../../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { readRss, textOf, type XmlNode } from "../../../tests/support/feeds";
import { insertCompanies, PAID, tagItem } from "../../../tests/support/item-promotion";
import { callRoute } from "../../../tests/support/route";
import * as dbServer from "../db/db.server";
import { schema } from "../db/db.server";
import { buildCompanyFeed, withCompanyFeed } from "./company-feed.server";

const ORIGIN = "http://localhost:3000";

emptyBeforeEach(schema.videos, schema.podcasts, schema.blogs, schema.interviews, schema.specialFeatures, schema.companies);
restoreEnvAfterEach(["PUBLIC_URL"]);

const tomorrow = () => new Date(Date.now() + 86_400_000);
const titles = (items: XmlNode[]) => items.map((item) => textOf(item.title));

/** Ironbark named by one live item of each type, plus a draft, an archived and a scheduled item; Other Co by its own item. */
async function seed() {
  const [ironbark, other] = await insertCompanies([
    { name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" },
    { name: "Other Co", slug: "other-co", ticker: "OTH", exchange: "NYSE" },
  ]);
  const [video] = await insertVideos([{ title: "Ironbark video", publishedAt: day(1) }]);
  const [podcast] = await insertPodcasts([{ title: "Ironbark podcast", publishedAt: day(2) }]);
  const [blog] = await insertBlogs([{ title: "Ironbark post", publishedAt: day(3) }]);
  const [interview] = await insertInterviews([{ title: "Ironbark interview", publishedAt: day(5) }]);
  const [feature] = await insertSpecialFeatures([{ title: "Ironbark feature", publishedAt: day(4) }]);
  const [draft] = await insertBlogs([{ title: "Draft post", status: "draft", publishedAt: null }]);
  const [archived] = await insertVideos([{ title: "Archived video", status: "archived", publishedAt: null }]);
  const [scheduled] = await insertInterviews([{ title: "Scheduled interview", publishedAt: tomorrow() }]);
  const [othersItem] = await insertBlogs([{ title: "Other Co post", publishedAt: day(9) }]);
  const [untagged] = await insertVideos([{ title: "Untagged video", publishedAt: day(8) }]);
  await tagItem("video", video!.id, [ironbark!.id]);
  await tagItem("podcast", podcast!.id, [ironbark!.id]);
  await tagItem("blog", blog!.id, [ironbark!.id, other!.id]);
  await tagItem("interview", interview!.id, [ironbark!.id]);
  await tagItem("special_feature", feature!.id, [ironbark!.id]);
  await tagItem("blog", draft!.id, [ironbark!.id]);
  await tagItem("video", archived!.id, [ironbark!.id]);
  await tagItem("interview", scheduled!.id, [ironbark!.id]);
  await tagItem("blog", othersItem!.id, [other!.id]);
  return { ironbark: ironbark!, other: other!, untagged: untagged!, interview: interview! };
}

describe('/companies/{slug}/rss.xml (PRODUCT.md "Discovery")', () => {
  it("lists exactly the company's live items of every type, newest first, in a channel named for the company", async () => {
    const { interview } = await seed();
    const xml = (await buildCompanyFeed("ironbark-gold"))!;
    const { channel, items } = await readRss(xml);
    expect(textOf(channel.title)).toBe("Ironbark Gold (ASX:IBG) on MarketWire");
    expect(textOf(channel.link)).toBe(`${ORIGIN}/companies/ironbark-gold`);
    expect(textOf(channel.description)).toContain("Ironbark Gold (ASX:IBG)");
    const self = (channel["atom:link"] as unknown as XmlNode[]).find((link) => link["@rel"] === "self")!;
    expect(self["@href"]).toBe(`${ORIGIN}/companies/ironbark-gold/rss.xml`);
    expect(titles(items)).toEqual(["Ironbark interview", "Ironbark feature", "Ironbark post", "Ironbark podcast", "Ironbark video"]);
    expect(textOf(items[0]!.link)).toBe(`${ORIGIN}/interviews/${interview.id}`);
    // Each entry still names all its companies, as in the site's feeds.
    expect((items[2]!.category as unknown as XmlNode[]).map((category) => textOf(category))).toEqual([
      "Blog",
      "Ironbark Gold (ASX:IBG)",
      "Other Co (NYSE:OTH)",
    ]);
    for (const hidden of ["Draft post", "Archived video", "Scheduled interview", "Other Co post", "Untagged video"])
      expect(xml).not.toContain(hidden);

    const other = await readRss((await buildCompanyFeed("other-co"))!);
    expect(textOf(other.channel.title)).toBe("Other Co (NYSE:OTH) on MarketWire");
    expect(titles(other.items)).toEqual(["Other Co post", "Ironbark post"]);
  });

  it("is valid and empty for a company without live coverage", async () => {
    await insertCompanies([{ name: "Quiet Co", slug: "quiet-co", ticker: "QCO" }]);
    const { channel, items } = await readRss((await buildCompanyFeed("quiet-co"))!);
    expect(textOf(channel.title)).toBe("Quiet Co (ASX:QCO) on MarketWire");
    expect(items).toEqual([]);
  });

  it("keeps the company's 50 newest items", async () => {
    const [company] = await insertCompanies([{ name: "Busy Co", slug: "busy-co", ticker: "BSY" }]);
    const blogs = await insertBlogs(Array.from({ length: 30 }, (_, i) => ({ title: `Post ${i}`, publishedAt: day(2 * i) })));
    const videos = await insertVideos(Array.from({ length: 30 }, (_, i) => ({ title: `Video ${i}`, publishedAt: day(2 * i + 1) })));
    for (const blog of blogs) await tagItem("blog", blog.id, [company!.id]);
    for (const video of videos) await tagItem("video", video.id, [company!.id]);
    const { items } = await readRss((await buildCompanyFeed("busy-co"))!);
    expect(items).toHaveLength(50);
    expect(titles(items).slice(0, 2)).toEqual(["Video 29", "Post 29"]);
    expect(titles(items).at(-1)).toBe("Post 5");
  });

  it("opens a paid item's entry with its disclosure; unpaid entries are as they were", async () => {
    const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    const [paid] = await insertInterviews([
      { ...PAID, title: "Paid talk", description: "<p>Ounces &amp; grades</p>", publishedAt: day(2) },
    ]);
    const [unpaid] = await insertBlogs([{ title: "Unpaid post", description: "Plain", publishedAt: day(1) }]);
    await tagItem("interview", paid!.id, [company!.id]);
    await tagItem("blog", unpaid!.id, [company!.id]);
    const { items } = await readRss((await buildCompanyFeed("ironbark-gold"))!);
    expect(items.map((item) => textOf(item.description))).toEqual([
      "Paid promotion. MarketWire received A$5,000 in cash from Halcyon Investor Relations for this interview. Sponsored interview with the chief executive.\n\nOunces & grades",
      "Plain",
    ]);
  });

  it("puts every link on PUBLIC_URL", async () => {
    setEnv({ PUBLIC_URL: "https://news.example.com" });
    const { interview } = await seed();
    const { channel, items } = await readRss((await buildCompanyFeed("ironbark-gold"))!);
    expect(textOf(channel.link)).toBe("https://news.example.com/companies/ironbark-gold");
    expect(textOf(items[0]!.link)).toBe(`https://news.example.com/interviews/${interview.id}`);
  });

  it.each([["no-such-company"], ["Ironbark-Gold"], ["../rss"], ["a".repeat(101)], [""]])("finds no company for %j", async (slug) => {
    await seed();
    expect(await buildCompanyFeed(slug)).toBeNull();
  });
});

describe("the company feed route", () => {
  afterEach(() => vi.restoreAllMocks());

  const load = (slug: string) =>
    callRoute(companyFeedLoader, `/companies/${encodeURIComponent(slug)}/rss.xml`, { params: { slug }, throws: false });

  it("answers RSS, cached by CDNs for five minutes like the other feeds", async () => {
    await seed();
    const { status, headers, body } = await load("ironbark-gold");
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
    expect(titles((await readRss(body as string)).items)).toHaveLength(5);
  });

  it.each([["no-such-company"], ["Bad Slug!"]])("answers %j with a plain 404, never cached", async (slug) => {
    await seed();
    const { status, headers, body } = await load(slug);
    expect(status).toBe(404);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toBe("Not found.\n");
  });

  it("answers 503 in plain text, never cached, when the database fails", async () => {
    vi.spyOn(dbServer, "getDb").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, headers } = await load("ironbark-gold");
    expect(status).toBe(503);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(String(logged.mock.calls[0]![0])).toContain("/companies/ironbark-gold/rss.xml");
  });
});

describe("withCompanyFeed", () => {
  const company = { name: "Ironbark Gold", slug: "ironbark-gold", tickerLabel: "ASX:IBG" };
  const feedLink = {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: "Ironbark Gold (ASX:IBG) on MarketWire",
    href: `${ORIGIN}/companies/ironbark-gold/rss.xml`,
  };

  it("links the company's feed right after the site's feeds", () => {
    const site = {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "MarketWire: All content",
      href: `${ORIGIN}/rss.xml`,
    };
    const meta = [{ title: "Ironbark Gold" }, site, { property: "og:type", content: "website" }];
    expect(withCompanyFeed(meta, company)).toEqual([meta[0], site, feedLink, meta[2]]);
  });

  it("adds it at the end when the page links no other feed", () => {
    expect(withCompanyFeed([{ title: "Ironbark Gold" }], company)).toEqual([{ title: "Ironbark Gold" }, feedLink]);
  });
});
