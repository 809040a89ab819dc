import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { EXCHANGES } from "~/lib/companies";
import { COMPANY_SECTORS } from "~/lib/company-sectors";
import { CONTENT_REGISTRY, CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { EDITOR_PARSE_OPTIONS, editorSchema } from "~/lib/editor-schema";
import { type EditorValues } from "~/lib/editor-values";
import { ADMIN_PAGE_SIZE } from "~/lib/pagination";
import { createUserAccount } from "~/server/auth/auth.server";
import { companyCoverage } from "~/server/companies/company-coverage.server";
import { editorValuesFromRow, getContent, listContent } from "~/server/content/admin-content.server";
import { itemCompanies } from "~/server/content/item-companies.server";
import { sanitizeContentHtml } from "~/server/content/sanitize.server";
import { dailyTotals, utcDay } from "~/server/counting/daily-stats.server";
import { getDb } from "~/server/db/db.server";
import { FEATURE_TYPES } from "~/server/db/schema";
import { buildRssFeed } from "~/server/discovery/feed.server";
import { buildPodcastFeed } from "~/server/discovery/podcast-feed.server";
import { buildSitemap, buildSitemapIndex } from "~/server/discovery/sitemap.server";
import { htmlToPlainText } from "~/server/html-text.server";

import { parseXml, readMp3, readRss, SITEINDEX_XSD, SITEMAP_XSD, textOf, xmllint, type XmlNode } from "../../../tests/support/feeds";
import { DEMO_BLOGS } from "./catalogue/blogs";
import { companyLogoUrl, DEMO_COMPANIES, renderCompanyLogoSvg } from "./catalogue/companies";
import { demoId } from "./catalogue/demo-ids";
import { DEMO_INTERVIEWS } from "./catalogue/interviews";
import { DEMO_AUDIO_PATH, demoVideoSourceTag, MEDIA_IMAGES, renderMediaSvg } from "./catalogue/media";
import { DEMO_PODCASTS } from "./catalogue/podcasts";
import { DEMO_SPECIAL_FEATURES } from "./catalogue/special-features";
import { SPOKEN_SCRIPTS, SPOKEN_SETTINGS, spokenEpisode, spokenMediaPath, spokenSourceTag } from "./catalogue/spoken";
import { DEMO_VIDEOS } from "./catalogue/videos";
import { reseedDemoContent, seedDemoContent } from "./demo-content.server";
import { DEMO_SUBSCRIBERS } from "./demo-mail";

const CONTENT_TABLES = ["videos", "podcasts", "blogs", "interviews", "special_features"] as const;
const publicDir = path.resolve(process.cwd(), "public");

async function rows<T>(query: ReturnType<typeof sql>) {
  return (await (await getDb()).execute(query)).rows as T[];
}

async function counts(table: (typeof CONTENT_TABLES)[number]) {
  const [row] = await rows<{ total: number; published: number; draft: number; archived: number }>(sql`
    select count(*)::int as total,
      count(*) filter (where status = 'published')::int as published,
      count(*) filter (where status = 'draft')::int as draft,
      count(*) filter (where status = 'archived')::int as archived
    from ${sql.identifier(table)}`);
  return row!;
}

beforeAll(async () => {
  await seedDemoContent(await getDb());
});

describe("seedDemoContent on a fresh database", () => {
  it("inserts the required number of rows of each type", async () => {
    expect((await counts("videos")).total).toBeGreaterThanOrEqual(30);
    expect((await counts("podcasts")).total).toBe(13);
    expect((await counts("blogs")).total).toBe(12);
    expect((await counts("interviews")).total).toBe(8);
    expect((await counts("special_features")).total).toBe(8);
  });

  it("has at least 25 published videos so /videos has a second page, with 5 featured at distinct times", async () => {
    expect((await counts("videos")).published).toBeGreaterThan(25);
    const featured = await rows<{ featured_at: string }>(sql`select featured_at from videos where featured and status = 'published'`);
    expect(featured).toHaveLength(5);
    expect(new Set(featured.map((f) => String(f.featured_at))).size).toBe(5);
    const [unfeatured] = await rows<{ n: number }>(
      sql`select count(*)::int as n from videos where not featured and featured_at is not null`,
    );
    expect(unfeatured!.n).toBe(0);
  });

  it("features exactly 2 published podcasts", async () => {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from podcasts where featured and status = 'published' and featured_at is not null`,
    );
    expect(row!.n).toBe(2);
  });

  it("covers every feature type and the empty one among published special features", async () => {
    const types = await rows<{ feature_type: string | null }>(
      sql`select distinct feature_type from special_features where status = 'published'`,
    );
    const values = types.map((t) => t.feature_type);
    for (const type of FEATURE_TYPES) expect(values).toContain(type);
    expect(values).toContain(null);
  });

  it("includes drafts and archived items across types", async () => {
    const all = await Promise.all(CONTENT_TABLES.map(counts));
    const drafts = all.reduce((sum, c) => sum + c.draft, 0);
    const archived = all.reduce((sum, c) => sum + c.archived, 0);
    expect(drafts).toBeGreaterThanOrEqual(2);
    expect(archived).toBeGreaterThanOrEqual(2);
    expect(all.filter((c) => c.draft + c.archived > 0).length).toBeGreaterThanOrEqual(3);
  });

  it("sets published_at exactly on published rows, in the past twelve months", async () => {
    for (const table of CONTENT_TABLES) {
      const [row] = await rows<{ bad: number; oldest: string; newest: string }>(sql`
        select count(*) filter (where (status = 'published') <> (published_at is not null))::int as bad,
          min(published_at) as oldest, max(published_at) as newest
        from ${sql.identifier(table)}`);
      expect(row!.bad, table).toBe(0);
      expect(Date.now() - new Date(row!.oldest).getTime(), table).toBeLessThan(366 * 24 * 3600 * 1000);
      expect(new Date(row!.newest).getTime(), table).toBeLessThanOrEqual(Date.now());
    }
  });

  it("gives every row 3 to 6 tags", async () => {
    for (const table of CONTENT_TABLES) {
      const [row] = await rows<{ bad: number }>(sql`
        select count(*) filter (where cardinality(tags) not between 3 and 6)::int as bad from ${sql.identifier(table)}`);
      expect(row!.bad, table).toBe(0);
    }
  });

  it("varies video views from tens to millions and leaves some durations unknown", async () => {
    const [row] = await rows<{ min: number; max: number; no_duration: number }>(sql`
      select min(views) filter (where status = 'published') as min, max(views) as max,
        count(*) filter (where duration is null)::int as no_duration from videos`);
    expect(row!.min).toBeLessThan(100);
    expect(row!.max).toBeGreaterThan(1_000_000);
    expect(row!.no_duration).toBeGreaterThan(0);
  });

  it("references only images that exist under public/media", async () => {
    const urls = await rows<{ url: string }>(sql`
      select thumbnail_url as url from videos union select thumbnail_url from podcasts
      union select thumbnail_url from interviews union select featured_image_url from blogs
      union select featured_image_url from special_features`);
    expect(urls.length).toBeGreaterThan(20);
    for (const { url } of urls) {
      expect(url).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
      expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
    }
  });

  it("uses YouTube watch and short URLs with 11-character ids for videos, and one of the site's own MP4s", async () => {
    const all = (
      await rows<{ url: string }>(sql`
      select video_url as url from videos union all select video_url from interviews where video_url is not null
      union all select video_url from special_features where video_url is not null`)
    ).map((r) => r.url);
    // The spoken interview shipped as a video (catalogue/spoken.ts), played by the native player.
    const local = all.filter((url) => url.startsWith("/media/video/"));
    expect(local).toEqual(SPOKEN_SCRIPTS.filter((script) => script.media.kind === "video").map((script) => spokenMediaPath(script.name)));
    for (const url of local) expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
    const urls = all.filter((url) => !local.includes(url));
    for (const url of urls) expect(url).toMatch(/^https:\/\/(www\.youtube\.com\/watch\?v=|youtu\.be\/)[A-Za-z0-9_-]{11}$/);
    expect(urls.some((u) => u.includes("watch?v="))).toBe(true);
    expect(urls.some((u) => u.startsWith("https://youtu.be/"))).toBe(true);
  });

  it("uses each of the four audio-host post forms, two playable local MP3s, and one podcast without audio", async () => {
    const urls = (await rows<{ url: string | null }>(sql`select audio_url as url from podcasts`)).map((r) => r.url);
    expect(urls.filter((u) => u === null)).toHaveLength(1);
    const forms = [/\/posts\/\d+$/, /\/boos\/\d+$/, /\/posts\/\d+\.mp3$/, /[a-z]-\d+\.mp3$/];
    for (const form of forms)
      expect(
        urls.some((u) => u != null && form.test(u)),
        String(form),
      ).toBe(true);
    const local = urls.filter((u): u is string => u != null && u.startsWith("/"));
    expect(local.sort()).toEqual(["/media/audio/capital-call-trailer.mp3", "/media/audio/dividend-hour-theme.mp3"]);
    expect(local).toContain(DEMO_AUDIO_PATH);
  });

  it("gives the podcasts with a local MP3 the file's exact length as their duration, and publishes them", async () => {
    const local = await rows<{ audio_url: string; duration: number; status: string }>(
      sql`select audio_url, duration, status from podcasts where audio_url like '/media/%'`,
    );
    expect(local).toHaveLength(2);
    for (const podcast of local) {
      const mp3 = readMp3(fs.readFileSync(path.join(publicDir, podcast.audio_url)));
      expect(podcast.status).toBe("published");
      // The generator makes each spoken episode a whole number of seconds.
      expect(mp3.samples, podcast.audio_url).toBe(podcast.duration * mp3.sampleRate);
    }
  });

  it("gives the interviews that play the site's own files the file's length as their duration", async () => {
    const local = await rows<{ url: string; duration: number }>(sql`
      select coalesce(video_url, audio_url) as url, duration from interviews
      where video_url like '/media/%' or audio_url like '/media/%' order by 1`);
    expect(local.map((interview) => interview.url)).toEqual([
      "/media/audio/northwind-refinery-from-scratch.mp3",
      "/media/video/quokka-pay-fintech-winter.mp4",
    ]);
    for (const { url, duration } of local) {
      const bytes = fs.readFileSync(path.join(publicDir, url));
      const seconds = url.endsWith(".mp3") ? readMp3(bytes).seconds : readMp4(bytes).seconds;
      expect(Math.abs(seconds - duration), url).toBeLessThan(1);
    }
  });

  it("stores blog posts with authors, roles, images and bodies of about 400 to 900 words", async () => {
    const blogs = await rows<{ content: string; author_name: string; author_role: string; read_time: number | null; status: string }>(
      sql`select content, author_name, author_role, read_time, status from blogs`,
    );
    for (const blog of blogs) {
      expect(blog.author_name).toBeTruthy();
      expect(blog.author_role).toBeTruthy();
      const words = htmlToPlainText(blog.content).split(" ").length;
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(900);
      for (const tag of ["<h2>", "<p>", "<ul>", "<blockquote>"]) expect(blog.content).toContain(tag);
    }
    expect(blogs.some((b) => b.read_time === null)).toBe(true);
    expect(blogs.some((b) => b.read_time !== null)).toBe(true);
  });

  it("gives every interview a named interviewee, a thumbnail and either a video or an audio URL", async () => {
    const [row] = await rows<{ bad: number }>(sql`
      select count(*) filter (where interviewee_name is null or interviewee_title is null or thumbnail_url is null
        or content is null or (video_url is null and audio_url is null))::int as bad from interviews`);
    expect(row!.bad).toBe(0);
  });

  it("derives stable ids from the slugs", async () => {
    const [row] = await rows<{ id: string }>(sql`select id from videos where title = ${DEMO_VIDEOS[0]!.title}`);
    expect(row!.id).toBe(demoId("video", DEMO_VIDEOS[0]!.slug));
  });
});

describe('the demo daily figures (PRODUCT.md "Views over time")', () => {
  it("give the dashboard views and listens in each of the last 30 days", async () => {
    const totals = await dailyTotals();
    expect(totals).toHaveLength(30);
    expect(totals.every((day) => day.views > 0)).toBe(true);
    expect(totals.reduce((sum, day) => sum + day.listens, 0)).toBeGreaterThan(0);
  });

  it("cover every published item with views or listens, each within its total, none before publication, none for a draft", async () => {
    for (const { key, tableName, counter } of CONTENT_TYPE_LIST) {
      const items = await rows<{
        id: string;
        status: string;
        first: string | null;
        total: number;
        figures: number;
        days: number;
        earliest: string | null;
      }>(sql`
        select t.id, t.status, to_char(t.published_at at time zone 'UTC', 'YYYY-MM-DD') as first, t.${sql.identifier(counter)}::int as total,
          coalesce(sum(s.hits), 0)::int as figures, count(s.day)::int as days, to_char(min(s.day), 'YYYY-MM-DD') as earliest
        from ${sql.identifier(tableName)} t
        left join content_daily_stats s on s.content_type = ${key} and s.content_id = t.id
        group by t.id`);
      for (const item of items) {
        const label = `${key} ${item.id}`;
        expect(item.figures, label).toBeLessThanOrEqual(item.total);
        if (item.status !== "published") expect(item.days, label).toBe(0);
        else if (item.total >= 1000) expect(item.figures, label).toBeGreaterThan(0);
        if (item.earliest) expect(item.earliest >= item.first!, label).toBe(true);
      }
    }
    const [window] = await rows<{ oldest: string; newest: string }>(sql`
      select to_char(min(day), 'YYYY-MM-DD') as oldest, to_char(max(day), 'YYYY-MM-DD') as newest from content_daily_stats`);
    expect(window!.newest).toBe(utcDay(new Date()));
    expect(window!.oldest >= utcDay(new Date(Date.now() - 89 * 24 * 3600 * 1000))).toBe(true);
  });
});

describe('the demo audience (PRODUCT.md "Measurement")', () => {
  it("breaks each demo client's item's daily views down by referrer and device, adding up to the day's figure, with uniques below it", async () => {
    const days = await rows<{ id: string; day: string; hits: number; uniques: number; referrers: number; devices: number }>(sql`
      select s.content_id as id, to_char(s.day, 'YYYY-MM-DD') as day, s.hits, s.uniques,
        coalesce(sum(a.hits) filter (where a.dimension = 'referrer'), 0)::int as referrers,
        coalesce(sum(a.hits) filter (where a.dimension = 'device'), 0)::int as devices
      from content_daily_stats s
      left join content_daily_audience a on a.content_type = s.content_type and a.content_id = s.content_id and a.day = s.day
      where s.content_id in (select content_id from content_companies)
      group by s.content_type, s.content_id, s.day, s.hits, s.uniques`);
    expect(days.length).toBeGreaterThan(100);
    for (const day of days) {
      expect(day.referrers, `${day.id} ${day.day}`).toBe(day.hits);
      expect(day.devices, `${day.id} ${day.day}`).toBe(day.hits);
      expect(day.uniques).toBeLessThanOrEqual(day.hits);
      expect(day.uniques).toBeGreaterThan(0);
    }
  });
});

describe('the demo plays (PRODUCT.md "Measurement")', () => {
  it("give each demo client's videos, interviews and podcasts plays within its day's views or listens, fewer reaching each quarter", async () => {
    const days = await rows<{
      type: string;
      hits: number;
      plays: number;
      q25: number;
      q50: number;
      q75: number;
      q100: number;
      seconds: number;
    }>(sql`
      select p.content_type as type, s.hits, p.plays, p.q25, p.q50, p.q75, p.q100, p.seconds::int as seconds
      from content_daily_plays p
      join content_daily_stats s on s.content_type = p.content_type and s.content_id = p.content_id and s.day = p.day`);
    const tagged = await rows<{ type: string }>(sql`
      select distinct content_type as type from content_companies where content_type in ('video', 'interview', 'podcast')`);
    expect(new Set(days.map((day) => day.type))).toEqual(new Set(tagged.map((row) => row.type)));
    expect(days.length).toBeGreaterThan(100);
    for (const day of days) {
      expect(day.plays).toBeLessThanOrEqual(day.hits);
      expect([day.q25, day.q50, day.q75, day.q100].every((reached, i, all) => reached <= (i === 0 ? day.plays : all[i - 1]!))).toBe(true);
      expect(day.seconds).toBeGreaterThan(0);
    }
    const [orphans] = await rows<{ n: number }>(sql`
      select count(*)::int as n from content_daily_plays where content_id not in (select content_id from content_companies)`);
    expect(orphans!.n).toBe(0);
  });
});

describe('the demo mail figures (PRODUCT.md "Client reports")', () => {
  it("give each published item naming a company one edition and one alert at most, a few per cent of them pressed, none before publication", async () => {
    const live = sql.join(
      CONTENT_TYPE_LIST.map(
        ({ key, tableName }) =>
          sql`select ${key}::text as type, id, published_at from ${sql.identifier(tableName)} where status = 'published'`,
      ),
      sql` union all `,
    );
    const items = await rows<{
      type: string;
      id: string;
      published: string;
      editions: number;
      alerts: number;
      newsletter_sends: number;
      newsletter_clicks: number;
      alert_sends: number;
      alert_clicks: number;
      earliest: string;
      latest: string;
    }>(sql`
      select m.content_type as type, m.content_id as id, to_char(min(i.published_at at time zone 'UTC'), 'YYYY-MM-DD') as published,
        (count(*) filter (where m.channel = 'newsletter' and m.sends > 0))::int as editions,
        (count(*) filter (where m.channel = 'alert' and m.sends > 0))::int as alerts,
        coalesce(sum(m.sends) filter (where m.channel = 'newsletter'), 0)::int as newsletter_sends,
        coalesce(sum(m.clicks) filter (where m.channel = 'newsletter'), 0)::int as newsletter_clicks,
        coalesce(sum(m.sends) filter (where m.channel = 'alert'), 0)::int as alert_sends,
        coalesce(sum(m.clicks) filter (where m.channel = 'alert'), 0)::int as alert_clicks,
        to_char(min(m.day), 'YYYY-MM-DD') as earliest, to_char(max(m.day), 'YYYY-MM-DD') as latest
      from content_daily_mail m join (${live}) i on i.type = m.content_type and i.id = m.content_id
      group by m.content_type, m.content_id`);
    // Every row is a live item's that names a company.
    const [all] = await rows<{ n: number; stray: number }>(sql`
      select count(*)::int as n,
        (count(*) filter (where not exists (
          select 1 from content_companies c where c.content_type = m.content_type and c.content_id = m.content_id)))::int as stray
      from content_daily_mail m`);
    expect(all!.stray).toBe(0);
    expect(all!.n).toBeGreaterThan(0);
    const [onLive] = await rows<{ n: number }>(sql`
      select count(*)::int as n from content_daily_mail m join (${live}) i on i.type = m.content_type and i.id = m.content_id`);
    expect(onLive!.n).toBe(all!.n);

    expect(items.filter((item) => item.editions === 1).length).toBeGreaterThanOrEqual(5);
    expect(items.filter((item) => item.alerts === 1).length).toBeGreaterThanOrEqual(5);
    const oldest = utcDay(new Date(Date.now() - 89 * 24 * 3600 * 1000));
    for (const item of items) {
      const label = `${item.type} ${item.id}`;
      expect(
        [item.editions, item.alerts].every((n) => n <= 1),
        label,
      ).toBe(true);
      expect(item.earliest >= item.published && item.earliest >= oldest && item.latest <= utcDay(new Date()), label).toBe(true);
      expect(item.newsletter_sends, label).toBeLessThanOrEqual(DEMO_SUBSCRIBERS);
      if (item.editions === 1) expect(item.newsletter_clicks, label).toBeLessThan(item.newsletter_sends * 0.06);
      if (item.alerts === 1) expect(item.alert_clicks, label).toBeLessThan(item.alert_sends * 0.13);
    }
  });
});

describe('the demo podcast downloads (PRODUCT.md "Measurement")', () => {
  it("give every published episode with audio 90 days of downloads, none before publication, and none to a draft or an episode without audio", async () => {
    const episodes = await rows<{
      type: string;
      id: string;
      status: string;
      audio: boolean;
      first: string | null;
      downloads: number;
      earliest: string | null;
    }>(sql`
      select e.type, e.id, e.status, e.audio_url is not null as audio, to_char(e.published_at at time zone 'UTC', 'YYYY-MM-DD') as first,
        count(d.day)::int as downloads, to_char(min(d.day), 'YYYY-MM-DD') as earliest
      from (select 'podcast' as type, id, status, audio_url, published_at from podcasts
            union all select 'interview', id, status, audio_url, published_at from interviews) e
      left join podcast_downloads d on d.episode_type = e.type and d.episode_id = e.id
      group by e.type, e.id, e.status, e.audio_url, e.published_at`);
    expect(episodes.filter((episode) => episode.downloads > 0).length).toBeGreaterThanOrEqual(5);
    for (const episode of episodes) {
      const label = `${episode.type} ${episode.id}`;
      if (episode.status !== "published" || !episode.audio) expect(episode.downloads, label).toBe(0);
      if (episode.earliest) expect(episode.earliest >= episode.first!, label).toBe(true);
    }
    const [window] = await rows<{ oldest: string; apps: string[] }>(sql`
      select to_char(min(day), 'YYYY-MM-DD') as oldest, array_agg(distinct app order by app) as apps from podcast_downloads`);
    expect(window!.oldest >= utcDay(new Date(Date.now() - 89 * 24 * 3600 * 1000))).toBe(true);
    expect(window!.apps).toEqual(expect.arrayContaining(["Apple Podcasts", "Spotify", "Overcast"]));
  });
});

describe('feeds and sitemap of the demo content (PRODUCT.md "Discovery")', () => {
  it("give a podcast feed whose episodes are the podcasts and interviews with a local MP3, each enclosure stating the file's size", async () => {
    const { items } = await readRss(await buildPodcastFeed());
    const local = (item: { status?: string; audioUrl?: string | null }) => !item.status && item.audioUrl?.startsWith("/media/audio/");
    const expected = [
      ...DEMO_PODCASTS.filter(local).map((p) => ({ ...p, type: "podcast" as const, guest: null })),
      ...DEMO_INTERVIEWS.filter(local).map((i) => ({ ...i, type: "interview" as const, guest: i.intervieweeName })),
    ].sort((a, b) => a.age - b.age);
    expect(expected.filter((episode) => episode.type === "podcast").length).toBeGreaterThanOrEqual(1);
    expect(expected.filter((episode) => episode.type === "interview").length).toBeGreaterThanOrEqual(1);
    expect(items.map((item) => textOf(item.title))).toEqual(expected.map((p) => p.title));
    items.forEach((item, i) => {
      const episode = expected[i]!;
      const id = demoId(episode.type, episode.slug);
      expect(item.enclosure!["@url"]).toBe(`http://localhost:3000/e/${id}.mp3`);
      expect(item.enclosure!["@type"]).toBe("audio/mpeg");
      expect(Number(item.enclosure!["@length"])).toBe(fs.statSync(path.join(publicDir, episode.audioUrl!)).size);
      expect(textOf(item["itunes:duration"])).toBe(String(episode.duration));
      expect(textOf(item.guid)).toBe(id);
      // PRODUCT.md "Transcripts": the spoken demo episodes carry their transcript, chapters and guest.
      expect(item["podcast:transcript"]?.["@url"]).toBe(
        episode.transcript ? `http://localhost:3000/transcripts/${episode.type}/${id}.vtt` : undefined,
      );
      expect(item["podcast:chapters"]?.["@url"]).toBe(
        episode.chapters ? `http://localhost:3000/transcripts/${episode.type}/${id}/chapters.json` : undefined,
      );
      expect(item["podcast:person"] ? textOf(item["podcast:person"]) : null).toBe(episode.guest);
    });
    expect(items.filter((item) => item["podcast:transcript"]).length).toBeGreaterThanOrEqual(3);
  });

  it("give well-formed RSS feeds of every type, of videos and of blog posts", async () => {
    expect((await readRss(await buildRssFeed("all"))).items).toHaveLength(50);
    expect((await readRss(await buildRssFeed("video"))).items).toHaveLength(Math.min(50, DEMO_VIDEOS.filter((v) => !v.status).length));
    expect((await readRss(await buildRssFeed("blog"))).items).toHaveLength(Math.min(50, DEMO_BLOGS.filter((b) => !b.status).length));
  });

  it("give sitemaps that validate against the sitemaps.org schemas and list every published item", async () => {
    const index = await buildSitemapIndex();
    expect(await xmllint(index, SITEINDEX_XSD)).toEqual({ valid: true, errors: [] });
    const locs: string[] = [];
    for (const sitemap of parseXml(index).sitemapindex!.sitemap as unknown as XmlNode[]) {
      const xml = (await buildSitemap(textOf(sitemap.loc).split("/").pop()))!;
      expect(await xmllint(xml, SITEMAP_XSD)).toEqual({ valid: true, errors: [] });
      locs.push(...(parseXml(xml).urlset!.url as unknown as XmlNode[]).map((url) => textOf(url.loc)));
    }
    const published = await rows<{ id: string }>(
      sql`${sql.join(
        CONTENT_TABLES.map((table) => sql`select id from ${sql.identifier(table)} where status = 'published'`),
        sql` union all `,
      )}`,
    );
    for (const { id } of published)
      expect(
        locs.filter((loc) => loc.endsWith(`/${id}`)),
        id,
      ).toHaveLength(1);
    // The fixed and list pages, /companies, and every demo company: each has coverage (PRODUCT.md "Company pages").
    for (const company of DEMO_COMPANIES) expect(locs, company.slug).toContain(`http://localhost:3000/companies/${company.slug}`);
    expect(locs).toHaveLength(published.length + 10 + 1 + DEMO_COMPANIES.length);
  });
});

