import { describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db/db.server";

import { callRoute } from "../../tests/support/route";
import { loader } from "./programme";

describe("/programme loader", () => {
  it("gives the Interviews badge the number of published videos only", async () => {
    const db = await getDb();
    await db.insert(schema.videos).values([
      { title: "One", status: "published", publishedAt: new Date() },
      { title: "Two", status: "published", publishedAt: new Date() },
      { title: "Draft", status: "draft" },
      { title: "Archived", status: "archived" },
    ]);
    expect((await callRoute(loader, "/programme", { throws: false })).body).toEqual({
      ok: true,
      totalVideos: 2,
      meta: expect.arrayContaining([{ title: "Programme | MarketWire" }]),
    });
  });
});
