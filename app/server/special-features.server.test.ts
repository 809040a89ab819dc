import { describe, expect, it } from "vitest";

import { getDb, schema } from "./db.server";
import { listPublishedSpecialFeatures } from "./special-features.server";

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
