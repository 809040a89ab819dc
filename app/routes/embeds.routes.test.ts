/**
 * PRODUCT.md "Embeds": /oembed's answers for every kind of page and every refusal, and the embed pages
 * themselves (what they show, what they ask of other hosts, their policy and cache life), against the
 * database.
 */
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { embedPathFor } from "~/lib/content-registry";
import { getDb } from "~/server/db/db.server";

import { BASE_URL } from "../../tests/support/auth";
import { insertBlogs, insertInterviews, insertPodcasts, insertVideos, MISSING_ID } from "../../tests/support/content";
import { emptyCompaniesBeforeEach, insertCompanies, PAID, paidDisclosure, tagItem } from "../../tests/support/item-promotion";
import { callRoute } from "../../tests/support/route";
import { loader as itemEmbedLoader } from "./embed.$slug.$id";
import { loader as companyEmbedLoader } from "./embed.companies.$slug";
import { loader as oembedLoader } from "./oembed";

emptyCompaniesBeforeEach();
beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate videos, podcasts, blogs, interviews, special_features`);
});

const oembed = (query: Record<string, string>) => callRoute(oembedLoader, `/oembed?${new URLSearchParams(query)}`);
const pageUrl = (path: string) => `${BASE_URL}${path}`;

async function embed(slug: string, id: string, query = "") {
  const answer = await callRoute(itemEmbedLoader, `/embed/${slug}/${id}${query}`, { params: { slug, id } });
  return { ...answer, html: String(answer.body) };
}

describe("/oembed", () => {
  it("answers a video page with a `video` oEmbed whose html frames the item's embed page", async () => {
    const [video] = await insertVideos([{ title: "Copper & gold", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }]);
    const { status, headers, body } = await oembed({ url: pageUrl(`/video/${video!.id}`) });
    expect(status).toBe(200);
    expect(headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(body).toMatchObject({
      version: "1.0",
      type: "video",
      title: "Copper & gold",
      provider_name: "MarketWire",
      provider_url: `${BASE_URL}/`,
      author_name: "MarketWire",
      cache_age: 3600,
      thumbnail_width: 1200,
      thumbnail_height: 630,
      width: 640,
    });
    const answer = body as { html: string; height: number; thumbnail_url: string };
    expect(answer.thumbnail_url).toMatch(new RegExp(`^${BASE_URL}/og/`));
    expect(answer.html).toContain(`src="${BASE_URL}${embedPathFor("video", video!.id)}"`);
    expect(answer.html).toContain('title="Copper &amp; gold | MarketWire"');
    expect(answer.html).toMatch(/^<iframe [^>]*width="640" height="\d+"[^>]*><\/iframe>$/);
    expect(answer.height).toBeGreaterThan(360);
    expect(body).not.toHaveProperty("disclosure");
  });

  it("answers podcasts, articles and companies as `rich`, interviews as `video`, with a blog's author", async () => {
    const [podcast] = await insertPodcasts([{}]);
    const [blog] = await insertBlogs([{ authorName: "Ada Analyst" }]);
    const [interview] = await insertInterviews([{ intervieweeName: "Chief", videoUrl: null }]);
    const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    expect((await oembed({ url: pageUrl(`/podcast/${podcast!.id}`) })).body).toMatchObject({ type: "rich" });
    expect((await oembed({ url: pageUrl(`/blog/${blog!.id}`) })).body).toMatchObject({ type: "rich", author_name: "Ada Analyst" });
    expect((await oembed({ url: pageUrl(`/interviews/${interview!.id}`) })).body).toMatchObject({ type: "video" });
    const companyAnswer = await oembed({ url: pageUrl(`/companies/${company!.slug}`) });
    expect(companyAnswer.body).toMatchObject({ type: "rich", title: "Ironbark Gold (ASX:IBG) on MarketWire" });
    expect((companyAnswer.body as { html: string }).html).toContain(`src="${BASE_URL}/embed/companies/ironbark-gold"`);
  });

  it("keeps the frame within maxwidth and maxheight", async () => {
    const [video] = await insertVideos([{ videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }]);
    const { body } = await oembed({ url: pageUrl(`/video/${video!.id}`), maxwidth: "320", maxheight: "240" });
    expect(body).toMatchObject({ width: 320, height: 240 });
    expect((body as { html: string }).html).toContain('width="320" height="240"');
  });

  it("carries a paid item's disclosure as a line of text besides the frame that shows it", async () => {
    const [interview] = await insertInterviews([{ ...PAID }]);
    const { body } = await oembed({ url: pageUrl(`/interviews/${interview!.id}`) });
    const { statement, note } = paidDisclosure("interview");
    expect((body as { disclosure: string }).disclosure).toBe(`Paid promotion. ${statement} ${note}`);
  });

  it("is a 404 for a draft, a scheduled or an unknown item, an unknown company and a page that is no item", async () => {
    const [draft] = await insertVideos([{ status: "draft" }]);
    const [scheduled] = await insertVideos([{ publishedAt: new Date(Date.now() + 86_400_000) }]);
    for (const path of [
      `/video/${draft!.id}`,
      `/video/${scheduled!.id}`,
      `/video/${MISSING_ID}`,
      "/companies/no-such",
      "/about",
      "/video/not-a-uuid",
    ]) {
      const { status, body, headers } = await oembed({ url: pageUrl(path) });
      expect(status, path).toBe(404);
      expect(body, path).toEqual({ error: "No published item or company has this URL." });
      expect(headers.get("Cache-Control"), path).toBe("no-store");
    }
  });

  it("refuses a missing or foreign url with 400, format=xml with 501 and another format with 400", async () => {
    const [video] = await insertVideos([{}]);
    expect(await oembed({})).toMatchObject({ status: 400, body: { error: "The url parameter is required." } });
    for (const url of [
      "https://elsewhere.example/video/" + video!.id,
      "javascript:alert(1)",
      "not a url",
      `ftp://localhost:3000/video/${video!.id}`,
    ]) {
      expect(await oembed({ url }), url).toMatchObject({ status: 400, body: { error: `The url must be a page of ${BASE_URL}/` } });
    }
    expect(await oembed({ url: pageUrl(`/video/${video!.id}`), format: "xml" })).toMatchObject({ status: 501 });
    expect(await oembed({ url: pageUrl(`/video/${video!.id}`), format: "yaml" })).toMatchObject({ status: 400 });
  });

  it("reads a NUL byte or an oversized url as a url of no page, never an error", async () => {
    expect((await oembed({ url: `${BASE_URL}/video/\u0000` })).status).toBe(404);
    expect((await oembed({ url: `${BASE_URL}/${"x".repeat(10_000)}` })).status).toBe(404);
    expect((await oembed({ url: pageUrl("/about"), maxwidth: "-5", maxheight: "1e9" })).status).toBe(404);
  });
});

