import { afterEach, describe, expect, it, vi } from "vitest";

import { loader as blogFeedLoader } from "~/routes/blog.rss[.]xml";
import { loader as allFeedLoader } from "~/routes/rss[.]xml";
import { loader as videoFeedLoader } from "~/routes/videos.rss[.]xml";

import { day, emptyBeforeEach, insertBlogs, insertPodcasts, insertVideos } from "../../../tests/support/content";
import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { readRss, textOf, TRICKY_DESCRIPTION, TRICKY_DESCRIPTION_TEXT, TRICKY_TITLE, type XmlNode } from "../../../tests/support/feeds";
import { PAID } from "../../../tests/support/item-promotion";
import { callRoute } from "../../../tests/support/route";
import * as dbServer from "../db/db.server";
import { getDb, schema } from "../db/db.server";
import { buildRssFeed, listPublishedForFeeds } from "./feed.server";

const ORIGIN = "http://localhost:3000";

emptyBeforeEach(schema.companies, schema.videos, schema.podcasts, schema.blogs, schema.interviews, schema.specialFeatures);
restoreEnvAfterEach(["PUBLIC_URL"]);

/** One published item of every type, newest first (video, podcast, blog, interview, special feature), and hidden ones. */
async function seedEveryType() {
  const db = await getDb();
  const [video] = await insertVideos([{ title: "Lithium & the grid", publishedAt: day(5) }]);
  const [podcast] = await insertPodcasts([{ title: "Rates hour", description: "<p>Bonds <b>rally</b></p>", publishedAt: day(4) }]);
  const [blog] = await insertBlogs([{ title: "Rates outlook", description: "<p>Yields &amp; curves</p>", publishedAt: day(3) }]);
  const [interview] = await db
    .insert(schema.interviews)
    .values({ title: "CEO talk", status: "published", publishedAt: day(2) })
    .returning();
  const [feature] = await db
    .insert(schema.specialFeatures)
    .values({ title: "Deep dive", status: "published", publishedAt: day(1) })
    .returning();
  await insertVideos([{ title: "Draft video", status: "draft", publishedAt: null }]);
  await insertBlogs([{ title: "Archived post", status: "archived", publishedAt: null }]);
  await insertPodcasts([{ title: "Draft episode", status: "draft", publishedAt: null }]);
  await db.insert(schema.interviews).values({ title: "Archived talk", status: "archived" });
  await db.insert(schema.specialFeatures).values({ title: "Draft feature", status: "draft" });
  return { video: video!, podcast: podcast!, blog: blog!, interview: interview!, feature: feature! };
}

const titles = (items: XmlNode[]) => items.map((item) => textOf(item.title));

/** The checks every RSS 2.0 feed of ours must pass, whatever it lists. */
function expectValidChannel(channel: XmlNode, origin: string, selfPath: string) {
  expect(textOf(channel.title)).not.toBe("");
  expect(textOf(channel.description)).not.toBe("");
  expect(textOf(channel.language)).toBe("en");
  expect(textOf(channel.link)).toMatch(new RegExp(`^${origin}/`));
  const self = (channel["atom:link"] as unknown as XmlNode[]).find((link) => link["@rel"] === "self")!;
  expect(self["@href"]).toBe(`${origin}${selfPath}`);
  expect(self["@type"]).toBe("application/rss+xml");
  for (const item of (channel.item ?? []) as unknown as XmlNode[]) {
    expect(textOf(item.link)).toMatch(new RegExp(`^${origin}/`));
    expect(textOf(item.guid)).toBe(textOf(item.link));
    expect(Number.isNaN(Date.parse(textOf(item.pubDate)))).toBe(false);
  }
}

