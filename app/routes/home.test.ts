import { beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { loader, shouldRevalidate } from "./home";

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.videos);
  await db.delete(schema.podcasts);
});

describe("home loader", () => {
  it("is empty on an empty database (the page's empty states)", async () => {
    expect(await loader()).toEqual({
      videos: { carousel: [], latest: [], mostWatched: [] },
      podcasts: { featured: [], recent: [] },
      meta: expect.arrayContaining([{ title: "MarketWire | Market Insights, Interviews & Podcasts" }]),
    });
  });

  it("fills every block from published content", async () => {
    const db = await getDb();
    await db
      .insert(schema.videos)
      .values(Array.from({ length: 6 }, (_, i) => ({ title: `V${i}`, status: "published" as const, publishedAt: day(i), views: 10 * i })));
    await db
      .insert(schema.podcasts)
      .values(Array.from({ length: 8 }, (_, i) => ({ title: `P${i}`, status: "published" as const, publishedAt: day(i) })));
    const { videos, podcasts } = await loader();
    expect(videos.carousel.map((v) => v.title)).toEqual(["V5"]);
    expect(videos.latest.map((v) => v.title)).toEqual(["V4", "V3", "V2", "V1"]);
    expect(videos.mostWatched.map((v) => v.title)).toEqual(["V5", "V4", "V3", "V2", "V1"]);
    expect(podcasts.featured.map((p) => p.title)).toEqual(["P7", "P6"]);
    expect(podcasts.recent.map((p) => p.title)).toEqual(["P5", "P4", "P3", "P2", "P1"]);
  });

  // PRODUCT.md "Home": with no featured video the carousel falls back to the latest one, which is not featured.
  it("flags the fallback slide as not featured, so it is not badged 'Featured'", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "Older", status: "published", publishedAt: day(1) },
      { title: "Latest", status: "published", publishedAt: day(2) },
    ]);
    const { videos } = await loader();
    expect(videos.carousel.map(({ title, featured }) => ({ title, featured }))).toEqual([{ title: "Latest", featured: false }]);
  });

  it("flags featured slides as featured", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "Featured", status: "published", publishedAt: day(1), featured: true, featuredAt: day(3) },
      { title: "Latest", status: "published", publishedAt: day(2) },
    ]);
    const { videos } = await loader();
    expect(videos.carousel.map(({ title, featured }) => ({ title, featured }))).toEqual([{ title: "Featured", featured: true }]);
  });
});

// PRODUCT.md "Home": 'Latest' is the 4 latest videos not already in the carousel.
describe("home loader: 'Latest' beside the carousel", () => {
  it("starts with the newest video while an older one is featured", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values(
      Array.from({ length: 6 }, (_, i) => ({
        title: `V${i}`,
        status: "published" as const,
        publishedAt: day(i),
        featured: i === 0,
        featuredAt: i === 0 ? day(9) : null,
      })),
    );
    const { videos } = await loader();
    expect(videos.carousel.map((v) => v.title)).toEqual(["V0"]);
    expect(videos.latest.map((v) => v.title)).toEqual(["V5", "V4", "V3", "V2"]);
  });

  it("skips a featured video already in the carousel", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values(
      Array.from({ length: 6 }, (_, i) => ({
        title: `V${i}`,
        status: "published" as const,
        publishedAt: day(i),
        featured: i === 4,
        featuredAt: i === 4 ? day(9) : null,
      })),
    );
    const { videos } = await loader();
    expect(videos.carousel.map((v) => v.title)).toEqual(["V4"]);
    expect(videos.latest.map((v) => v.title)).toEqual(["V5", "V3", "V2", "V1"]);
  });

  it("with nothing featured, skips the latest video the carousel falls back to", async () => {
    const db = await getDb();
    await db
      .insert(schema.videos)
      .values(Array.from({ length: 6 }, (_, i) => ({ title: `V${i}`, status: "published" as const, publishedAt: day(i) })));
    const { videos } = await loader();
    expect(videos.carousel.map((v) => v.title)).toEqual(["V5"]);
    expect(videos.latest.map((v) => v.title)).toEqual(["V4", "V3", "V2", "V1"]);
  });
});

describe("home shouldRevalidate", () => {
  it("skips reloading the page after a newsletter sign-up", () => {
    expect(
      shouldRevalidate({ formAction: "/resources/newsletter", defaultShouldRevalidate: true } as Parameters<typeof shouldRevalidate>[0]),
    ).toBe(false);
    expect(
      shouldRevalidate({ formAction: "/resources/theme", defaultShouldRevalidate: true } as Parameters<typeof shouldRevalidate>[0]),
    ).toBe(true);
  });
});