describe("/embed/{slug}/{id}", () => {
  it("is static HTML any site may frame, with one inline script and style allowed by hash, cached like a public page", async () => {
    const [video] = await insertVideos([{ title: "Rates", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }]);
    const { status, headers, html } = await embed("videos", video!.id);
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const policy = headers.get("Content-Security-Policy")!;
    expect(policy).toContain("frame-ancestors *");
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(policy).toContain("img-src 'self';");
    expect(html.startsWith('<!DOCTYPE html><html lang="en" data-theme="auto">')).toBe(true);
    // No file of the client build and no React: one small inline script.
    expect(html).not.toMatch(/<script[^>]+src=/);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(gzipSync(scripts[0]!).length).toBeLessThan(60 * 1024);
    expect(scripts[0]).toContain("marketwire:embed-height");
  });

  it("shows a host's video behind a facade: a button with the stored picture, no frame until play", async () => {
    const [video] = await insertVideos([{ title: "Rates", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }]);
    const { html } = await embed("videos", video!.id);
    expect(html).not.toContain("<iframe");
    expect(html).toContain('data-frame-src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('<img src="/video-thumbnails/youtube/dQw4w9WgXcQ.jpg" alt=""/>');
    expect(html).toContain("Play Rates");
    expect(html).toContain(`<a href="${BASE_URL}/video/${video!.id}" target="_blank" rel="noopener">Rates</a>`);
  });

  it("gives native players preload=none, so an embed downloads nothing before play", async () => {
    const [video] = await insertVideos([{ videoUrl: "/media/clip.mp4", thumbnailUrl: "/media/clip.jpg" }]);
    const [podcast] = await insertPodcasts([{ audioUrl: "/media/episode.mp3" }]);
    expect((await embed("videos", video!.id)).html).toMatch(
      /<video [^>]*preload="none"[^>]*poster="\/media\/clip.jpg" src="\/media\/clip.mp4"/,
    );
    expect((await embed("podcasts", podcast!.id)).html).toMatch(/<audio [^>]*preload="none" src="\/media\/episode.mp3"/);
  });

  it("names the counters its script posts to: a view on load, a podcast's listen on play, the player's marks", async () => {
    const [video] = await insertVideos([{ videoUrl: "/media/clip.mp4" }]);
    const [podcast] = await insertPodcasts([{ audioUrl: "/media/episode.mp3" }]);
    const [blog] = await insertBlogs([{}]);
    const card = async (slug: string, id: string) => /<article class="card"[^>]*>/.exec((await embed(slug, id)).html)![0];
    expect(await card("videos", video!.id)).toBe(
      `<article class="card" data-view="/api/videos/${video!.id}/view" data-play="/api/videos/${video!.id}/play">`,
    );
    expect(await card("podcasts", podcast!.id)).toBe(
      `<article class="card" data-listen="/api/podcasts/${podcast!.id}/listen" data-play="/api/podcasts/${podcast!.id}/play">`,
    );
    // An article has no player: its view alone.
    expect(await card("blogs", blog!.id)).toBe(`<article class="card" data-view="/api/blogs/${blog!.id}/view">`);
  });

  it("shows only the site's own pictures: another host's is left out", async () => {
    const [blog] = await insertBlogs([{ featuredImageUrl: "https://images.example.com/a.jpg" }]);
    expect((await embed("blogs", blog!.id)).html).not.toContain("images.example.com");
  });

  it("puts a paid item's note above its player, and names its companies", async () => {
    const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    const [interview] = await insertInterviews([{ ...PAID, videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }]);
    await tagItem("interview", interview!.id, [company!.id]);
    const { html } = await embed("interviews", interview!.id);
    const disclosure = paidDisclosure("interview");
    const note = html.indexOf('<section class="paid" aria-label="Paid promotion">');
    expect(note).toBeGreaterThan(0);
    expect(html.indexOf(disclosure.statement)).toBeGreaterThan(note);
    expect(html).toContain(disclosure.note);
    expect(html).toContain(`Agreement dated ${disclosure.agreed}`);
    expect(note).toBeLessThan(html.indexOf('<button type="button" class="facade'));
    expect(html).toContain(`<a href="${BASE_URL}/companies/ironbark-gold" target="_blank" rel="noopener">Ironbark Gold (ASX:IBG)</a>`);
  });

  it("takes the theme from ?theme=, auto otherwise", async () => {
    const [blog] = await insertBlogs([{}]);
    expect((await embed("blogs", blog!.id, "?theme=dark")).html).toContain('data-theme="dark"');
    expect((await embed("blogs", blog!.id, "?theme=<script>")).html).toContain('data-theme="auto"');
  });

  it("is a 404, never stored, for a draft, an unknown id, a malformed id and an unknown section", async () => {
    const [draft] = await insertBlogs([{ status: "draft" }]);
    for (const [slug, id] of [
      ["blogs", draft!.id],
      ["blogs", MISSING_ID],
      ["blogs", "not-a-uuid"],
      ["recipes", MISSING_ID],
    ] as const) {
      const { status, headers, html } = await embed(slug, id);
      expect(status, `${slug}/${id}`).toBe(404);
      expect(headers.get("Cache-Control")).toBe("no-store");
      expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors *");
      expect(html).toContain("This piece is not published on MarketWire.");
    }
  });
});

describe("/embed/companies/{slug}", () => {
  const companyEmbed = async (slug: string, query = "") => {
    const answer = await callRoute(companyEmbedLoader, `/embed/companies/${slug}${query}`, { params: { slug } });
    return { ...answer, html: String(answer.body) };
  };

  it("lists the company's newest published coverage, five by default, with each paid piece labelled", async () => {
    const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    const videos = await insertVideos(Array.from({ length: 7 }, (_, i) => (i === 6 ? { ...PAID } : {})));
    const [draft] = await insertVideos([{ status: "draft", title: "Draft video" }]);
    for (const video of [...videos, draft!]) await tagItem("video", video.id, [company!.id]);
    const { status, html } = await companyEmbed("ironbark-gold");
    expect(status).toBe(200);
    const titles = [...html.matchAll(/class="item-title">([^<]+)</g)].map((match) => match[1]);
    expect(titles).toEqual(["Video 6", "Video 5", "Video 4", "Video 3", "Video 2"]);
    expect(html).not.toContain("Draft video");
    expect(html.match(/<span class="badge">Paid promotion<\/span>/g)).toHaveLength(1);
    expect(html).toContain("All coverage of Ironbark Gold on MarketWire");
  });

  it("takes ?limit= (1 to 10) and ?type= (one section)", async () => {
    const [company] = await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    const [video] = await insertVideos([{}]);
    const [blog] = await insertBlogs([{}, {}]);
    await tagItem("video", video!.id, [company!.id]);
    await tagItem("blog", blog!.id, [company!.id]);
    const count = (html: string) => html.match(/class="item-title"/g)?.length ?? 0;
    expect(count((await companyEmbed("ironbark-gold", "?limit=1")).html)).toBe(1);
    expect(count((await companyEmbed("ironbark-gold", "?limit=99")).html)).toBe(2);
    const blogsOnly = (await companyEmbed("ironbark-gold", "?type=blogs")).html;
    expect(count(blogsOnly)).toBe(1);
    expect(blogsOnly).toContain("Post 0");
  });

  it("is a 404 for an unknown or malformed slug", async () => {
    expect((await companyEmbed("no-such-company")).status).toBe(404);
    expect((await companyEmbed("Bad Slug!")).status).toBe(404);
  });
});

describe("oEmbed discovery", () => {
  it("links an item page's and a company page's oEmbed answer from their heads", async () => {
    const { loadItemPage } = await import("~/server/content/item-page.server");
    const [video] = await insertVideos([{}]);
    const page = await loadItemPage("video", video!.id);
    const canonical = `${BASE_URL}/video/${video!.id}`;
    expect(page.meta).toContainEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/json+oembed",
      title: "Video 0 | MarketWire",
      href: `${BASE_URL}/oembed?${new URLSearchParams({ url: canonical, format: "json" })}`,
    });
    await insertCompanies([{ name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG" }]);
    const { getCompanyPage } = await import("~/server/companies/company-pages.server");
    const company = await getCompanyPage("ironbark-gold", 1);
    expect(company!.meta.some((tag) => "type" in tag && tag.type === "application/json+oembed")).toBe(true);
    const second = await getCompanyPage("ironbark-gold", 2);
    expect(second!.meta.some((tag) => "type" in tag && tag.type === "application/json+oembed")).toBe(false);
  });
});
