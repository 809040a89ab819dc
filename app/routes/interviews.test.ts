import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { callRoute } from "../../tests/support/route";
import { loader } from "./interviews";

describe("/interviews loader", () => {
  it("lists only published interviews, newest first", async () => {
    const db = await getDb();
    await db.insert(schema.interviews).values([
      { title: "Old", status: "published", publishedAt: new Date("2025-01-01"), intervieweeName: "Ann", intervieweeTitle: "CEO" },
      { title: "New", status: "published", publishedAt: new Date("2025-03-01"), duration: 95, views: 2400 },
      { title: "Draft", status: "draft" },
      { title: "Archived", status: "archived" },
    ]);
    const { body } = await callRoute(loader, "/interviews", { throws: false });
    const { interviews } = body;
    expect(interviews.map((i) => i.title)).toEqual(["New", "Old"]);
    expect(interviews[0]).toMatchObject({ duration: 95, views: 2400 });
    expect(interviews[1]).toMatchObject({ intervieweeName: "Ann", intervieweeTitle: "CEO" });
  });
});