describe("demo HTML bodies", () => {
  const bodies = [...DEMO_VIDEOS, ...DEMO_PODCASTS, ...DEMO_BLOGS, ...DEMO_INTERVIEWS, ...DEMO_SPECIAL_FEATURES].filter(
    (item) => item.content != null,
  );

  it("survive the sanitiser with their text and structure intact", () => {
    expect(bodies.length).toBeGreaterThan(40);
    for (const item of bodies) {
      const clean = sanitizeContentHtml(item.content);
      expect(clean.length, item.slug).toBeGreaterThan(0);
      expect(htmlToPlainText(clean), item.slug).toBe(htmlToPlainText(item.content));
      for (const tag of ["<h2>", "<p>", "<ul>", "<li>", "<blockquote>", "<strong>", "<em>"]) {
        expect(clean.split(tag).length, `${item.slug} ${tag}`).toBe(item.content!.split(tag).length);
      }
    }
  });

  it("are stored sanitised", async () => {
    const [row] = await rows<{ content: string }>(sql`select content from blogs where id = ${demoId("blog", DEMO_BLOGS[0]!.slug)}`);
    expect(row!.content).toBe(sanitizeContentHtml(DEMO_BLOGS[0]!.content));
  });
});

describe("generated media", () => {
  it("match the catalogue (run `npx tsx app/server/seed/generate-media.ts` after changing it)", () => {
    for (const image of MEDIA_IMAGES) {
      const file = path.join(publicDir, "media", `${image.name}.svg`);
      expect(fs.readFileSync(file, "utf8"), image.name).toBe(renderMediaSvg(image));
    }
  });

  const spokenAudio = SPOKEN_SCRIPTS.filter((script) => script.media.kind === "audio");
  const spokenVideo = SPOKEN_SCRIPTS.filter((script) => script.media.kind === "video");

  it.each(spokenAudio.map((script) => [script.name, script] as const))(
    "%s.mp3 is an MP3 (MPEG-1 Layer III, 32 kHz mono, 48 kbit/s CBR) encoded from the current script, as long as the catalogue says",
    (name, script) => {
      const bytes = fs.readFileSync(path.join(publicDir, spokenMediaPath(name)));
      const mp3 = readMp3(bytes);
      expect(mp3).toMatchObject({ mpegVersion: 1, layer: 3, sampleRate: SPOKEN_SETTINGS.mp3.sampleRate, channels: 1 });
      expect(mp3.audioFrames).toBe(mp3.infoFrames);
      // Constant bit rate: every frame of the same size, give or take its padding byte.
      const frame = (144 * SPOKEN_SETTINGS.mp3.bitrate * 1000) / mp3.sampleRate;
      const audio = bytes.length - Buffer.byteLength(mp3.id3, "latin1");
      expect(Math.abs(audio - (mp3.infoFrames + 1) * frame)).toBeLessThanOrEqual(mp3.infoFrames + 1);
      expect(mp3.samples).toBe(spokenEpisode(name).seconds * mp3.sampleRate);
      // The ID3 comment names the script it was read from (run generate-media.ts with espeak-ng and lame after a change).
      expect(mp3.id3).toContain(spokenSourceTag(name));
      expect(mp3.id3).toContain(script.title);
    },
  );

  it.each(spokenVideo.map((script) => [script.name, script] as const))(
    "%s.mp4 is a small MP4 made from the current script and artwork, moov first, 640x360, as long as the catalogue says",
    (name, script) => {
      const bytes = fs.readFileSync(path.join(publicDir, spokenMediaPath(name)));
      expect(bytes.length).toBeLessThan(1.5 * 1024 * 1024);
      const mp4 = readMp4(bytes);
      expect(mp4.brand).toBe("isom");
      expect(mp4.topLevel.indexOf("moov")).toBeLessThan(mp4.topLevel.indexOf("mdat"));
      expect(mp4.tracks).toEqual([
        { width: SPOKEN_SETTINGS.video.width, height: SPOKEN_SETTINGS.video.height },
        { width: 0, height: 0 },
      ]);
      for (const codec of ["avc1", "mp4a"]) expect(bytes.includes(codec, 0, "latin1"), codec).toBe(true);
      expect(Math.abs(mp4.seconds - spokenEpisode(name).seconds)).toBeLessThan(1);
      // The comment tag names the script and artwork it was made from (run generate-media.ts with the tools after a change).
      expect(bytes.includes(demoVideoSourceTag(name), 0, "latin1")).toBe(true);
      expect(bytes.includes(script.title, 0, "utf8")).toBe(true);
    },
  );

  it("ship no other audio or video files, 3 MB at most in all", () => {
    expect(fs.readdirSync(path.join(publicDir, "media", "audio")).sort()).toEqual(spokenAudio.map((script) => `${script.name}.mp3`).sort());
    expect(fs.readdirSync(path.join(publicDir, "media", "video")).sort()).toEqual(spokenVideo.map((script) => `${script.name}.mp4`).sort());
    const total = SPOKEN_SCRIPTS.reduce((sum, script) => sum + fs.statSync(path.join(publicDir, spokenMediaPath(script.name))).size, 0);
    expect(total).toBeLessThanOrEqual(3 * 1024 * 1024);
  });

  it("include one small SVG logo per demo company, matching the catalogue (regenerate as above after changing it)", () => {
    const names = fs.readdirSync(path.join(publicDir, "media", "companies")).sort();
    expect(names).toEqual(DEMO_COMPANIES.map((company) => `${company.slug}.svg`).sort());
    for (const company of DEMO_COMPANIES) {
      const svg = fs.readFileSync(path.join(publicDir, companyLogoUrl(company.slug)), "utf8");
      expect(svg, company.slug).toBe(renderCompanyLogoSvg(company));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 64 64"/);
      expect(Buffer.byteLength(svg), company.slug).toBeLessThanOrEqual(1024);
      expect(svg).toContain(`>${company.logo.letters}</text>`);
    }
  });

  it("stay small: 16:9 SVGs of a few KB each", () => {
    for (const image of MEDIA_IMAGES) {
      const svg = renderMediaSvg(image);
      expect(svg).toContain('viewBox="0 0 640 360"');
      expect(Buffer.byteLength(svg), image.name).toBeLessThan(6 * 1024);
    }
  });
});

