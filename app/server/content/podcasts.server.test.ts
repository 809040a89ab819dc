import { describe, expect, it } from "vitest";

import { day, emptyBeforeEach, insertPodcasts, MISSING_ID } from "../../../tests/support/content";
import { schema } from "../db/db.server";
import { getHomePodcasts, getPublishedPodcast, listFeaturedPodcasts, listOtherPodcasts, listPublishedPodcasts } from "./podcasts.server";

emptyBeforeEach(schema.podcasts);

describe("listPublishedPodcasts", () => {
  it("lists only published podcasts, newest first, with descriptions as plain text", async () => {
    await insertPodcasts([
      { title: "Older", description: "<p>Rates &amp; <strong>bonds</strong></p>" },
      { title: "Newer" },
      { title: "Draft", status: "draft", publishedAt: null },
      { title: "Archived", status: "archived" },
    ]);
    const list = await listPublishedPodcasts();
    expect(list.map((p) => p.title)).toEqual(["Newer", "Older"]);
    expect(list[1].description).toBe("Rates & bonds");
  });
});

describe("getHomePodcasts", () => {
  it("highlights the two featured podcasts and alerts the next five others", async () => {
    await insertPodcasts(
      Array.from({ length: 9 }, (_, i) => ({
        title: `P${i}`,
        featured: i === 1 || i === 3,
        featuredAt: i === 1 || i === 3 ? day(i) : null,
      })),
    );
    const home = await getHomePodcasts();
    expect(home.featured.map((p) => p.title)).toEqual(["P3", "P1"]);
    expect(home.recent.map((p) => p.title)).toEqual(["P8", "P7", "P6", "P5", "P4"]);
  });

  it("falls back to the first two podcasts when none is featured, then podcasts 3 to 7", async () => {
    await insertPodcasts(Array.from({ length: 9 }, (_, i) => ({ title: `P${i}` })));
    const home = await getHomePodcasts();
    expect(home.featured.map((p) => p.title)).toEqual(["P8", "P7"]);
    expect(home.recent.map((p) => p.title)).toEqual(["P6", "P5", "P4", "P3", "P2"]);
  });

  it("tops up a single featured podcast with the latest one and never repeats it below", async () => {
    await insertPodcasts(Array.from({ length: 4 }, (_, i) => ({ title: `P${i}`, featured: i === 0, featuredAt: i === 0 ? day(0) : null })));
    const home = await getHomePodcasts();
    expect(home.featured.map((p) => p.title)).toEqual(["P0", "P3"]);
    expect(home.recent.map((p) => p.title)).toEqual(["P2", "P1"]);
  });

  it("is empty without published podcasts", async () => {
    await insertPodcasts([{ status: "draft", featured: true, featuredAt: day(1) }]);
    expect(await getHomePodcasts()).toEqual({ featured: [], recent: [] });
  });

  it("lists featured podcasts by when they were featured", async () => {
    await insertPodcasts([
      { title: "Earlier", featured: true, featuredAt: day(1) },
      { title: "Later", featured: true, featuredAt: day(2) },
      { title: "Featured draft", featured: true, featuredAt: day(3), status: "draft" },
    ]);
    expect((await listFeaturedPodcasts()).map((p) => p.title)).toEqual(["Later", "Earlier"]);
  });
});

describe("getPublishedPodcast and listOtherPodcasts", () => {
  it("finds a published podcast by id and nothing else", async () => {
    const [published, draft] = await insertPodcasts([{ title: "Live" }, { title: "Draft", status: "draft" }]);
    expect((await getPublishedPodcast(published.id))?.title).toBe("Live");
    expect(await getPublishedPodcast(draft.id)).toBeNull();
    expect(await getPublishedPodcast(MISSING_ID)).toBeNull();
    expect(await getPublishedPodcast("nope")).toBeNull();
  });

  it("lists up to five other published episodes, newest first, without the current one", async () => {
    const rows = await insertPodcasts(Array.from({ length: 8 }, (_, i) => ({ title: `P${i}`, duration: 60 + i })));
    await insertPodcasts([{ title: "Draft", status: "draft", publishedAt: day(40) }]);
    const others = await listOtherPodcasts(rows[7].id);
    expect(others.map((p) => p.title)).toEqual(["P6", "P5", "P4", "P3", "P2"]);
    expect(others[0]).toEqual({ id: rows[6].id, title: "P6", duration: 66, publishedAt: day(6), paidPromotion: false });
  });

  it("has no other episodes when the podcast is the only one", async () => {
    const [only] = await insertPodcasts([{}]);
    expect(await listOtherPodcasts(only.id)).toEqual([]);
  });
});
