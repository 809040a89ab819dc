import { beforeEach, describe, expect, it } from "vitest";

import type { ContentType } from "~/lib/content-types";

import { clearContent, insertItem } from "../../tests/support/search-fixtures";
import { listPublishedBlogs } from "./content/blogs.server";
import { listPublishedInterviews } from "./content/interviews.server";
import { listPublishedPodcasts } from "./content/podcasts.server";
import { listPublishedSpecialFeatures } from "./content/special-features.server";
import { listPublishedVideos } from "./content/videos.server";
import { listPublishedForFeeds } from "./discovery/feed.server";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

beforeEach(clearContent);

describe("one order for every public list (newest first, lower id first between equal dates)", () => {
  const lists: [ContentType, () => Promise<{ id: string }[]>][] = [
    ["video", async () => (await listPublishedVideos({ page: 1 })).items],
    ["podcast", () => listPublishedPodcasts()],
    ["blog", async () => (await listPublishedBlogs({ page: 1 })).items],
    ["interview", () => listPublishedInterviews()],
    ["special_feature", () => listPublishedSpecialFeatures()],
  ];

  it.each(lists)("%s", async (type, list) => {
    const old = await insertItem(type, { title: "Old", publishedAt: day(1) });
    const tied = [];
    for (let i = 0; i < 4; i++) tied.push(await insertItem(type, { title: `Tied ${i}`, publishedAt: day(5) }));
    const newest = await insertItem(type, { title: "Newest", publishedAt: day(9) });
    expect((await list()).map((row) => row.id)).toEqual([newest, ...tied.sort(), old]);
  });

  it("feeds", async () => {
    const tied = [];
    for (const type of ["video", "blog", "podcast"] as const) tied.push(await insertItem(type, { title: type, publishedAt: day(5) }));
    expect((await listPublishedForFeeds(10)).map((row) => row.id)).toEqual(tied.sort());
  });
});
