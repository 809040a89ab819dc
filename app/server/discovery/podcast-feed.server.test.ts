import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { loader as podcastFeedLoader } from "~/routes/podcasts.rss[.]xml";

import { day, emptyBeforeEach, insertPodcasts } from "../../../tests/support/content";
import { PODCAST_VARIABLES, restoreEnvAfterEach, setEnv } from "../../../tests/support/env";
import { readRss, textOf, TRICKY_DESCRIPTION, TRICKY_DESCRIPTION_TEXT, TRICKY_TITLE, type XmlNode } from "../../../tests/support/feeds";
import { PAID } from "../../../tests/support/item-promotion";
import { callRoute } from "../../../tests/support/route";
import * as dbServer from "../db/db.server";
import { getDb, schema } from "../db/db.server";
import { buildPodcastFeed, directAudioFile, staticFilesDir } from "./podcast-feed.server";

const ORIGIN = "http://localhost:3000";
const TRAILER = "/media/audio/capital-call-trailer.mp3";
const THEME = "/media/audio/dividend-hour-theme.mp3";
const sizeOf = (sitePath: string) => fs.statSync(path.join("public", sitePath)).size;

emptyBeforeEach(schema.companies, schema.podcasts, schema.mediaFiles);
restoreEnvAfterEach(["PUBLIC_URL", "NODE_ENV", "BUILD_DIR", ...PODCAST_VARIABLES]);

const feed = async () => readRss(await buildPodcastFeed());
const titles = (items: XmlNode[]) => items.map((item) => textOf(item.title));