/** What the tests need of an MP4: its brand, top-level boxes, each track's picture size and the movie's length (mvhd). */
function readMp4(bytes: Buffer) {
  const boxes = (from: number, to: number) => {
    const found: { type: string; start: number; end: number }[] = [];
    for (let at = from; at + 8 <= to;) {
      const size = bytes.readUInt32BE(at);
      if (size < 8) throw new Error(`unsupported box size at byte ${at}`);
      found.push({ type: bytes.toString("latin1", at + 4, at + 8), start: at + 8, end: at + size });
      at += size;
    }
    return found;
  };
  const top = boxes(0, bytes.length);
  const ftyp = top.find((box) => box.type === "ftyp")!;
  const moov = top.find((box) => box.type === "moov")!;
  const inMoov = boxes(moov.start, moov.end);
  const mvhd = inMoov.find((box) => box.type === "mvhd")!;
  const v1 = bytes[mvhd.start] === 1;
  const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  // A track header ends with the picture's width and height, 16.16 fixed point.
  const tracks = inMoov
    .filter((box) => box.type === "trak")
    .map((trak) => boxes(trak.start, trak.end).find((box) => box.type === "tkhd")!)
    .map((tkhd) => ({ width: bytes.readUInt32BE(tkhd.end - 8) / 65536, height: bytes.readUInt32BE(tkhd.end - 4) / 65536 }));
  return {
    brand: bytes.toString("latin1", ftyp.start, ftyp.start + 4),
    topLevel: top.map((box) => box.type),
    tracks,
    seconds: duration / timescale,
  };
}

