import { describe, expect, it } from "vitest";

import { day, emptyBeforeEach, insertInterviews, MISSING_ID } from "../../../tests/support/content";
import { getDb, schema } from "../db/db.server";
import { getPublishedInterview, listOtherInterviews, listPublishedInterviews, MORE_INTERVIEWS_COUNT } from "./interviews.server";

emptyBeforeEach(schema.interviews);

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

describe("getPublishedInterview", () => {
  it("returns a published interview with every field but the search text", async () => {
    const [row] = await insertInterviews([
      { title: "Live", intervieweeName: "Ann", intervieweeTitle: "CEO", audioUrl: "/media/talk.mp3", content: "<p>Body</p>", views: 7 },
    ]);
    const interview = await getPublishedInterview(row.id);
    expect(interview).toMatchObject({
      id: row.id,
      title: "Live",
      intervieweeName: "Ann",
      intervieweeTitle: "CEO",
      audioUrl: "/media/talk.mp3",
      content: "<p>Body</p>",
      views: 7,
      publishedAt: day(0),
    });
    expect(interview).not.toHaveProperty("searchText");
  });

  it.each(["draft", "archived"] as const)("is null for a %s interview", async (status) => {
    const [row] = await insertInterviews([{ status, publishedAt: null }]);
    expect(await getPublishedInterview(row.id)).toBeNull();
  });

  it.each([MISSING_ID, "nope", "1", "", undefined])("is null for the unknown or malformed id %j", async (id) => {
    await insertInterviews([{}]);
    expect(await getPublishedInterview(id)).toBeNull();
  });
});

describe("listOtherInterviews", () => {
  it("lists at most 3 other published interviews, newest first, never the current one or a draft", async () => {
    const rows = await insertInterviews(Array.from({ length: 6 }, (_, i) => ({ title: `I${i}`, intervieweeName: `Guest ${i}` })));
    await insertInterviews([
      { title: "Draft", status: "draft", publishedAt: day(40) },
      { title: "Archived", status: "archived", publishedAt: day(41) },
    ]);
    const others = await listOtherInterviews(rows[5].id);
    expect(MORE_INTERVIEWS_COUNT).toBe(3);
    expect(others.map((i) => i.title)).toEqual(["I4", "I3", "I2"]);
    expect(others[0]).toEqual({
      id: rows[4].id,
      title: "I4",
      intervieweeName: "Guest 4",
      thumbnailUrl: null,
      publishedAt: day(4),
      paidPromotion: false,
    });
    expect((await listOtherInterviews(rows[3].id)).map((i) => i.title)).toEqual(["I5", "I4", "I2"]);
  });

  it("is empty when the interview is the only one", async () => {
    const [only] = await insertInterviews([{}]);
    expect(await listOtherInterviews(only.id)).toEqual([]);
  });
});