describe('/rss.xml (PRODUCT.md "Discovery")', () => {
  it("lists every type's published items newest first, with absolute links, dates, labels and plain-text descriptions", async () => {
    const { video, podcast, blog, interview, feature } = await seedEveryType();
    const { channel, items } = await readRss(await buildRssFeed("all"));
    expectValidChannel(channel, ORIGIN, "/rss.xml");
    expect(titles(items)).toEqual(["Lithium & the grid", "Rates hour", "Rates outlook", "CEO talk", "Deep dive"]);
    expect(items.map((item) => textOf(item.link))).toEqual([
      `${ORIGIN}/video/${video.id}`,
      `${ORIGIN}/podcast/${podcast.id}`,
      `${ORIGIN}/blog/${blog.id}`,
      `${ORIGIN}/interviews/${interview.id}`,
      `${ORIGIN}/special-features/${feature.id}`,
    ]);
    expect(items.map((item) => textOf(item.category[0]))).toEqual(["Video", "Podcast", "Blog", "Interview", "Special Feature"]);
    expect(textOf(items[1]!.description)).toBe("Bonds rally");
    expect(textOf(items[2]!.description)).toBe("Yields & curves");
    expect(new Date(textOf(items[0]!.pubDate)).toISOString()).toBe(day(5).toISOString());
  });

  it("never lists drafts or archived items", async () => {
    await seedEveryType();
    const xml = await buildRssFeed("all");
    const { items } = await readRss(xml);
    expect(items).toHaveLength(5);
    for (const hidden of ["Draft video", "Archived post", "Draft episode", "Archived talk", "Draft feature"])
      expect(xml).not.toContain(hidden);
  });

  it("keeps the 50 newest of all types", async () => {
    await insertBlogs(Array.from({ length: 30 }, (_, i) => ({ title: `Post ${i}`, publishedAt: day(2 * i) })));
    await insertVideos(Array.from({ length: 30 }, (_, i) => ({ title: `Video ${i}`, publishedAt: day(2 * i + 1) })));
    const { items } = await readRss(await buildRssFeed("all"));
    expect(items).toHaveLength(50);
    expect(titles(items).slice(0, 3)).toEqual(["Video 29", "Post 29", "Video 28"]);
    expect(titles(items).at(-1)).toBe("Post 5");
  });

  it("writes titles and descriptions with &, <b>, quotes and ]]> so they read back exactly", async () => {
    await insertBlogs([{ title: TRICKY_TITLE, description: TRICKY_DESCRIPTION }]);
    const xml = await buildRssFeed("all");
    // readRss fails unless libxml2 finds the document well-formed.
    const { items } = await readRss(xml);
    expect(textOf(items[0]!.title)).toBe(TRICKY_TITLE);
    expect(textOf(items[0]!.description)).toBe(TRICKY_DESCRIPTION_TEXT);
    expect(xml).not.toContain('<b>bold</b>"');
  });

  it("drops characters XML cannot hold instead of writing a broken document", async () => {
    await insertBlogs([{ title: "Bell\u0007 and \u001bescape", description: "<p>Form\u000cfeed</p>" }]);
    const { items } = await readRss(await buildRssFeed("all"));
    expect(textOf(items[0]!.title)).toBe("Bell and escape");
  });

  it("puts every link on PUBLIC_URL", async () => {
    setEnv({ PUBLIC_URL: "https://news.example.com" });
    const { video } = await seedEveryType();
    const { channel, items } = await readRss(await buildRssFeed("all"));
    expectValidChannel(channel, "https://news.example.com", "/rss.xml");
    expect(textOf(items[0]!.link)).toBe(`https://news.example.com/video/${video.id}`);
  });
});

