import { describe, expect, it, vi } from "vitest";

import * as videosServer from "~/server/content/videos.server";
import { schema } from "~/server/db/db.server";

import { counterPost, emptyBeforeEach, insertVideos, MISSING_ID, viewsOf } from "../../tests/support/content";
import { describeItemPromotion } from "../../tests/support/item-promotion";
import { callRoute } from "../../tests/support/route";
import { loader as videoLoader } from "./video.$id";
import { loader as videosLoader } from "./videos";

const loadList = (search = "") => callRoute(videosLoader, `/videos${search}`, { throws: false });
const loadVideo = (id: string) => callRoute(videoLoader, `/video/${id}`, { params: { id }, throws: false });
/** A browser's view post, as server.ts hands it on (one client address). */
const postView = (id: string, method?: string) => counterPost(`/api/videos/${id}/view`, { method });

emptyBeforeEach(schema.videos);

describe("/videos loader", () => {
  it("serves page 2 of 27 published videos", async () => {
    await insertVideos(Array.from({ length: 27 }, () => ({})));
    const { status, body } = await loadList("?page=2");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, page: 2, total: 27, totalPages: 2 });
    expect(body.ok && body.items).toHaveLength(2);
  });

  it.each(["?page=abc", "?page=0", "?page=-3", "?page=2.5", ""])("treats %j as page 1", async (search) => {
    await insertVideos([{}, {}]);
    const { status, body } = await loadList(search);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, page: 1, total: 2 });
  });

  it("answers a page past the end with the empty state, not an error", async () => {
    await insertVideos([{}]);
    const { status, body } = await loadList("?page=99999999999");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, items: [], total: 1 });
  });

  it("renders 'Error Loading Videos' with 503 when the database fails, logging once", async () => {
    const failure = vi.spyOn(videosServer, "listPublishedVideos").mockRejectedValueOnce(new Error("connection refused"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, body, headers } = await loadList();
    expect(status).toBe(503);
    expect(body).toEqual({ ok: false, page: 1, meta: expect.arrayContaining([{ title: "Videos | MarketWire" }]) });
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain("/videos");
    failure.mockRestore();
  });
});

describe("/video/{id} loader", () => {
  it("returns a published video with sanitised content and three related videos", async () => {
    const rows = await insertVideos([
      { title: "A" },
      { title: "B" },
      { title: "C" },
      { title: "D" },
      { title: "Main", content: '<p onclick="steal()">Body<script>alert(1)</script></p>', tags: ["macro"] },
    ]);
    const main = rows[4];
    const { status, body } = await loadVideo(main.id);
    expect(status).toBe(200);
    expect(body.video).toMatchObject({ id: main.id, title: "Main", tags: ["macro"] });
    expect(body.video!.contentHtml).toBe("<p>Body</p>");
    expect(body.related.map((v: { title: string }) => v.title)).toEqual(["D", "C", "B"]);
  });

  it.each([
    ["an unknown id", MISSING_ID],
    ["a malformed id", "not-a-uuid"],
  ])("answers 404 'Video Not Found' for %s", async (_case, id) => {
    const { status, body, headers } = await loadVideo(id);
    expect(status).toBe(404);
    expect(body).toEqual({ video: null, related: [], meta: expect.arrayContaining([{ title: "Video Not Found | MarketWire" }]) });
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 404 for a draft", async () => {
    const [draft] = await insertVideos([{ status: "draft", publishedAt: null }]);
    expect((await loadVideo(draft.id)).status).toBe(404);
  });

  it("does not count a view when the page is rendered", async () => {
    const [video] = await insertVideos([{ views: 5 }]);
    await loadVideo(video.id);
    expect(await viewsOf(video.id)).toBe(5);
  });
});

describe("POST /api/videos/{id}/view", () => {
  it("counts one view and answers the new count, uncached", async () => {
    const [video] = await insertVideos([{ views: 9 }]);
    const response = await postView(video.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ views: 10 });
  });

  it.each([
    ["an unknown id", MISSING_ID],
    ["a malformed id", "1;drop table videos"],
  ])("answers 404 JSON for %s", async (_case, id) => {
    const response = await postView(id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Video not found" });
  });

  it("does not count views of a draft", async () => {
    const [draft] = await insertVideos([{ status: "draft", views: 0 }]);
    expect((await postView(draft.id)).status).toBe(404);
  });

  it("refuses GET (a crawler or prefetch never counts) and other methods with 405", async () => {
    const [video] = await insertVideos([{ views: 1 }]);
    const get = await postView(video.id, "GET");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await postView(video.id, "PUT")).status).toBe(405);
    expect((await postView(video.id, "DELETE")).status).toBe(405);
    expect(await viewsOf(video.id)).toBe(1);
  });
});

describeItemPromotion({
  type: "video",
  insert: async (row) => (await insertVideos([row]))[0]!,
  load: async (id) => {
    const { body } = await loadVideo(id);
    return { item: body.video!, meta: body.meta };
  },
});