/** Every stored company tag, as `company-slug type:item-id`, sorted. */
async function allCompanyTags() {
  const tags = await rows<{ tag: string }>(sql`
    select c.slug || ' ' || t.content_type || ':' || t.content_id as tag
    from content_companies t join companies c on c.id = t.company_id order by 1`);
  return tags.map((t) => t.tag);
}

const ALL_ITEMS = {
  video: DEMO_VIDEOS,
  podcast: DEMO_PODCASTS,
  blog: DEMO_BLOGS,
  interview: DEMO_INTERVIEWS,
  special_feature: DEMO_SPECIAL_FEATURES,
};

describe('demo companies (PRODUCT.md "Companies")', () => {
  const bySlug = (slug: string) => DEMO_COMPANIES.find((company) => company.slug === slug)!;

  it("seeds 12 to 14 companies across at least 7 sectors, 4 to 6 of them clients, with valid unique tickers", async () => {
    const companies = await rows<{ id: string; slug: string; ticker: string; exchange: string; sector: string; is_client: boolean }>(
      sql`select id, slug, ticker, exchange, sector, is_client from companies`,
    );
    expect(companies).toHaveLength(DEMO_COMPANIES.length);
    expect(companies.length).toBeGreaterThanOrEqual(12);
    expect(companies.length).toBeLessThanOrEqual(14);
    expect(new Set(companies.map((c) => c.sector)).size).toBeGreaterThanOrEqual(7);
    for (const company of companies) {
      expect(COMPANY_SECTORS, company.slug).toContain(company.sector);
      expect(EXCHANGES, company.slug).toContain(company.exchange);
      expect(company.ticker, company.slug).toMatch(/^[A-Z0-9.-]{1,12}$/);
      expect(company.id).toBe(demoId("company", company.slug));
    }
    const clients = companies.filter((c) => c.is_client).length;
    expect(clients).toBeGreaterThanOrEqual(4);
    expect(clients).toBeLessThanOrEqual(6);
    expect(new Set(companies.map((c) => `${c.exchange}:${c.ticker}`)).size).toBe(companies.length);
  });

  it("gives every company a website on an .example domain, a one-line description and its generated logo", async () => {
    const companies = await rows<{ slug: string; website: string; description: string; logo_url: string }>(
      sql`select slug, website, description, logo_url from companies`,
    );
    for (const company of companies) {
      expect(company.website, company.slug).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(company.description.length, company.slug).toBeGreaterThan(20);
      expect(company.description.length, company.slug).toBeLessThanOrEqual(120);
      expect(company.logo_url).toBe(`/media/companies/${company.slug}.svg`);
    }
  });

  it.each([
    ["ironbark-gold", "Ironbark Gold", "IBG", "ASX", "mining", true, ["interview:ironbark-not-chasing-ounces"]],
    [
      "helios-semiconductor",
      "Helios Semiconductor",
      "HLIO",
      "NASDAQ",
      "technology",
      true,
      ["interview:helios-cfo-capacity-discipline", "blog:semiconductor-cycles-ai-era"],
    ],
    ["quokka-pay", "Quokka Pay", "QPY", "ASX", "financials", false, ["interview:quokka-pay-fintech-winter"]],
  ] as const)("%s has the facts other parts of the site rely on", async (slug, name, ticker, exchange, sector, isClient, items) => {
    const [company] = await rows<{ name: string; ticker: string; exchange: string; sector: string; is_client: boolean }>(
      sql`select name, ticker, exchange, sector, is_client from companies where slug = ${slug}`,
    );
    expect(company).toEqual({ name, ticker, exchange, sector, is_client: isClient });
    for (const item of items) {
      const [type, itemSlug] = item.split(":") as [ContentType, string];
      const tags = await itemCompanies(type, demoId(type, itemSlug));
      expect(
        tags.map((tag) => tag.slug),
        item,
      ).toContain(slug);
    }
  });

  it("names every company on at least one published item, and tags only items of the catalogue", async () => {
    for (const company of DEMO_COMPANIES) {
      const { total } = await companyCoverage(demoId("company", company.slug), 1, 50);
      expect(total, company.slug).toBeGreaterThanOrEqual(1);
      for (const [type, slugs] of Object.entries(company.about)) {
        for (const slug of slugs) {
          expect(
            ALL_ITEMS[type as ContentType].some((item) => item.slug === slug),
            `${company.slug} ${type}:${slug}`,
          ).toBe(true);
        }
      }
    }
    const expected = DEMO_COMPANIES.flatMap((company) =>
      Object.entries(company.about).flatMap(([type, slugs]) => slugs.map((slug) => `${company.slug} ${type}:${demoId(type, slug)}`)),
    ).sort();
    expect(await allCompanyTags()).toEqual(expected);
  });

  it("tags most items that name a company, a few with two or more", async () => {
    const named = await rows<{ n: number }>(sql`select count(*)::int as n from content_companies group by content_type, content_id`);
    expect(named.length).toBeGreaterThanOrEqual(30);
    expect(named.filter((item) => item.n >= 2).length).toBeGreaterThanOrEqual(2);
    // Every published item whose title names a demo company is tagged with it.
    for (const company of DEMO_COMPANIES) {
      for (const [type, items] of Object.entries(ALL_ITEMS)) {
        for (const item of items.filter((i) => !i.status && i.title.includes(company.name))) {
          expect(company.about[type as ContentType], `${company.slug} ${item.slug}`).toContain(item.slug);
        }
      }
    }
  });

  it("keeps a draft that names a company out of its coverage", async () => {
    const coralline = demoId("company", "coralline-bank");
    const { items, total } = await companyCoverage(coralline, 1, 50);
    expect(items.map((item) => item.title)).not.toContain("Bank Margins Have Peaked. Now What?");
    expect(total).toBe(Object.values(bySlug("coralline-bank").about).flat().length - 1);
    expect((await itemCompanies("blog", demoId("blog", "bank-margins-peaked"))).map((tag) => tag.slug)).toEqual(["coralline-bank"]);
  });

  it("makes the Ironbark interview a paid promotion, paid by Ironbark in cash, and no other item", async () => {
    const paid = await rows<Record<string, unknown>>(sql`
      ${sql.join(
        CONTENT_TABLES.map(
          (table) => sql`select title, sponsor_company_id as payer, disclosure_sponsor as other, consideration_form as form,
            consideration_amount::text as amount, consideration_currency as currency, consideration_units::text as units,
            agreement_date::text as agreed, disclosure_note as note from ${sql.identifier(table)} where paid_promotion`,
        ),
        sql` union all `,
      )}`);
    expect(paid).toEqual([
      {
        title: "Ironbark Gold's CEO: Why We Are Not Chasing Ounces",
        payer: demoId("company", "ironbark-gold"),
        other: null,
        form: "cash",
        amount: "5000.00",
        currency: "AUD",
        units: null,
        agreed: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        note: "Sponsored interview with the chief executive.",
      },
    ]);
    // The payer is one of the companies the interview names (PRODUCT.md "Paid promotion").
    expect((await itemCompanies("interview", demoId("interview", "ironbark-not-chasing-ounces"))).map((tag) => tag.slug)).toContain(
      "ironbark-gold",
    );
    const [unpaid] = await rows<{ n: number }>(sql`
      select count(*)::int as n from interviews
      where not paid_promotion and coalesce(sponsor_company_id::text, disclosure_sponsor, consideration_form, disclosure_note) is not null`);
    expect(unpaid!.n).toBe(0);
  });
});