describe("/videos/rss.xml and /blog/rss.xml", () => {
  it("list only their own type's 50 newest published items", async () => {
    await seedEveryType();
    await insertBlogs(Array.from({ length: 55 }, (_, i) => ({ title: `Post ${i}`, publishedAt: day(10 + i) })));
    const blog = await readRss(await buildRssFeed("blog"));
    expectValidChannel(blog.channel, ORIGIN, "/blog/rss.xml");
    expect(textOf(blog.channel.link)).toBe(`${ORIGIN}/blog`);
    expect(blog.items).toHaveLength(50);
    expect(titles(blog.items).slice(0, 2)).toEqual(["Post 54", "Post 53"]);
    expect(blog.items.every((item) => textOf(item.link).startsWith(`${ORIGIN}/blog/`))).toBe(true);

    const videos = await readRss(await buildRssFeed("video"));
    expectValidChannel(videos.channel, ORIGIN, "/videos/rss.xml");
    expect(textOf(videos.channel.link)).toBe(`${ORIGIN}/videos`);
    expect(titles(videos.items)).toEqual(["Lithium & the grid"]);
  });

  it("are valid and empty without published items", async () => {
    await insertVideos([{ title: "Draft video", status: "draft", publishedAt: null }]);
    const { channel, items } = await readRss(await buildRssFeed("video"));
    expectValidChannel(channel, ORIGIN, "/videos/rss.xml");
    expect(items).toEqual([]);
  });
});

describe("listPublishedForFeeds", () => {
  it("reads only the types asked for", async () => {
    await seedEveryType();
    expect((await listPublishedForFeeds(10, ["blog", "video"])).map((item) => item.title)).toEqual(["Lithium & the grid", "Rates outlook"]);
    expect(await listPublishedForFeeds(10, [])).toEqual([]);
  });
});

describe("feed routes", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["/rss.xml", allFeedLoader],
    ["/blog/rss.xml", blogFeedLoader],
    ["/videos/rss.xml", videoFeedLoader],
  ] as const)("%s answers RSS, cached by CDNs for five minutes", async (path, loader) => {
    await seedEveryType();
    const { status, headers, body } = await callRoute(loader, path, { throws: false });
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
    const { channel } = await readRss(body as string);
    expectValidChannel(channel, ORIGIN, path);
  });

  it.each([
    ["/rss.xml", allFeedLoader],
    ["/blog/rss.xml", blogFeedLoader],
    ["/videos/rss.xml", videoFeedLoader],
  ] as const)("%s answers 503 in plain text, never cached, when the database fails", async (path, loader) => {
    vi.spyOn(dbServer, "getDb").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, headers, body } = await callRoute(loader, path, { throws: false });
    expect(status).toBe(503);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toBe("Temporarily unavailable. Please try again later.\n");
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain(path);
  });
});

describe('paid promotion in /rss.xml, /videos/rss.xml and /blog/rss.xml (PRODUCT.md "Paid promotion")', () => {
  const disclosure = (noun: string) =>
    `Paid promotion. MarketWire received A$5,000 in cash from Halcyon Investor Relations for this ${noun}. Sponsored interview with the chief executive.`;

  it("opens a paid item's description with its disclosure in every feed it is in; unpaid items are as they were", async () => {
    const db = await getDb();
    await insertVideos([{ ...PAID, title: "Paid video", description: "<p>Ounces &amp; grades</p>", publishedAt: day(5) }]);
    await insertBlogs([
      { ...PAID, title: "Paid post", description: null, publishedAt: day(4) },
      { title: "Unpaid post", description: "Plain", publishedAt: day(3) },
    ]);
    await db
      .insert(schema.interviews)
      .values({ ...PAID, title: "Paid talk", description: "Talk", status: "published", publishedAt: day(2) });
    await db
      .insert(schema.specialFeatures)
      .values({ ...PAID, disclosureSponsor: null, title: "Incomplete", description: "Feature", status: "published", publishedAt: day(1) });

    const all = await readRss(await buildRssFeed("all"));
    expect(all.items.map((item) => textOf(item.description))).toEqual([
      `${disclosure("video")}\n\nOunces & grades`,
      disclosure("blog post"),
      "Plain",
      `${disclosure("interview")}\n\nTalk`,
      // Paid without a payer on record (a hand-made row): still said to be paid.
      "Paid promotion. This special feature is a paid promotion. Sponsored interview with the chief executive.\n\nFeature",
    ]);
    const videos = await readRss(await buildRssFeed("video"));
    expect(textOf(videos.items[0]!.description)).toBe(`${disclosure("video")}\n\nOunces & grades`);
    const blog = await readRss(await buildRssFeed("blog"));
    expect(blog.items.map((item) => textOf(item.description))).toEqual([disclosure("blog post"), "Plain"]);
  });

  it("writes a disclosure holding markup, ampersands and ]]> so it reads back exactly", async () => {
    await insertBlogs([{ ...PAID, disclosureSponsor: "A & B <Holdings> ]]> Ltd", title: "Tricky", description: "Text" }]);
    const { items } = await readRss(await buildRssFeed("blog"));
    expect(textOf(items[0]!.description)).toBe(
      "Paid promotion. MarketWire received A$5,000 in cash from A & B <Holdings> ]]> Ltd for this blog post. Sponsored interview with the chief executive.\n\nText",
    );
  });
});

