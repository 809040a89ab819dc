import { describe, expect, it } from "vitest";

import { CONTENT_TYPES } from "~/lib/content-types";

import { getDashboardStats } from "./dashboard.server";
import { getDb, schema } from "./db.server";

describe("getDashboardStats (per-type counts and the views of published items)", () => {
  it("is all zeros on an empty database", async () => {
    const stats = await getDashboardStats();
    for (const type of CONTENT_TYPES) {
      expect(stats[type]).toEqual({ total: 0, published: 0, draft: 0, views: 0 });
    }
  });

  it("counts by status and sums views (listens for podcasts) over published rows only", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "v1", status: "published", views: 1200 },
      { title: "v2", status: "published", views: 300 },
      { title: "v3", status: "draft", views: 5000 },
      { title: "v4", status: "archived", views: 7000 },
    ]);
    await db.insert(schema.podcasts).values([
      { title: "p1", status: "published", listens: 40 },
      { title: "p2", status: "draft", listens: 99 },
    ]);
    await db.insert(schema.blogs).values([{ title: "b1", status: "draft", views: 10 }]);
    await db.insert(schema.interviews).values([
      { title: "i1", status: "archived", views: 10 },
      { title: "i2", status: "published", views: 2_500_000 },
    ]);
    await db.insert(schema.specialFeatures).values([{ title: "f1", status: "published" }]);

    expect(await getDashboardStats()).toEqual({
      video: { total: 4, published: 2, draft: 1, views: 1500 },
      podcast: { total: 2, published: 1, draft: 1, views: 40 },
      blog: { total: 1, published: 0, draft: 1, views: 0 },
      interview: { total: 2, published: 1, draft: 0, views: 2_500_000 },
      special_feature: { total: 1, published: 1, draft: 0, views: 0 },
    });
  });
});
