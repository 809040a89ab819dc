import { describe, expect, it } from "vitest";

import type { ContentType } from "~/lib/content-types";
import { NOINDEX } from "~/lib/seo";

import * as content from "../../../tests/support/content";
import { describeItemPromotion } from "../../../tests/support/item-promotion";
import { schema } from "../db/db.server";
import { loadItemPage } from "./item-page.server";

content.emptyBeforeEach(schema.videos, schema.podcasts, schema.blogs, schema.interviews, schema.specialFeatures);

const INSERT: Record<ContentType, (rows: Record<string, unknown>[]) => Promise<{ id: string }[]>> = {
  video: content.insertVideos,
  podcast: content.insertPodcasts,
  blog: content.insertBlogs,
  interview: content.insertInterviews,
  special_feature: content.insertSpecialFeatures,
};

/** The JSON-LD of the item itself (the breadcrumbs aside). */
const itemLd = (meta: unknown[]) =>
  (meta as Record<string, Record<string, unknown> | undefined>[])
    .map((tag) => tag["script:ld+json"])
    .find((ld) => ld && ld["@type"] !== "BreadcrumbList");

describe('loadItemPage (PRODUCT.md "Detail pages")', () => {
  it.each([
    ["video", "Video Not Found"],
    ["podcast", "Podcast Not Found"],
    ["blog", "Article Not Found"],
    ["interview", "Interview Not Found"],
    ["special_feature", "Feature Not Found"],
  ] as const)("a missing %s is no item, no related items and the '%s' meta, never indexed", async (type, heading) => {
    expect(await loadItemPage(type, content.MISSING_ID)).toEqual({
      item: null,
      related: [],
      meta: [{ title: `${heading} | MarketWire` }, NOINDEX],
    });
    expect((await loadItemPage(type, "not-a-uuid")).item).toBeNull();
  });

  it.each([
    ["video", "VideoObject", { videoUrl: "https://www.youtube.com/watch?v=V4ZDealMRJY" }],
    ["podcast", "PodcastEpisode", {}],
    ["blog", "NewsArticle", {}],
    ["interview", "VideoObject", { videoUrl: "https://www.youtube.com/watch?v=V4ZDealMRJY" }],
    ["interview", "NewsArticle", { videoUrl: null }],
    ["special_feature", "NewsArticle", {}],
  ] as const)("a published %s gets its sanitised content, the other published items and a %s in its meta", async (type, ldType, extra) => {
    const [main, other] = await INSERT[type]([
      { title: "Main", publishedAt: content.day(2), content: `<p onclick="steal()">Hi<script>alert(1)</script></p>`, ...extra },
      { title: "Other", publishedAt: content.day(1) },
      { title: "Draft", status: "draft", publishedAt: null },
    ]);
    const page = await loadItemPage(type, main!.id);
    expect(page.item).toMatchObject({ id: main!.id, title: "Main", contentHtml: "<p>Hi</p>", companies: [], disclosure: null });
    expect(page.related.map((item) => item.id)).toEqual([other!.id]);
    expect(page.meta).toContainEqual({ title: "Main | MarketWire" });
    expect(itemLd(page.meta)).toMatchObject({ "@type": ldType });
  });

  it.each([
    [
      "video",
      { videoUrl: "https://youtu.be/V4ZDealMRJY" },
      { videoPlayer: { kind: "embed", src: "https://www.youtube.com/embed/V4ZDealMRJY" } },
    ],
    ["special_feature", { videoUrl: "/media/clip.mp4" }, { videoPlayer: { kind: "file", src: "/media/clip.mp4" } }],
    [
      "podcast",
      { audioUrl: "https://cdn.example.com/episode.m4a" },
      { audioPlayer: { kind: "file", src: "https://cdn.example.com/episode.m4a" } },
    ],
    [
      "interview",
      { title: "Gold", videoUrl: null, audioUrl: "https://audioboom.com/posts/8123456-x" },
      { videoPlayer: { kind: "none" }, audioPlayer: { kind: "host", postId: "8123456" } },
    ],
  ] as const)('a %s\'s players come with their sources, read on the server (PRODUCT.md "Speed")', async (type, row, players) => {
    const [item] = await INSERT[type]([row]);
    expect((await loadItemPage(type, item!.id)).item).toMatchObject(players);
  });

  it("a podcast's description reaches its page as plain text", async () => {
    const [podcast] = await content.insertPodcasts([{ description: "<p>Gold &amp; <b>silver</b></p>" }]);
    expect((await loadItemPage("podcast", podcast!.id)).item).toMatchObject({ description: "Gold & silver" });
  });
});

for (const type of ["video", "podcast", "blog", "interview", "special_feature"] as const) {
  describeItemPromotion({
    type,
    insert: async (row) => (await INSERT[type]([row]))[0]!,
    load: async (id) => {
      const { item, meta } = await loadItemPage(type, id);
      return { item: item!, meta };
    },
  });
}