describe('companies in /rss.xml, /videos/rss.xml and /blog/rss.xml (PRODUCT.md "Discovery")', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Two companies; `tag` makes an item name them. */
  async function seedCompanies() {
    const db = await getDb();
    const [gold, lithium] = await db
      .insert(schema.companies)
      .values([
        { name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG", exchange: "ASX" },
        { name: "Lithium & Co <Holdings>", slug: "lithium-co", ticker: "LCO", exchange: "NYSE" },
      ])
      .returning();
    const tag = (contentType: "video" | "blog", contentId: string, ...companyIds: string[]) =>
      db.insert(schema.contentCompanies).values(companyIds.map((companyId) => ({ contentType, contentId, companyId })));
    return { gold: gold!, lithium: lithium!, tag };
  }

  const categories = (item: XmlNode) =>
    (item.category as unknown as XmlNode[]).map((category) => ({ name: textOf(category), domain: category["@domain"] }));

  it("names each item's companies A–Z as categories after its type, 'Name (EXCHANGE:TICKER)' in the companies' domain", async () => {
    const { gold, lithium, tag } = await seedCompanies();
    const [video] = await insertVideos([{ title: "Both", publishedAt: day(2) }]);
    const [blog] = await insertBlogs([{ title: "One", publishedAt: day(1) }]);
    await insertBlogs([{ title: "None", publishedAt: day(0) }]);
    await tag("video", video!.id, lithium.id, gold.id);
    await tag("blog", blog!.id, gold.id);

    const { items } = await readRss(await buildRssFeed("all"));
    const domain = `${ORIGIN}/companies`;
    expect(items.map(categories)).toEqual([
      [
        { name: "Video", domain: undefined },
        { name: "Ironbark Gold (ASX:IBG)", domain },
        { name: "Lithium & Co <Holdings> (NYSE:LCO)", domain },
      ],
      [
        { name: "Blog", domain: undefined },
        { name: "Ironbark Gold (ASX:IBG)", domain },
      ],
      [{ name: "Blog", domain: undefined }],
    ]);
    const blogFeed = await readRss(await buildRssFeed("blog"));
    expect(categories(blogFeed.items[0]!)).toEqual([
      { name: "Blog", domain: undefined },
      { name: "Ironbark Gold (ASX:IBG)", domain },
    ]);
  });

  it("reads the companies of all the feed's items in one query, however many items there are", async () => {
    const { gold, lithium, tag } = await seedCompanies();
    const [first] = await insertVideos([{ title: "V0", publishedAt: day(0) }]);
    await tag("video", first!.id, gold.id);
    const reads = vi.spyOn(dbServer, "getDb");
    await buildRssFeed("video");
    const readsForOneItem = reads.mock.calls.length;
    const more = await insertVideos(Array.from({ length: 5 }, (_, i) => ({ title: `V${i + 1}`, publishedAt: day(i + 1) })));
    for (const video of more) await tag("video", video.id, gold.id, lithium.id);
    reads.mockClear();
    const { items } = await readRss(await buildRssFeed("video"));
    expect(items.map((item) => (item.category as unknown as XmlNode[]).length)).toEqual([3, 3, 3, 3, 3, 2]);
    expect(reads.mock.calls.length).toBe(readsForOneItem);
  });
});
