import { describe, expect, it, vi } from "vitest";

import * as podcastsServer from "~/server/content/podcasts.server";
import { schema } from "~/server/db/db.server";

import { counterPost, day, emptyBeforeEach, insertPodcasts, MISSING_ID } from "../../tests/support/content";
import { describeItemPromotion } from "../../tests/support/item-promotion";
import { callRoute } from "../../tests/support/route";
import { loader as podcastLoader } from "./podcast.$id";
import { loader as podcastsLoader } from "./podcasts";

const loadList = () => callRoute(podcastsLoader, "/podcasts", { throws: false });
const loadPodcast = (id: string) => callRoute(podcastLoader, `/podcast/${id}`, { params: { id }, throws: false });
/** A browser's listen post, as server.ts hands it on (one client address). */
const postListen = (id: string, method?: string) => counterPost(`/api/podcasts/${id}/listen`, { method });

emptyBeforeEach(schema.podcasts);

describe("/podcasts loader", () => {
  it("lists published podcasts newest first", async () => {
    await insertPodcasts([{ title: "Old" }, { title: "New" }, { title: "Draft", status: "draft" }]);
    const { status, body } = await loadList();
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.podcasts.map((p: { title: string }) => p.title)).toEqual(["New", "Old"]);
  });

  it("is empty (the 'No podcasts available yet.' state) without published podcasts", async () => {
    expect((await loadList()).body).toEqual({ ok: true, podcasts: [], meta: expect.arrayContaining([{ title: "Podcasts | MarketWire" }]) });
  });

  it("answers 503 with the failure state when the database fails, logging once", async () => {
    const failure = vi.spyOn(podcastsServer, "listPublishedPodcasts").mockRejectedValueOnce(new Error("timeout"));
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const { status, body, headers } = await loadList();
    expect(status).toBe(503);
    expect(body).toEqual({ ok: false, podcasts: [], meta: expect.arrayContaining([{ title: "Podcasts | MarketWire" }]) });
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(logged).toHaveBeenCalledTimes(1);
    failure.mockRestore();
  });
});

describe("/podcast/{id} loader", () => {
  it("returns the podcast with a plain-text description, sanitised content and up to five other episodes", async () => {
    const rows = await insertPodcasts(Array.from({ length: 7 }, (_, i) => ({ title: `P${i}`, duration: 120 + i })));
    await insertPodcasts([{ title: "Hidden draft", status: "draft", publishedAt: day(30) }]);
    const [main] = await insertPodcasts([
      {
        title: "Main",
        status: "published",
        publishedAt: day(20),
        description: "<p>Rates &amp; <em>credit</em></p>",
        content: '<h2>Notes</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        audioUrl: "https://audioboom.com/posts/8123456-main",
      },
    ]);
    const { status, body } = await loadPodcast(main.id);
    expect(status).toBe(200);
    expect(body.podcast).toMatchObject({
      id: main.id,
      title: "Main",
      description: "Rates & credit",
      audioUrl: "https://audioboom.com/posts/8123456-main",
    });
    expect(body.podcast!.contentHtml).toContain("<h2>Notes</h2>");
    expect(body.podcast!.contentHtml).not.toMatch(/onerror|script/);
    expect(body.moreEpisodes.map((p: { title: string }) => p.title)).toEqual(["P6", "P5", "P4", "P3", "P2"]);
    expect(body.moreEpisodes[0]).toEqual({ id: rows[6].id, title: "P6", duration: 126, publishedAt: day(6), paidPromotion: false });
  });

  it("has no other episodes when it is the only one", async () => {
    const [only] = await insertPodcasts([{}]);
    expect((await loadPodcast(only.id)).body.moreEpisodes).toEqual([]);
  });

  it.each([
    ["an unknown id", MISSING_ID],
    ["a malformed id", "abc"],
  ])("answers 404 'Podcast Not Found' for %s", async (_case, id) => {
    const { status, body } = await loadPodcast(id);
    expect(status).toBe(404);
    expect(body).toEqual({ podcast: null, moreEpisodes: [], meta: expect.arrayContaining([{ title: "Podcast Not Found | MarketWire" }]) });
  });

  it("answers 404 for an archived podcast", async () => {
    const [archived] = await insertPodcasts([{ status: "archived" }]);
    expect((await loadPodcast(archived.id)).status).toBe(404);
  });
});

describe("POST /api/podcasts/{id}/listen", () => {
  it("records one listen and answers the new count, uncached", async () => {
    const [podcast] = await insertPodcasts([{ listens: 41 }]);
    const response = await postListen(podcast.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ listens: 42 });
  });

  it("answers 404 for unknown ids and drafts", async () => {
    const [draft] = await insertPodcasts([{ status: "draft" }]);
    expect((await postListen(MISSING_ID)).status).toBe(404);
    expect((await postListen(draft.id)).status).toBe(404);
    expect((await postListen("zzz")).status).toBe(404);
  });

  it("refuses other methods with 405", async () => {
    const [podcast] = await insertPodcasts([{}]);
    expect((await postListen(podcast.id, "GET")).status).toBe(405);
    expect((await postListen(podcast.id, "PATCH")).status).toBe(405);
  });
});

describeItemPromotion({
  type: "podcast",
  insert: async (row) => (await insertPodcasts([row]))[0]!,
  load: async (id) => {
    const { body } = await loadPodcast(id);
    return { item: body.podcast!, meta: body.meta };
  },
});