describe("reseedDemoContent", () => {
  it("replaces content with the same catalogue and ids, keeping accounts", async () => {
    const db = await getDb();
    await createUserAccount({ email: "keeper@example.com", password: "keeper-password", name: "Keeper" });
    await db.execute(sql`update videos set title = 'Edited by an admin' where id = ${demoId("video", DEMO_VIDEOS[0]!.slug)}`);
    await db.execute(sql`insert into blogs (title, status) values ('An extra post', 'draft')`);
    // The old catalogue's rolled-up downloads and deleted items go with it.
    const gone = crypto.randomUUID();
    await db.execute(sql`insert into podcast_daily_downloads (episode_type, episode_id, day, downloads, listeners)
      values ('podcast', ${gone}, '2020-01-01', 3, 3)`);
    await db.execute(sql`insert into deleted_items (content_type, content_id, title, published_at, company_ids)
      values ('podcast', ${gone}, 'Gone', now(), '{}')`);
    await db.execute(sql`insert into content_daily_mail (content_type, content_id, day, channel, sends, clicks)
      values ('podcast', ${gone}, '2020-01-01', 'newsletter', 5, 1)`);

    await reseedDemoContent(db);
    const left = await rows<{ n: number }>(
      sql`select (select count(*) from podcast_daily_downloads)::int + (select count(*) from deleted_items)::int
        + (select count(*) from content_daily_mail where content_id = ${gone})::int as n`,
    );
    expect(left[0]!.n).toBe(0);

    expect((await counts("videos")).total).toBe(DEMO_VIDEOS.length);
    expect((await counts("blogs")).total).toBe(DEMO_BLOGS.length);
    const [video] = await rows<{ title: string }>(sql`select title from videos where id = ${demoId("video", DEMO_VIDEOS[0]!.slug)}`);
    expect(video!.title).toBe(DEMO_VIDEOS[0]!.title);
    const [user] = await rows<{ n: number }>(sql`select count(*)::int as n from users where email = 'keeper@example.com'`);
    expect(user!.n).toBe(1);
  });

  it("replaces the companies and their tags with the demo ones, the same on every run", async () => {
    const db = await getDb();
    const before = await allCompanyTags();
    expect(before.length).toBeGreaterThan(30);
    await db.execute(sql`update companies set name = 'Renamed' where slug = 'ironbark-gold'`);
    await db.execute(sql`insert into companies (name, slug, ticker, exchange) values ('Extra Co', 'extra-co', 'XTRA', 'ASX')`);
    await db.execute(sql`delete from content_companies where company_id = ${demoId("company", "quokka-pay")}`);

    await reseedDemoContent(db);
    await reseedDemoContent(db);

    expect(await allCompanyTags()).toEqual(before);
    const companies = await rows<{ name: string }>(sql`select name from companies order by name`);
    expect(companies.map((c) => c.name)).toEqual(DEMO_COMPANIES.map((c) => c.name).sort());
  });
});

