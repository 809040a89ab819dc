/**
 * PRODUCT.md "Scheduled publishing": an item published for a later time is absent from every public place
 * while that time is ahead, and present in each once it has passed, with nothing run in between (the
 * second phase only moves published_at into the past, as the clock would).
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CONTENT_REGISTRY, publicUrlFor } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { loader as blogLoader } from "~/routes/blog";
import { loader as articleLoader } from "~/routes/blog.$id";
import { loader as blogFeedLoader } from "~/routes/blog.rss[.]xml";
import { loader as homeLoader } from "~/routes/home";
import { loader as interviewsLoader } from "~/routes/interviews";
import { loader as interviewLoader } from "~/routes/interviews.$id";
import { loader as ogLoader } from "~/routes/og.$";
import { loader as podcastLoader } from "~/routes/podcast.$id";
import { loader as podcastsLoader } from "~/routes/podcasts";
import { loader as podcastFeedLoader } from "~/routes/podcasts.rss[.]xml";
import { loader as programmeLoader } from "~/routes/programme";
import { loader as feedLoader } from "~/routes/rss[.]xml";
import { loader as searchLoader } from "~/routes/search";
import { loader as sitemapLoader } from "~/routes/sitemaps.$file";
import { loader as specialFeaturesLoader } from "~/routes/special-features";
import { loader as specialFeatureLoader } from "~/routes/special-features.$id";
import { loader as videoLoader } from "~/routes/video.$id";
import { loader as videosLoader } from "~/routes/videos";
import { loader as videoFeedLoader } from "~/routes/videos.rss[.]xml";

import {
  counterPost,
  insertBlogs,
  insertInterviews,
  insertPodcasts,
  insertSpecialFeatures,
  insertVideos,
} from "../../../tests/support/content";
import { setEnv } from "../../../tests/support/env";
import { callRoute } from "../../../tests/support/route";
import { getDb } from "../db/db.server";
import { CONTENT_TABLES } from "./content-tables.server";
import { nextPublicationAfter } from "./scheduled-publication.server";

/** A podcast episode needs a direct audio file of the site to be in the podcast feed. */
const AUDIO = "/media/audio/capital-call-trailer.mp3";

type Items = Record<ContentType, { id: string; title: string }>;

/**
 * One live item of each type (published in 2025) and one scheduled an hour ahead, titled with a word
 * search finds; the scheduled video and podcast are featured, so the home page would lead with them.
 */
async function insertItems(): Promise<{ live: Items; scheduled: Items }> {
  const db = await getDb();
  await db.execute(sql`truncate videos, podcasts, blogs, interviews, special_features, rate_limits`);
  const ahead = new Date(Date.now() + 3_600_000);
  const rows = (type: ContentType) => [{ title: `Zephyr live ${type}` }, { title: `Zephyr scheduled ${type}`, publishedAt: ahead }];
  const featured = { featured: true, featuredAt: new Date() };
  const inserted: Record<ContentType, { id: string; title: string }[]> = {
    video: await insertVideos(rows("video").map((row, i) => (i === 1 ? { ...row, ...featured } : row))),
    podcast: await insertPodcasts(
      rows("podcast").map((row, i) => ({ ...row, audioUrl: AUDIO, duration: 8, ...(i === 1 ? featured : {}) })),
    ),
    blog: await insertBlogs(rows("blog")),
    interview: await insertInterviews(rows("interview")),
    special_feature: await insertSpecialFeatures(rows("special_feature")),
  };
  const pick = (index: number) =>
    Object.fromEntries(
      CONTENT_TYPES.map((type) => [type, { id: inserted[type][index]!.id, title: inserted[type][index]!.title }]),
    ) as Items;
  return { live: pick(0), scheduled: pick(1) };
}

/** Whether `id` is anywhere in a loader's data or a resource's body. */
async function mentions(answer: Promise<{ body: unknown }>, id: string) {
  return JSON.stringify((await answer).body).includes(id);
}

const get = <F extends (args: never) => unknown>(loader: F, path: string, params: Record<string, string> = {}) =>
  callRoute(loader, path, { params, throws: false });

const LIST_LOADERS = {
  video: [videosLoader, "/videos"],
  podcast: [podcastsLoader, "/podcasts"],
  blog: [blogLoader, "/blog"],
  interview: [interviewsLoader, "/interviews"],
  special_feature: [specialFeaturesLoader, "/special-features"],
} as const;

const DETAIL_LOADERS = {
  video: videoLoader,
  podcast: podcastLoader,
  blog: articleLoader,
  interview: interviewLoader,
  special_feature: specialFeatureLoader,
} as const;

/** A public place, and whether it shows the scheduled item(s) it concerns. */
type Place = [name: string, shows: (items: { live: Items; scheduled: Items }) => Promise<boolean>];

