import { describe, expect, it } from "vitest";

import { hasTranscript } from "~/lib/content-registry";
import { CONTENT_TYPES } from "~/lib/content-types";

import { emptyBeforeEach } from "../../../tests/support/content";
import { getDb, schema } from "../db/db.server";
import { getDashboardStats } from "./dashboard.server";

emptyBeforeEach(schema.videos, schema.podcasts, schema.blogs, schema.interviews, schema.specialFeatures);

const past = new Date("2026-01-01T00:00:00Z");

describe("getDashboardStats (per-type counts and the views of published items)", () => {
  it("is all zeros on an empty database", async () => {
    const stats = await getDashboardStats();
    for (const type of CONTENT_TYPES) {
      expect(stats[type]).toEqual({ total: 0, published: 0, draft: 0, views: 0, needsTranscript: hasTranscript(type) ? 0 : null });
    }
  });

  it("counts by status and sums views (listens for podcasts) over published rows only", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "v1", status: "published", publishedAt: past, views: 1200 },
      { title: "v2", status: "published", publishedAt: past, views: 300 },
      { title: "v3", status: "draft", views: 5000 },
      { title: "v4", status: "archived", views: 7000 },
    ]);
    await db.insert(schema.podcasts).values([
      { title: "p1", status: "published", publishedAt: past, listens: 40 },
      { title: "p2", status: "draft", listens: 99 },
    ]);
    await db.insert(schema.blogs).values([{ title: "b1", status: "draft", views: 10 }]);
    await db.insert(schema.interviews).values([
      { title: "i1", status: "archived", views: 10 },
      { title: "i2", status: "published", publishedAt: past, views: 2_500_000 },
    ]);
    await db.insert(schema.specialFeatures).values([{ title: "f1", status: "published", publishedAt: past }]);

    expect(await getDashboardStats()).toEqual({
      video: { total: 4, published: 2, draft: 1, views: 1500, needsTranscript: 2 },
      podcast: { total: 2, published: 1, draft: 1, views: 40, needsTranscript: 1 },
      blog: { total: 1, published: 0, draft: 1, views: 0, needsTranscript: null },
      interview: { total: 2, published: 1, draft: 0, views: 2_500_000, needsTranscript: 1 },
      special_feature: { total: 1, published: 1, draft: 0, views: 0, needsTranscript: null },
    });
  });

  it('counts as published only what is live now: a scheduled item is in the total, not in published or views (PRODUCT.md "Scheduled publishing")', async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "live", status: "published", publishedAt: past, views: 5 },
      { title: "later", status: "published", publishedAt: new Date(Date.now() + 86_400_000), views: 70 },
    ]);
    // Both are published, so both owe a transcript (PRODUCT.md "Transcripts"): the scheduled one before it goes live.
    expect((await getDashboardStats()).video).toEqual({ total: 2, published: 1, draft: 0, views: 5, needsTranscript: 2 });
  });
});