describe("seedDemoContent on a database that still has companies", () => {
  it("keeps an existing company with a demo slug and names only the demo companies present", async () => {
    const db = await getDb();
    await db.execute(
      sql`truncate videos, podcasts, blogs, interviews, special_features, companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies`,
    );
    // An admin deleted the demo Quokka Pay and made their own under the same slug and ticker.
    await db.execute(sql`insert into companies (name, slug, ticker, exchange) values ('Quokka Pay Ltd', 'quokka-pay', 'QPY', 'ASX')`);

    await seedDemoContent(db);

    const [quokka] = await rows<{ name: string; id: string }>(sql`select name, id from companies where slug = 'quokka-pay'`);
    expect(quokka!.name).toBe("Quokka Pay Ltd");
    expect(await itemCompanies("interview", demoId("interview", "quokka-pay-fintech-winter"))).toEqual([]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from companies`))[0]!.n).toBe(DEMO_COMPANIES.length);
    await reseedDemoContent(db);
  });
});

/** The form the editor posts for these values: its text inputs, one hidden input per tag, the featured flag's hidden input. */
function editorForm(type: ContentType, values: EditorValues) {
  const form = new FormData();
  for (const name of ["title", "description", "content", "status", ...CONTENT_REGISTRY[type].fields] as const)
    form.set(name, values[name] ?? "");
  for (const tag of values.tags) form.append("tags", tag);
  if (CONTENT_REGISTRY[type].featurable) form.set("featured", String(values.featured));
  return form;
}

describe("every demo item can be saved unchanged from the admin editor", () => {
  it.each(CONTENT_TYPES)("%s: the edit form's values pass the edit schema", async (type) => {
    const { items, total } = await listContent(type, { page: 1 });
    expect(total).toBeGreaterThan(0);
    // Every page, so no seeded item is left out.
    const pages = Math.ceil(total / ADMIN_PAGE_SIZE);
    const all = [...items];
    for (let page = 2; page <= pages; page++) all.push(...(await listContent(type, { page })).items);
    expect(all).toHaveLength(total);
    for (const item of all) {
      const row = await getContent(type, item.id);
      const submission = parseWithZod(editorForm(type, editorValuesFromRow(type, row!)), {
        schema: editorSchema(type, "edit"),
        ...EDITOR_PARSE_OPTIONS,
      });
      expect(submission.status === "success" ? {} : submission.error, `${type} ${item.title}`).toEqual({});
    }
  });
});
