import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { callRoute } from "../../tests/support/route";
import { loader } from "./special-features";

describe("/special-features loader", () => {
  it("lists only published features with sanitised content and read time", async () => {
    const db = await getDb();
    await db.insert(schema.specialFeatures).values([
      {
        title: "Deep dive",
        status: "published",
        publishedAt: new Date("2025-03-01"),
        featureType: "deep_dive",
        readTime: null,
        content: `<p>Body<img src="x" onerror="alert(1)"></p><script>alert(2)</script>`,
      },
      { title: "Untyped", status: "published", publishedAt: new Date("2025-02-01"), readTime: 4, content: null },
      { title: "Draft", status: "draft" },
      { title: "Archived", status: "archived" },
    ]);
    const { body } = await callRoute(loader, "/special-features", { throws: false });
    const { features } = body;
    expect(features.map((f) => [f.title, f.featureType, f.readTimeMinutes])).toEqual([
      ["Deep dive", "deep_dive", 1],
      ["Untyped", null, 4],
    ]);
    expect(features[0].contentHtml).toContain("<p>Body");
    expect(features[0].contentHtml).not.toMatch(/onerror|script/);
    expect(features[1].contentHtml).toBe("");
    expect(features[0]).not.toHaveProperty("content");
  });
});
