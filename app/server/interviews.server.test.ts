import { describe, expect, it } from "vitest";

import { getDb, schema } from "./db.server";
import { listPublishedInterviews } from "./interviews.server";

describe("listPublishedInterviews", () => {
  it("lists only published interviews, newest first, with the card fields", async () => {
    const db = await getDb();
    await db.insert(schema.interviews).values([
      { title: "Older", status: "published", publishedAt: new Date("2025-01-01"), intervieweeName: "Ann", duration: 125, views: 1500 },
      { title: "Newer", status: "published", publishedAt: new Date("2025-02-01"), videoUrl: "https://video.example/watch?v=1" },
      { title: "Draft", status: "draft" },
      { title: "Archived", status: "archived" },
    ]);
    const rows = await listPublishedInterviews();
    expect(rows.map((r) => r.title)).toEqual(["Newer", "Older"]);
    expect(rows[1]).toMatchObject({ intervieweeName: "Ann", duration: 125, views: 1500, tags: [] });
    expect(rows[0].videoUrl).toBe("https://video.example/watch?v=1");
  });
});