describe('/podcasts/rss.xml: the channel (PRODUCT.md "Discovery")', () => {
  it("has every tag Apple Podcasts requires, with the default settings", async () => {
    const { rss, channel } = await feed();
    expect(rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    expect(rss["@xmlns:atom"]).toBe("http://www.w3.org/2005/Atom");
    expect(textOf(channel.title)).toBe("MarketWire Podcasts");
    expect(textOf(channel.description)).toMatch(/^Conversations with company leaders/);
    expect(textOf(channel.language)).toBe("en");
    expect(textOf(channel.link)).toBe(`${ORIGIN}/podcasts`);
    const self = (channel["atom:link"] as unknown as XmlNode[]).find((link) => link["@rel"] === "self")!;
    expect(self["@href"]).toBe(`${ORIGIN}/podcasts/rss.xml`);
    expect(channel["itunes:image"]!["@href"]).toBe(`${ORIGIN}/og/podcast-cover.jpg`);
    expect(channel["itunes:category"]!["@text"]).toBe("Business");
    expect(channel["itunes:category"]!["itunes:category"]!["@text"]).toBe("Investing");
    expect(textOf(channel["itunes:explicit"])).toBe("false");
    expect(textOf(channel["itunes:author"])).toBe("MarketWire");
    expect(textOf(channel["itunes:owner"]!["itunes:name"])).toBe("MarketWire");
    expect(textOf(channel["itunes:owner"]!["itunes:email"])).toBe("info@marketwire.example");
    expect(textOf(channel["itunes:type"])).toBe("episodic");
  });

  it("takes its settings from the PODCAST_* variables, written exactly however they are spelled", async () => {
    setEnv({
      PUBLIC_URL: "https://news.example.com",
      PODCAST_TITLE: `Markets & "Money" <live> R&amp;D`,
      PODCAST_DESCRIPTION: "Stocks & bonds <weekly>",
      PODCAST_AUTHOR: "Jane O'Neil & Co",
      PODCAST_OWNER_NAME: "Jane <Owner>",
      PODCAST_OWNER_EMAIL: "owner@news.example.com",
      PODCAST_CATEGORY: "Health & Fitness",
      PODCAST_SUBCATEGORY: "Mental Health",
      PODCAST_EXPLICIT: "true",
      PODCAST_LANGUAGE: "en-gb",
      PODCAST_IMAGE_URL: "https://cdn.example.com/cover.jpg?size=3000&format=jpg",
    });
    await insertPodcasts([{ audioUrl: TRAILER, duration: 8 }]);
    const { rss, channel, items } = await feed();
    expect(textOf(channel.title)).toBe(`Markets & "Money" <live> R&amp;D`);
    expect(textOf(channel.description)).toBe("Stocks & bonds <weekly>");
    expect(textOf(channel["itunes:author"])).toBe("Jane O'Neil & Co");
    expect(textOf(channel["itunes:owner"]!["itunes:name"])).toBe("Jane <Owner>");
    expect(textOf(channel["itunes:owner"]!["itunes:email"])).toBe("owner@news.example.com");
    expect(channel["itunes:category"]!["@text"]).toBe("Health & Fitness");
    expect(channel["itunes:category"]!["itunes:category"]!["@text"]).toBe("Mental Health");
    expect(textOf(channel["itunes:explicit"])).toBe("true");
    expect(textOf(channel.language)).toBe("en-gb");
    expect(channel["itunes:image"]!["@href"]).toBe("https://cdn.example.com/cover.jpg?size=3000&format=jpg");
    expect(textOf(channel.link)).toBe("https://news.example.com/podcasts");
    expect((channel["atom:link"] as unknown as XmlNode[])[0]!["@href"]).toBe("https://news.example.com/podcasts/rss.xml");
    expect(items[0]!.enclosure!["@url"]).toMatch(/^https:\/\/news\.example\.com\/e\/[\da-f-]{36}\.mp3$/);
    expect(textOf(items[0]!.link)).toMatch(/^https:\/\/news\.example\.com\/podcast\//);
    expect(rss["@xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
  });

  it("leaves the subcategory out when the category is set without one, and defaults the cover to PUBLIC_URL", async () => {
    setEnv({ PODCAST_CATEGORY: "Technology", PUBLIC_URL: "https://news.example.com" });
    const { channel } = await feed();
    expect(channel["itunes:category"]!["@text"]).toBe("Technology");
    expect(channel["itunes:category"]!["itunes:category"]).toBeUndefined();
    expect(channel["itunes:image"]!["@href"]).toBe("https://news.example.com/og/podcast-cover.jpg");
  });
});

describe("/podcasts/rss.xml: the episodes", () => {
  it("lists published episodes with a direct audio file, newest first, with every tag an episode needs", async () => {
    const [trailer, theme] = await insertPodcasts([
      { title: "Trailer", audioUrl: TRAILER, duration: 8, description: "<p>The <b>new</b> season</p>", publishedAt: day(5) },
      // The same file on the public origin is a file of this site too.
      { title: "Theme", audioUrl: `${ORIGIN}${THEME}`, duration: 12, description: "Theme music", publishedAt: day(4) },
    ]);
    const { items } = await feed();
    expect(titles(items)).toEqual(["Trailer", "Theme"]);
    for (const [item, row, file, seconds] of [
      [items[0]!, trailer!, TRAILER, "8"],
      [items[1]!, theme!, THEME, "12"],
    ] as const) {
      // Through the counting route (PRODUCT.md "Measurement"), one address per episode.
      expect(item.enclosure!["@url"]).toBe(`${ORIGIN}/e/${row.id}.mp3`);
      expect(item.enclosure!["@type"]).toBe("audio/mpeg");
      expect(Number(item.enclosure!["@length"])).toBe(sizeOf(file));
      expect(Number(item.enclosure!["@length"])).toBeGreaterThan(10_000);
      expect(textOf(item.guid)).toBe(row.id);
      expect(item.guid!["@isPermaLink"]).toBe("false");
      expect(textOf(item.link)).toBe(`${ORIGIN}/podcast/${row.id}`);
      expect(new Date(textOf(item.pubDate)).toISOString()).toBe(row.publishedAt!.toISOString());
      expect(textOf(item["itunes:duration"])).toBe(seconds);
    }
    expect(textOf(items[0]!.description)).toBe("The new season");
    expect(textOf(items[1]!.description)).toBe("Theme music");
  });

  it("leaves out episodes without a direct audio file, drafts and archived ones", async () => {
    await insertPodcasts([
      { title: "Listed", audioUrl: TRAILER, duration: 8 },
      // A remote MP3 has no size the feed can state.
      { title: "Remote mp3", audioUrl: "https://audioboom.com/posts/855882107.mp3", duration: 100 },
      { title: "Host post", audioUrl: "https://audioboom.com/posts/857123401", duration: 100 },
      { title: "No audio", audioUrl: null },
      { title: "Missing file", audioUrl: "/media/audio/missing.mp3" },
      { title: "Not audio", audioUrl: "/media/podcast-capital-call.svg" },
      { title: "Not MP3 or M4A", audioUrl: "/media/audio/capital-call-trailer.wav" },
      { title: "Dot segments", audioUrl: "/media/../media/audio/capital-call-trailer.mp3" },
      { title: "Outside media", audioUrl: "/../package.json" },
      { title: "Other origin", audioUrl: `https://elsewhere.example.com${TRAILER}` },
      { title: "With a query", audioUrl: `${ORIGIN}${TRAILER}?v=2` },
      { title: "Draft", audioUrl: TRAILER, status: "draft", publishedAt: null },
      { title: "Archived", audioUrl: THEME, status: "archived", publishedAt: null },
    ]);
    const xml = await buildPodcastFeed();
    const { items } = await readRss(xml);
    expect(titles(items)).toEqual(["Listed"]);
    for (const hidden of ["Remote mp3", "Host post", "No audio", "Missing file", "Draft", "Archived", "Other origin"]) {
      expect(xml).not.toContain(hidden);
    }
  });

  it("writes titles and descriptions with &, <b>, quotes and ]]> so they read back exactly", async () => {
    await insertPodcasts([{ title: TRICKY_TITLE, description: TRICKY_DESCRIPTION, audioUrl: TRAILER, duration: 8 }]);
    const { items } = await feed();
    expect(textOf(items[0]!.title)).toBe(TRICKY_TITLE);
    expect(textOf(items[0]!.description)).toBe(TRICKY_DESCRIPTION_TEXT);
  });

  it("describes an episode without a description by its content, else its title; no duration tag when it is unknown", async () => {
    await insertPodcasts([
      { title: "With content", audioUrl: TRAILER, description: null, content: "<h2>Notes</h2><p>Chapter one</p>", publishedAt: day(2) },
      { title: "Bare", audioUrl: TRAILER, description: "", duration: null, publishedAt: day(1) },
    ]);
    const { items } = await feed();
    expect(textOf(items[0]!.description)).toBe("Notes Chapter one");
    expect(textOf(items[1]!.description)).toBe("Bare");
    expect(items[1]!["itunes:duration"]).toBeUndefined();
  });

  it("keeps the 50 newest episodes", async () => {
    await insertPodcasts(Array.from({ length: 55 }, (_, i) => ({ title: `Episode ${i}`, audioUrl: TRAILER, duration: 8 })));
    const { items } = await feed();
    expect(items).toHaveLength(50);
    expect(titles(items).slice(0, 2)).toEqual(["Episode 54", "Episode 53"]);
    expect(titles(items).at(-1)).toBe("Episode 5");
  });

  it("finds older episodes with files behind many newer ones whose files are missing", async () => {
    await insertPodcasts(
      Array.from({ length: 130 }, (_, i) => ({ title: `Episode ${i}`, audioUrl: i < 3 ? THEME : `/media/audio/gone-${i}.mp3` })),
    );
    const { items } = await feed();
    expect(titles(items)).toEqual(["Episode 2", "Episode 1", "Episode 0"]);
  });
});

describe('uploaded audio (PRODUCT.md "Media library")', () => {
  const upload = (id: string, ext: string, mimeType: string, sizeBytes: number) => ({
    id,
    kind: "audio" as const,
    storageKey: `audio/${id}.${ext}`,
    originalName: `episode.${ext}`,
    mimeType,
    sizeBytes,
    duration: 60,
  });
  const MP3 = upload("11111111-1111-4111-8111-111111111111", "mp3", "audio/mpeg", 5_000_000);
  const M4A = upload("22222222-2222-4222-8222-222222222222", "m4a", "audio/mp4", 7_000_000);
  const OGG = upload("33333333-3333-4333-8333-333333333333", "ogg", "audio/ogg", 3_000_000);

  it("gets the enclosure's length and type from media_files; only MP3 and M4A qualify", async () => {
    const db = await dbServer.getDb();
    await db.insert(schema.mediaFiles).values([MP3, M4A, OGG]);
    const insertedRows = insertPodcasts([
      { title: "Uploaded MP3", audioUrl: `/uploads/${MP3.storageKey}`, publishedAt: day(5) },
      { title: "Uploaded M4A, absolute", audioUrl: `${ORIGIN}/uploads/${M4A.storageKey}`, publishedAt: day(4) },
      { title: "Uploaded OGG", audioUrl: `/uploads/${OGG.storageKey}`, publishedAt: day(3) },
      { title: "Deleted upload", audioUrl: "/uploads/audio/44444444-4444-4444-8444-444444444444.mp3", publishedAt: day(2) },
      { title: "Demo file", audioUrl: TRAILER, publishedAt: day(1) },
    ]);
    const rows = await insertedRows;
    const { items } = await feed();
    expect(titles(items)).toEqual(["Uploaded MP3", "Uploaded M4A, absolute", "Demo file"]);
    // The counting route's extension follows the file's type (PRODUCT.md "Measurement").
    expect(items.slice(0, 2).map((item) => item.enclosure)).toEqual([
      { "@url": `${ORIGIN}/e/${rows[0]!.id}.mp3`, "@length": "5000000", "@type": "audio/mpeg" },
      { "@url": `${ORIGIN}/e/${rows[1]!.id}.m4a`, "@length": "7000000", "@type": "audio/x-m4a" },
    ]);
  });

  it("directAudioFile reads an upload's facts from media_files, not from the static folder", async () => {
    const db = await dbServer.getDb();
    await db.insert(schema.mediaFiles).values([MP3]);
    expect(await directAudioFile(`/uploads/${MP3.storageKey}`)).toEqual({
      url: `${ORIGIN}/uploads/${MP3.storageKey}`,
      length: 5_000_000,
      type: "audio/mpeg",
      source: { kind: "upload", key: MP3.storageKey },
    });
    expect(await directAudioFile("/uploads/audio/44444444-4444-4444-8444-444444444444.mp3")).toBeNull();
  });
});

describe("directAudioFile", () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "audio-"));
    fs.mkdirSync(path.join(root, "media", "audio", "folder.mp3"), { recursive: true });
    fs.writeFileSync(path.join(root, "media", "audio", "episode.m4a"), Buffer.alloc(1234, 1));
    fs.writeFileSync(path.join(root, "media", "audio", "LOUD.MP3"), Buffer.alloc(99, 1));
    fs.writeFileSync(path.join(root, "media", "audio", "empty.mp3"), "");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("states an M4A's and an MP3's size and type", async () => {
    expect(await directAudioFile("/media/audio/episode.m4a", root)).toEqual({
      url: `${ORIGIN}/media/audio/episode.m4a`,
      length: 1234,
      type: "audio/x-m4a",
      source: { kind: "static", file: path.join(root, "media", "audio", "episode.m4a") },
    });
    expect(await directAudioFile("/media/audio/LOUD.MP3", root)).toEqual({
      url: `${ORIGIN}/media/audio/LOUD.MP3`,
      length: 99,
      type: "audio/mpeg",
      source: { kind: "static", file: path.join(root, "media", "audio", "LOUD.MP3") },
    });
  });

  it("refuses folders, empty files and anything outside /media", async () => {
    expect(await directAudioFile("/media/audio/folder.mp3", root)).toBeNull();
    expect(await directAudioFile("/media/audio/empty.mp3", root)).toBeNull();
    expect(await directAudioFile("/media/audio/./episode.m4a", root)).toBeNull();
    expect(await directAudioFile("/media/audio%2Fepisode.m4a", root)).toBeNull();
    expect(await directAudioFile("//elsewhere.example.com/media/audio/episode.m4a", root)).toBeNull();
    expect(await directAudioFile("not a url", root)).toBeNull();
  });
});

describe("staticFilesDir: where server.ts serves /media from", () => {
  it("is public/ outside production, and the build's client folder in production", () => {
    expect(staticFilesDir()).toBe(path.resolve("public"));
    // Run from source (tsx server.ts), production serves the build BUILD_DIR names.
    setEnv({ NODE_ENV: "production", BUILD_DIR: "build-somewhere" });
    expect(staticFilesDir()).toBe(path.resolve("build-somewhere", "client"));
  });
});

describe("/podcasts/rss.xml route", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers RSS, cached by CDNs for five minutes", async () => {
    await insertPodcasts([{ audioUrl: TRAILER, duration: 8 }]);
    const { status, headers, body } = await callRoute(podcastFeedLoader, "/podcasts/rss.xml", { throws: false });
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
    expect((await readRss(body as string)).items).toHaveLength(1);
  });

  it("answers 503 in plain text, never cached, when the database fails", async () => {
    vi.spyOn(dbServer, "getDb").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, headers, body } = await callRoute(podcastFeedLoader, "/podcasts/rss.xml", { throws: false });
    expect(status).toBe(503);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body).toBe("Temporarily unavailable. Please try again later.\n");
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('/podcasts/rss.xml and paid promotion (PRODUCT.md "Paid promotion")', () => {
  it("opens a paid episode's description with its disclosure, and leaves an unpaid one as it was", async () => {
    await insertPodcasts([
      { ...PAID, title: "Paid", audioUrl: TRAILER, description: "<p>Gold & <b>grades</b></p>", publishedAt: day(5) },
      { ...PAID, title: "Paid, no description", audioUrl: TRAILER, description: null, content: null, publishedAt: day(4) },
      { title: "Unpaid", audioUrl: TRAILER, description: "Plain episode", publishedAt: day(3) },
      { ...PAID, paidPromotion: false, title: "Unpaid with leftovers", audioUrl: TRAILER, description: "Leftovers", publishedAt: day(2) },
    ]);
    const { items } = await feed();
    const disclosure =
      "Paid promotion. MarketWire received A$5,000 in cash from Halcyon Investor Relations for this podcast. Sponsored interview with the chief executive.";
    expect(items.map((item) => textOf(item.description))).toEqual([
      `${disclosure}\n\nGold & grades`,
      `${disclosure}\n\nPaid, no description`,
      "Plain episode",
      "Leftovers",
    ]);
  });
});

