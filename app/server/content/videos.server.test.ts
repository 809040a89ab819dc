import { describe, expect, it } from "vitest";

import { day, emptyBeforeEach, insertVideos, MISSING_ID } from "../../../tests/support/content";
import { schema } from "../db/db.server";
import {
  getHomeVideos,
  getPublishedVideo,
  listFeaturedVideos,
  listLatestVideos,
  listMostWatchedVideos,
  listPublishedVideos,
  listRelatedVideos,
  VIDEO_PAGE_SIZE,
} from "./videos.server";

emptyBeforeEach(schema.videos);

describe("listPublishedVideos", () => {
  it("pages published videos 25 at a time, newest first, with the exact total and no drafts", async () => {
    await insertVideos(Array.from({ length: 27 }, (_, i) => ({ title: `Published ${i}`, publishedAt: day(i) })));
    await insertVideos([
      { title: "Draft", status: "draft", publishedAt: null },
      { title: "Archived", status: "archived", publishedAt: day(99) },
    ]);

    const first = await listPublishedVideos({ page: 1 });
    expect(first).toMatchObject({ total: 27, totalPages: 2, page: 1 });
    expect(first.items).toHaveLength(VIDEO_PAGE_SIZE);
    expect(first.items.slice(0, 2).map((v) => v.title)).toEqual(["Published 26", "Published 25"]);

    const second = await listPublishedVideos({ page: 2 });
    expect(second.items.map((v) => v.title)).toEqual(["Published 1", "Published 0"]);

    const all = [...first.items, ...second.items].map((v) => v.id);
    expect(new Set(all).size).toBe(27);
  });

  it("breaks ties on the publish date by id, so pages neither overlap nor skip", async () => {
    await insertVideos(Array.from({ length: 30 }, () => ({ publishedAt: day(1) })));
    const first = await listPublishedVideos({ page: 1 });
    const second = await listPublishedVideos({ page: 2 });
    expect(new Set([...first.items, ...second.items].map((v) => v.id)).size).toBe(30);
  });

  it("answers a page past the end with no items but the real total", async () => {
    await insertVideos([{}, {}]);
    expect(await listPublishedVideos({ page: 9 })).toMatchObject({ items: [], total: 2, totalPages: 1 });
  });

  it("returns the list fields only", async () => {
    await insertVideos([{ content: "<p>long body</p>", videoUrl: "https://youtu.be/dQw4w9WgXcQ", views: 3, duration: 61 }]);
    const { items } = await listPublishedVideos({ page: 1 });
    expect(Object.keys(items[0]).sort()).toEqual([
      "description",
      "duration",
      "id",
      "paidPromotion",
      "publishedAt",
      "thumbnailUrl",
      "title",
      "views",
    ]);
  });
});

describe("latest, most watched and featured", () => {
  it("lists the latest published videos", async () => {
    await insertVideos([{ title: "Old" }, { title: "New" }, { title: "Draft", status: "draft", publishedAt: day(50) }]);
    expect((await listLatestVideos(5)).map((v) => v.title)).toEqual(["New", "Old"]);
  });

  it("ranks published videos by views", async () => {
    await insertVideos([
      { title: "Few", views: 3 },
      { title: "Most", views: 900 },
      { title: "Draft", views: 10_000, status: "draft" },
      { title: "Some", views: 40 },
    ]);
    expect((await listMostWatchedVideos()).map((v) => v.title)).toEqual(["Most", "Some", "Few"]);
  });

  it("lists featured videos by when they were featured, newest first", async () => {
    await insertVideos([
      { title: "Featured long ago", featured: true, featuredAt: day(1) },
      { title: "Not featured" },
      { title: "Featured lately", featured: true, featuredAt: day(5) },
      { title: "Featured draft", featured: true, featuredAt: day(9), status: "draft" },
    ]);
    expect((await listFeaturedVideos()).map((v) => v.title)).toEqual(["Featured lately", "Featured long ago"]);
  });
});

describe("getHomeVideos", () => {
  it("shows the featured videos in the carousel and the latest four not among them beside it", async () => {
    await insertVideos(
      Array.from({ length: 7 }, (_, i) => ({ title: `V${i}`, featured: i < 2, featuredAt: i < 2 ? day(i) : null, views: i })),
    );
    const home = await getHomeVideos();
    expect(home.carousel.map((v) => v.title)).toEqual(["V1", "V0"]);
    expect(home.carousel.map((v) => v.featured)).toEqual([true, true]);
    expect(home.latest.map((v) => v.title)).toEqual(["V6", "V5", "V4", "V3"]);
    expect(home.mostWatched.map((v) => v.title)).toEqual(["V6", "V5", "V4", "V3", "V2"]);
  });

  it("falls back to the latest published video when none is featured", async () => {
    await insertVideos([{ title: "Older" }, { title: "Latest" }]);
    const home = await getHomeVideos();
    expect(home.carousel.map((v) => v.title)).toEqual(["Latest"]);
    expect(home.carousel[0].featured).toBe(false);
    expect(home.latest.map((v) => v.title)).toEqual(["Older"]);
  });

  it("is empty without published videos", async () => {
    await insertVideos([{ status: "draft" }]);
    expect(await getHomeVideos()).toEqual({ carousel: [], latest: [], mostWatched: [] });
  });
});

describe("getPublishedVideo and listRelatedVideos", () => {
  it("finds a published video by id and nothing else", async () => {
    const [published, draft] = await insertVideos([{ title: "Live" }, { title: "Draft", status: "draft" }]);
    expect((await getPublishedVideo(published.id))?.title).toBe("Live");
    expect(await getPublishedVideo(draft.id)).toBeNull();
    expect(await getPublishedVideo(MISSING_ID)).toBeNull();
    expect(await getPublishedVideo("not-a-uuid")).toBeNull();
    expect(await getPublishedVideo(undefined)).toBeNull();
  });

  it("leaves out the search index's copy of the text, which pages never show", async () => {
    const [published] = await insertVideos([{ title: "Live" }]);
    expect(await getPublishedVideo(published.id)).not.toHaveProperty("searchText");
  });

  it("relates the three latest other published videos, never the current one", async () => {
    const rows = await insertVideos(Array.from({ length: 5 }, (_, i) => ({ title: `V${i}` })));
    await insertVideos([{ title: "Draft", status: "draft", publishedAt: day(30) }]);
    const current = rows[4];
    const related = await listRelatedVideos(current.id);
    expect(related.map((v) => v.title)).toEqual(["V3", "V2", "V1"]);
    expect(related.map((v) => v.id)).not.toContain(current.id);
  });
});
