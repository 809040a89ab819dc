import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";

import { restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { loader as robotsTxt } from "../../routes/robots[.]txt";
import { getEnv } from "../env.server";
import { itemPageMeta, notFoundMeta, pagedPath, pageMeta, sitePageMeta } from "./seo.server";
import { breadcrumbs, homeStructuredData, isoDuration, newsArticle, podcastEpisode, videoObject } from "./structured-data.server";

restoreEnvAfterEach(["PUBLIC_URL", "BETTER_AUTH_URL"]);

const ORIGIN = "https://marketwire.example";
const ID = "3f2b8c9e-1d4a-4c6b-9e2f-7a8b9c0d1e2f";

function withOrigin() {
  setEnv({ PUBLIC_URL: ORIGIN, BETTER_AUTH_URL: undefined });
}

/** The content of a `<meta>` by name or property. */
function tag(meta: MetaDescriptor[], key: string): unknown {
  const found = meta.find((entry) => ("name" in entry && entry.name === key) || ("property" in entry && entry.property === key));
  return found && "content" in found ? found.content : undefined;
}

function links(meta: MetaDescriptor[], rel: string) {
  return meta.filter((entry) => "tagName" in entry && entry.tagName === "link" && entry.rel === rel);
}

function structuredData(meta: MetaDescriptor[]) {
  return meta.flatMap((entry) => ("script:ld+json" in entry ? [entry["script:ld+json"] as Record<string, unknown>] : []));
}

describe('PUBLIC_URL (PRODUCT.md "Discovery")', () => {
  it("is the origin of PUBLIC_URL, else of BETTER_AUTH_URL, else localhost on the port; each defaults to the other", () => {
    setEnv({ PUBLIC_URL: "https://marketwire.example/", BETTER_AUTH_URL: undefined });
    expect(getEnv().PUBLIC_URL).toBe("https://marketwire.example");
    expect(getEnv().BETTER_AUTH_URL).toBe("https://marketwire.example");
    setEnv({ PUBLIC_URL: undefined, BETTER_AUTH_URL: "https://auth.example" });
    expect(getEnv().PUBLIC_URL).toBe("https://auth.example");
    setEnv({ PUBLIC_URL: undefined, BETTER_AUTH_URL: undefined });
    expect(getEnv().PUBLIC_URL).toBe(`http://localhost:${getEnv().PORT}`);
  });
});

describe("robots.txt", () => {
  it("names the sitemap on the public origin, not the sign-in origin", async () => {
    setEnv({ PUBLIC_URL: ORIGIN, BETTER_AUTH_URL: "https://auth.marketwire.example" });
    expect(await robotsTxt().text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe("pageMeta", () => {
  it("gives a title, a description cut at 160 characters and an absolute canonical link", () => {
    withOrigin();
    const meta = pageMeta({ title: "Videos | MarketWire", description: "x".repeat(300), path: "/videos?page=2" });
    expect(meta).toContainEqual({ title: "Videos | MarketWire" });
    expect(String(tag(meta, "description")).length).toBeLessThanOrEqual(160);
    expect(links(meta, "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: `${ORIGIN}/videos?page=2` }]);
    // No preview tags unless the page asks for them.
    expect(tag(meta, "og:title")).toBeUndefined();
  });

  it("says noindex and names no canonical address for pages kept out of search engines", () => {
    withOrigin();
    const meta = pageMeta({ title: "Search | MarketWire", description: "Search.", path: "/search", noindex: true, ogType: "website" });
    expect(tag(meta, "robots")).toBe("noindex, nofollow");
    expect(links(meta, "canonical")).toEqual([]);
    expect(tag(meta, "og:title")).toBeUndefined();
  });

  it("links the page's feeds with absolute URLs", () => {
    withOrigin();
    const meta = pageMeta({ title: "Blog", description: "", path: "/blog", feeds: ["all", "blog"] });
    expect(links(meta, "alternate")).toEqual([
      { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "MarketWire: All content", href: `${ORIGIN}/rss.xml` },
      { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "MarketWire: Articles", href: `${ORIGIN}/blog/rss.xml` },
    ]);
  });

  it("gives OpenGraph and Twitter card tags with the site's 1200×630 image by default", () => {
    withOrigin();
    const meta = pageMeta({ title: "Interviews | MarketWire", description: "Talks.", path: "/interviews", ogType: "website" });
    expect(tag(meta, "og:type")).toBe("website");
    expect(tag(meta, "og:url")).toBe(`${ORIGIN}/interviews`);
    expect(tag(meta, "og:site_name")).toBe("MarketWire");
    expect(tag(meta, "og:image")).toBe(`${ORIGIN}/og/default.jpg`);
    expect([tag(meta, "og:image:width"), tag(meta, "og:image:height")]).toEqual(["1200", "630"]);
    expect(tag(meta, "twitter:card")).toBe("summary_large_image");
    expect(tag(meta, "twitter:image")).toBe(`${ORIGIN}/og/default.jpg`);
  });

  it("names later pages of a list by their page", () => {
    expect([pagedPath("/blog", 1), pagedPath("/blog", 3)]).toEqual(["/blog", "/blog?page=3"]);
  });

  it("keeps a not-found state out of search engines", () => {
    expect(notFoundMeta("Video Not Found")).toEqual([
      { title: "Video Not Found | MarketWire" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });
});

describe("sitePageMeta", () => {
  it("previews a page about no one item as a website linking the feed of every item, and its section's feed", () => {
    withOrigin();
    const page = { title: "Videos | MarketWire", description: "Every video.", path: "/videos" };
    expect(sitePageMeta(page)).toEqual(pageMeta({ ...page, ogType: "website", feeds: ["all"] }));
    expect(sitePageMeta({ ...page, feed: "videos" })).toEqual(pageMeta({ ...page, ogType: "website", feeds: ["all", "videos"] }));
  });
});

describe("itemPageMeta", () => {
  const published = new Date("2025-03-04T05:06:07.000Z");

  it("previews an item with its own versioned image, its feed, its breadcrumbs and its structured data", () => {
    withOrigin();
    const meta = itemPageMeta(
      "blog",
      { id: ID, title: "Rates & <Banks>", description: "<p>Banks &amp; rates</p>", image: "/media/blog-banks.svg", publishedAt: published },
      { ogType: "article", structuredData: (facts) => newsArticle({ ...facts, authorName: "Ann" }) },
    );
    expect(meta).toContainEqual({ title: "Rates & <Banks> | MarketWire" });
    expect(tag(meta, "description")).toBe("Banks & rates");
    expect(tag(meta, "og:title")).toBe("Rates & <Banks>");
    expect(tag(meta, "og:url")).toBe(`${ORIGIN}/blog/${ID}`);
    expect(tag(meta, "og:image")).toMatch(new RegExp(`^${ORIGIN}/og/blogs/${ID}\\.jpg\\?v=[\\w-]{10}$`));
    expect(tag(meta, "article:published_time")).toBe(published.toISOString());
    expect(links(meta, "alternate").map((link) => ("href" in link ? link.href : null))).toEqual([
      `${ORIGIN}/rss.xml`,
      `${ORIGIN}/blog/rss.xml`,
      // PRODUCT.md "Embeds": oEmbed discovery.
      `${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/blog/${ID}`)}&format=json`,
    ]);
    const [article, trail] = structuredData(meta);
    expect(article).toMatchObject({ "@type": "NewsArticle", headline: "Rates & <Banks>", author: [{ "@type": "Person", name: "Ann" }] });
    expect(article!.image).toEqual([tag(meta, "og:image"), `${ORIGIN}/media/blog-banks.svg`]);
    expect(trail).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: `${ORIGIN}/` },
        { position: 2, name: "Blog", item: `${ORIGIN}/blog` },
        { position: 3, name: "Rates & <Banks>", item: `${ORIGIN}/blog/${ID}` },
      ],
    });
  });

  it("uses the site's image for an item without one, and the type's name when it has no description", () => {
    withOrigin();
    const meta = itemPageMeta(
      "video",
      { id: ID, title: "Open", description: null, image: null, publishedAt: published },
      { ogType: "video.other", structuredData: (facts) => videoObject({ ...facts, videoUrl: null, duration: null, views: 0 }) },
    );
    expect(tag(meta, "og:image")).toBe(`${ORIGIN}/og/default.jpg`);
    expect(tag(meta, "description")).toBe("Video on MarketWire");
    expect(tag(meta, "article:published_time")).toBeUndefined();
  });
});

describe('structured data (PRODUCT.md "Discovery")', () => {
  const facts = {
    title: "Open",
    description: "The open.",
    path: `/video/${ID}`,
    images: [`${ORIGIN}/og/videos/${ID}.jpg?v=abc`],
    publishedAt: new Date("2025-01-02T03:04:05.000Z"),
  };

  it.each([
    [null, undefined],
    [0, undefined],
    [59, "PT59S"],
    [60, "PT1M"],
    [754, "PT12M34S"],
    [3600, "PT1H"],
    [3725.4, "PT1H2M5S"],
  ])("isoDuration(%j) is %j", (seconds, expected) => {
    expect(isoDuration(seconds)).toBe(expected);
  });

  it("describes a video with its player, its length and its views", () => {
    withOrigin();
    const video = videoObject({ ...facts, videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", duration: 754, views: 42 });
    expect(video).toEqual({
      "@context": "https://schema.org",
      "@type": "VideoObject",
      name: "Open",
      description: "The open.",
      url: `${ORIGIN}/video/${ID}`,
      thumbnailUrl: facts.images,
      uploadDate: "2025-01-02T03:04:05.000Z",
      duration: "PT12M34S",
      embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      interactionStatistic: { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: 42 },
    });
    expect(videoObject({ ...facts, videoUrl: "/media/clip.mp4", duration: null, views: 0 })).toMatchObject({
      contentUrl: `${ORIGIN}/media/clip.mp4`,
    });
  });

  it("gives a podcast episode its audio file, but never an audio host's player page as media", () => {
    withOrigin();
    const direct = podcastEpisode({ ...facts, audioUrl: "/media/audio/trailer.mp3", duration: 3, listens: 1 });
    expect(direct).toMatchObject({
      "@type": "PodcastEpisode",
      duration: "PT3S",
      associatedMedia: { "@type": "AudioObject", contentUrl: `${ORIGIN}/media/audio/trailer.mp3` },
      partOfSeries: { "@type": "PodcastSeries", webFeed: `${ORIGIN}/podcasts/rss.xml` },
    });
    const hosted = podcastEpisode({ ...facts, audioUrl: "https://audioboom.com/posts/8123456", duration: 3, listens: 1 });
    expect(hosted).not.toHaveProperty("associatedMedia");
  });

  it("cuts an article's headline at 110 characters and credits the site when there is no author", () => {
    withOrigin();
    const article = newsArticle({ ...facts, title: "w".repeat(200), updatedAt: new Date("2025-02-01T00:00:00.000Z") });
    expect(String(article.headline).length).toBe(110);
    expect(article.dateModified).toBe("2025-02-01T00:00:00.000Z");
    expect(article.author).toEqual([expect.objectContaining({ "@type": "Organization", name: "MarketWire" })]);
  });

  it("names the site and its search on the home page", () => {
    withOrigin();
    const [organization, website] = homeStructuredData();
    expect(organization).toMatchObject({ "@type": "Organization", url: `${ORIGIN}/` });
    expect(website).toMatchObject({
      "@type": "WebSite",
      potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` } },
    });
  });

  it("numbers breadcrumbs from the home page", () => {
    withOrigin();
    expect(breadcrumbs([{ name: "Videos", path: "/videos" }])).toMatchObject({
      itemListElement: [
        { "@type": "ListItem", position: 1, item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, item: `${ORIGIN}/videos` },
      ],
    });
  });
});
