import { describe, expect, it } from "vitest";

import { day, emptyBeforeEach, insertSpecialFeatures, MISSING_ID } from "../../../tests/support/content";
import { getDb, schema } from "../db/db.server";
import {
  getPublishedSpecialFeature,
  listOtherSpecialFeatures,
  listPublishedSpecialFeatures,
  MORE_FEATURES_COUNT,
} from "./special-features.server";

emptyBeforeEach(schema.specialFeatures);

describe("listPublishedSpecialFeatures", () => {
  it("lists only published features, newest first, with stored or computed read time", async () => {
    const db = await getDb();
    await db.insert(schema.specialFeatures).values([
      { title: "Stored", status: "published", publishedAt: new Date("2025-03-01"), readTime: 12, featureType: "deep_dive" },
      {
        title: "Computed",
        status: "published",
        publishedAt: new Date("2025-02-01"),
        readTime: null,
        content: `<p>${"word ".repeat(250)}</p>`,
      },
      { title: "Draft", status: "draft", featureType: "breaking_news" },
      { title: "Archived", status: "archived" },
    ]);
    const rows = await listPublishedSpecialFeatures();
    expect(rows.map((r) => [r.title, r.readTimeMinutes, r.featureType])).toEqual([
      ["Stored", 12, "deep_dive"],
      ["Computed", 2, null],
    ]);
    expect(rows[0]).not.toHaveProperty("readTime");
  });
});

describe("getPublishedSpecialFeature", () => {
  it("returns a published feature with its fields and the stored read time", async () => {
    const [row] = await insertSpecialFeatures([
      { title: "Live", featureType: "expert_insight", featuredImageUrl: "/media/x.jpg", readTime: 9, content: "<p>Body</p>", views: 3 },
    ]);
    const feature = await getPublishedSpecialFeature(row.id);
    expect(feature).toMatchObject({
      id: row.id,
      title: "Live",
      featureType: "expert_insight",
      featuredImageUrl: "/media/x.jpg",
      readTimeMinutes: 9,
      content: "<p>Body</p>",
      views: 3,
      publishedAt: day(0),
    });
    expect(feature).not.toHaveProperty("readTime");
    expect(feature).not.toHaveProperty("searchText");
  });

  it("computes the read time from the text when none is stored, as the list does", async () => {
    const [row] = await insertSpecialFeatures([{ readTime: null, content: `<p>${"word ".repeat(401)}</p>` }]);
    expect((await getPublishedSpecialFeature(row.id))?.readTimeMinutes).toBe(3);
  });

  it.each(["draft", "archived"] as const)("is null for a %s feature", async (status) => {
    const [row] = await insertSpecialFeatures([{ status, publishedAt: null }]);
    expect(await getPublishedSpecialFeature(row.id)).toBeNull();
  });

  it.each([MISSING_ID, "nope", "1", "", undefined])("is null for the unknown or malformed id %j", async (id) => {
    await insertSpecialFeatures([{}]);
    expect(await getPublishedSpecialFeature(id)).toBeNull();
  });
});

describe("listOtherSpecialFeatures", () => {
  it("lists at most 3 other published features, newest first, never the current one or a draft", async () => {
    const rows = await insertSpecialFeatures(Array.from({ length: 6 }, (_, i) => ({ title: `F${i}`, featureType: "deep_dive" as const })));
    await insertSpecialFeatures([
      { title: "Draft", status: "draft", publishedAt: day(40) },
      { title: "Archived", status: "archived", publishedAt: day(41) },
    ]);
    const others = await listOtherSpecialFeatures(rows[5].id);
    expect(MORE_FEATURES_COUNT).toBe(3);
    expect(others.map((f) => f.title)).toEqual(["F4", "F3", "F2"]);
    expect(others[0]).toEqual({
      id: rows[4].id,
      title: "F4",
      featureType: "deep_dive",
      featuredImageUrl: null,
      publishedAt: day(4),
      paidPromotion: false,
    });
    expect((await listOtherSpecialFeatures(rows[3].id)).map((f) => f.title)).toEqual(["F5", "F4", "F2"]);
  });

  it("is empty when the feature is the only one", async () => {
    const [only] = await insertSpecialFeatures([{}]);
    expect(await listOtherSpecialFeatures(only.id)).toEqual([]);
  });
});