describe('/podcasts/rss.xml: companies (PRODUCT.md "Discovery")', () => {
  afterEach(() => vi.restoreAllMocks());

  it("names each episode's companies A–Z as categories, read for all episodes in one query", async () => {
    const db = await getDb();
    const [gold, lithium] = await db
      .insert(schema.companies)
      .values([
        { name: "Ironbark Gold", slug: "ironbark-gold", ticker: "IBG", exchange: "ASX" },
        { name: "Lithium Co", slug: "lithium-co", ticker: "LCO", exchange: "NYSE" },
      ])
      .returning();
    const tag = (contentId: string, ...companyIds: string[]) =>
      db.insert(schema.contentCompanies).values(companyIds.map((companyId) => ({ contentType: "podcast" as const, contentId, companyId })));
    const [first] = await insertPodcasts([{ title: "E0", audioUrl: TRAILER, publishedAt: day(0) }]);
    await tag(first!.id, gold!.id);
    const reads = vi.spyOn(dbServer, "getDb");
    await buildPodcastFeed();
    const readsForOneEpisode = reads.mock.calls.length;
    const more = await insertPodcasts(
      Array.from({ length: 3 }, (_, i) => ({ title: `E${i + 1}`, audioUrl: THEME, publishedAt: day(i + 1) })),
    );
    for (const episode of more) await tag(episode.id, lithium!.id, gold!.id);
    reads.mockClear();

    const { items } = await feed();
    expect(reads.mock.calls.length).toBe(readsForOneEpisode);
    const domain = `${ORIGIN}/companies`;
    const both = [
      { name: "Ironbark Gold (ASX:IBG)", domain },
      { name: "Lithium Co (NYSE:LCO)", domain },
    ];
    expect(
      items.map((item) =>
        ((item.category ?? []) as unknown as XmlNode[]).map((category) => ({ name: textOf(category), domain: category["@domain"] })),
      ),
    ).toEqual([both, both, both, [{ name: "Ironbark Gold (ASX:IBG)", domain }]]);
  });
});
