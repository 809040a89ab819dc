/** PRODUCT.md "Views over time": an edit screen's own figures, beside the editor's data. */
import { describe, expect, it, vi } from "vitest";

import * as dailyStats from "~/server/counting/daily-stats.server";

import { appRequest, createSignedInUser } from "../../tests/support/auth";
import { countNewVisit, insertBlogs, insertPodcasts, insertVideos } from "../../tests/support/content";
import { callRoute } from "../../tests/support/route";
import { loader } from "./admin.content.$id";

async function edit(path: string, id: string) {
  const { cookie } = await createSignedInUser({ role: "admin" });
  return (await callRoute(loader, appRequest(path, { cookie }), { params: { id }, throws: false })).body;
}

describe("/admin/{type}/{id} loader: the item's last 30 days", () => {
  it("gives a video's views per day, today last, and only its own", async () => {
    const [video, other] = await insertVideos([{ title: "Mine" }, { title: "Other" }]);
    await countNewVisit("video", video!.id);
    await countNewVisit("video", video!.id);
    await countNewVisit("video", other!.id);
    const body = await edit(`/admin/videos/${video!.id}`, video!.id);
    expect(body.values).toMatchObject({ title: "Mine" });
    if (!body.daily || !("figures" in body.daily)) throw new Error("expected figures");
    expect(body.daily.figures).toHaveLength(30);
    expect(body.daily.figures.at(-1)).toEqual({ day: dailyStats.utcDay(new Date()), views: 2 });
    expect(body.daily.figures.slice(0, -1).every((point) => point.views === 0)).toBe(true);
  });

  it("gives a podcast's figures as listens", async () => {
    const [podcast] = await insertPodcasts([{}]);
    await countNewVisit("podcast", podcast!.id);
    const body = await edit(`/admin/podcasts/${podcast!.id}`, podcast!.id);
    expect(body.daily && "figures" in body.daily && body.daily.figures.at(-1)).toEqual({ day: dailyStats.utcDay(new Date()), listens: 1 });
  });

  it("gives a blog post's views per day too (every type counts its views)", async () => {
    const [blog] = await insertBlogs([{}]);
    await countNewVisit("blog", blog!.id);
    const body = await edit(`/admin/blogs/${blog!.id}`, blog!.id);
    expect(body.daily && "figures" in body.daily && body.daily.figures.at(-1)).toEqual({ day: dailyStats.utcDay(new Date()), views: 1 });
  });

  it("logs a failure to read the figures and still opens the editor", async () => {
    const [video] = await insertVideos([{ title: "Still editable" }]);
    const { cookie } = await createSignedInUser({ role: "admin" });
    vi.spyOn(dailyStats, "itemDailyTotals").mockRejectedValueOnce(new Error("relation does not exist"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { body } = await callRoute(loader, appRequest(`/admin/videos/${video!.id}`, { cookie }), {
        params: { id: video!.id },
        throws: false,
      });
      expect(body).toMatchObject({ type: "video", id: video!.id, values: { title: "Still editable" }, daily: { failed: true } });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
