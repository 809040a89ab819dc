import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { insertBlogs, insertInterviews, insertPodcasts, insertSpecialFeatures, insertVideos } from "../../../tests/support/content";
import { getDb } from "../db/db.server";
import { nextPageExpiry, nextPublicationAfter } from "./scheduled-publication.server";

const SINCE = new Date("2030-01-01T00:00:00.000Z");
const at = (minutes: number) => new Date(SINCE.getTime() + minutes * 60_000);

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate videos, podcasts, blogs, interviews, special_features`);
});

describe('nextPublicationAfter (PRODUCT.md "Scheduled publishing")', () => {
  it("is null when nothing is published after the time", async () => {
    await insertVideos([{ publishedAt: at(-5) }]);
    expect(await nextPublicationAfter(SINCE)).toBeNull();
  });

  it("is the earliest publication after the time among all five types", async () => {
    await insertVideos([{ publishedAt: at(50) }]);
    await insertPodcasts([{ publishedAt: at(40) }]);
    await insertBlogs([{ publishedAt: at(30) }]);
    await insertInterviews([{ publishedAt: at(20) }]);
    await insertSpecialFeatures([{ publishedAt: at(10) }, { publishedAt: at(-10) }]);
    expect(await nextPublicationAfter(SINCE)).toEqual({ at: at(10), types: ["special_feature"] });
  });

  it("names every type with an item due at that time", async () => {
    await insertVideos([{ publishedAt: at(7) }]);
    await insertInterviews([{ publishedAt: at(7) }, { publishedAt: at(8) }]);
    await insertBlogs([{ publishedAt: at(8) }]);
    expect(await nextPublicationAfter(SINCE)).toEqual({ at: at(7), types: ["video", "interview"] });
  });

  it("tells the page cache to drop then the pages of those types and the mixed ones, not the others", async () => {
    await insertInterviews([{ publishedAt: at(7) }]);
    const expiry = await nextPageExpiry(SINCE);
    expect(expiry!.at).toEqual(at(7));
    expect(["system /interviews", "dark /interviews/x.data", "system /", "system /search?q=a"].map(expiry!.covers)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["system /videos", "system /video/x", "light /blog/y"].map(expiry!.covers)).toEqual([false, false, false]);
  });

  it("leaves out a time equal to the one asked about: it has already come", async () => {
    await insertBlogs([{ publishedAt: at(0) }, { publishedAt: at(3) }]);
    expect(await nextPublicationAfter(SINCE)).toEqual({ at: at(3), types: ["blog"] });
  });

  it("leaves out drafts and archived items, which never appear on their own", async () => {
    const db = await getDb();
    await insertBlogs([{ publishedAt: at(2) }, { publishedAt: at(9) }]);
    await db.execute(sql`update blogs set status = 'draft' where published_at = ${at(2).toISOString()}::timestamptz`);
    await insertVideos([{ publishedAt: at(1) }]);
    await db.execute(sql`update videos set status = 'archived'`);
    expect(await nextPublicationAfter(SINCE)).toEqual({ at: at(9), types: ["blog"] });
  });

  it("rounds a time with microseconds up to the next millisecond, so the item is visible by then", async () => {
    const db = await getDb();
    await insertPodcasts([{ publishedAt: at(1) }]);
    await db.execute(sql`update podcasts set published_at = published_at + interval '250 microseconds'`);
    expect(await nextPublicationAfter(SINCE)).toEqual({ at: new Date(at(1).getTime() + 1), types: ["podcast"] });
  });
});