const PLACES: Place[] = [
  ...CONTENT_TYPES.flatMap((type): Place[] => [
    [
      `the ${type} list (${LIST_LOADERS[type][1]})`,
      ({ scheduled }) => mentions(get(LIST_LOADERS[type][0], LIST_LOADERS[type][1]), scheduled[type].id),
    ],
    [
      `the ${type}'s own page (${publicUrlFor(type, "{id}")}): 200, not 404`,
      async ({ scheduled }) => {
        const { id } = scheduled[type];
        const { status } = await get(DETAIL_LOADERS[type], publicUrlFor(type, id), { id });
        expect([200, 404]).toContain(status);
        return status === 200;
      },
    ],
    [
      `the live ${type}'s page, its list of others`,
      ({ live, scheduled }) =>
        mentions(get(DETAIL_LOADERS[type], publicUrlFor(type, live[type].id), { id: live[type].id }), scheduled[type].id),
    ],
    [
      `the ${type}'s preview image (/og/${CONTENT_REGISTRY[type].slug}/{id}.jpg): 200, not 404`,
      async ({ scheduled }) => {
        const { status } = await get(ogLoader, `/og/${CONTENT_REGISTRY[type].slug}/${scheduled[type].id}.jpg`);
        expect([200, 404]).toContain(status);
        return status === 200;
      },
    ],
  ]),
  ["the home page's blocks (the featured video and podcast)", async ({ scheduled }) => mentions(get(homeLoader, "/"), scheduled.video.id)],
  ["the home page's podcast blocks", async ({ scheduled }) => mentions(get(homeLoader, "/"), scheduled.podcast.id)],
  [
    "search: its results and its total",
    async ({ scheduled }) => {
      const { body } = await get(searchLoader, "/search?q=zephyr");
      if (!body.ok) throw new Error("the search failed");
      const found = CONTENT_TYPES.filter((type) => body.results.some((result) => result.id === scheduled[type].id));
      // Every live item, plus the scheduled ones when they are shown: all five or none, and the total agrees.
      expect([0, 5]).toContain(found.length);
      expect(body.total).toBe(5 + found.length);
      return found.length === 5;
    },
  ],
  [
    "search for one type: its total",
    async () => {
      const { body } = await get(searchLoader, "/search?q=zephyr&types=blog");
      if (!body.ok) throw new Error("the search failed");
      expect([1, 2]).toContain(body.total);
      return body.total === 2;
    },
  ],
  [
    "the feed of everything (/rss.xml)",
    async ({ scheduled }) => allOf(CONTENT_TYPES.map((type) => mentions(get(feedLoader, "/rss.xml"), scheduled[type].id))),
  ],
  ["the blog feed (/blog/rss.xml)", ({ scheduled }) => mentions(get(blogFeedLoader, "/blog/rss.xml"), scheduled.blog.id)],
  ["the video feed (/videos/rss.xml)", ({ scheduled }) => mentions(get(videoFeedLoader, "/videos/rss.xml"), scheduled.video.id)],
  ["the podcast feed (/podcasts/rss.xml)", ({ scheduled }) => mentions(get(podcastFeedLoader, "/podcasts/rss.xml"), scheduled.podcast.id)],
  [
    "the sitemaps (/sitemaps/{section}-1.xml)",
    async ({ scheduled }) =>
      allOf(
        CONTENT_TYPES.map((type) => {
          const file = `${CONTENT_REGISTRY[type].listPath.slice(1)}-1.xml`;
          return mentions(get(sitemapLoader, `/sitemaps/${file}`, { file }), scheduled[type].id);
        }),
      ),
  ],
  [
    "the programme's video count",
    async () => {
      const { body } = await get(programmeLoader, "/programme");
      expect([1, 2]).toContain(body.totalVideos);
      return body.totalVideos === 2;
    },
  ],
  [
    "the view counter (answers 404 and counts nothing while scheduled)",
    async ({ scheduled }) => counted(`/api/videos/${scheduled.video.id}/view`, scheduled.video.id, "views"),
  ],
  [
    "the listen counter (answers 404 and counts nothing while scheduled)",
    async ({ scheduled }) => counted(`/api/podcasts/${scheduled.podcast.id}/listen`, scheduled.podcast.id, "listens"),
  ],
];

/** True when every check is; the checks must agree (all or none), or the place shows only some types. */
async function allOf(checks: Promise<boolean>[]) {
  const results = await Promise.all(checks);
  expect(new Set(results).size, "every type's scheduled item the same way").toBe(1);
  return results[0]!;
}

/** Posts a browser's hit and reads the stored count back: counted (200, count 1) or refused (404, count 0). */
async function counted(path: string, id: string, column: "views" | "listens") {
  const response = await counterPost(path);
  const type = column === "views" ? "video" : "podcast";
  const db = await getDb();
  const { rows } = await db.execute<{ count: number }>(
    sql`select ${sql.identifier(column)} as count from ${CONTENT_TABLES[type]} where id = ${id}`,
  );
  const stored = Number(rows[0]!.count);
  expect([response.status, stored]).toEqual(response.status === 200 ? [200, 1] : [404, 0]);
  return response.status === 200;
}

let dataDir: string;
beforeAll(async () => {
  // Preview images are drawn into DATA_DIR.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "mw-scheduled-"));
  setEnv({ DATA_DIR: dataDir });
});
afterAll(async () => {
  setEnv({ DATA_DIR: undefined });
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("while the publication time is ahead, the scheduled item is absent from", () => {
  let items: Awaited<ReturnType<typeof insertItems>>;
  beforeAll(async () => {
    items = await insertItems();
  });

  it.each(PLACES)("%s", async (_name, shows) => {
    expect(await shows(items)).toBe(false);
  });

  it("…and it is the next publication the page cache waits for", async () => {
    const next = await nextPublicationAfter(new Date());
    expect(next!.at.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });
});

describe("once the publication time has passed, with nothing run but the clock, the item is present in", () => {
  let items: Awaited<ReturnType<typeof insertItems>>;
  beforeAll(async () => {
    items = await insertItems();
    const db = await getDb();
    for (const table of Object.values(CONTENT_TABLES))
      await db.execute(sql`update ${table} set published_at = now() - interval '1 minute' where title like 'Zephyr scheduled %'`);
  });

  it.each(PLACES)("%s", async (_name, shows) => {
    expect(await shows(items)).toBe(true);
  });

  it("…and no publication is left for the page cache to wait for", async () => {
    expect(await nextPublicationAfter(new Date())).toBeNull();
  });
});
