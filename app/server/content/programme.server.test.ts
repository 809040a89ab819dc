import { describe, expect, it } from "vitest";

import { getDb, schema } from "../db/db.server";
import { getProgrammeStats } from "./programme.server";

describe("getProgrammeStats", () => {
  it("is zero on an empty catalogue", async () => {
    expect(await getProgrammeStats()).toEqual({ totalVideos: 0 });
  });

  it("counts only published videos", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "A", status: "published", publishedAt: new Date() },
      { title: "B", status: "published", publishedAt: new Date() },
      { title: "C", status: "published", publishedAt: new Date() },
      { title: "Draft", status: "draft" },
      { title: "Archived", status: "archived" },
    ]);
    // Other content types do not count towards the video total.
    await db.insert(schema.interviews).values({ title: "I", status: "published", publishedAt: new Date() });
    expect(await getProgrammeStats()).toEqual({ totalVideos: 3 });
  });
});
