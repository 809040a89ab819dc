/**
 * A company's coverage (PRODUCT.md "Company pages") on a real database: exactly its published items of all
 * five types, newest first, paged.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { ContentType } from "~/lib/content-types";

import { insertCompany } from "../../../tests/support/companies";
import {
  day,
  insertBlogs,
  insertInterviews,
  insertPodcasts,
  insertSpecialFeatures,
  insertVideos,
  MISSING_ID,
} from "../../../tests/support/content";
import { setItemCompanies } from "../content/item-companies.server";
import { getDb } from "../db/db.server";
import { companyCoverage } from "./company-coverage.server";

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies, videos, podcasts, blogs, interviews, special_features`,
  );
});

describe("a company's coverage", () => {
  const FUTURE = new Date(Date.now() + 365 * 24 * 3600 * 1000);

  /** One item of every type, each tagged with `company`, on days 1–5, plus ones that must not show. */
  async function coverageFixture() {
    const rio = await insertCompany({ name: "Rio Tinto" });
    const other = await insertCompany({ name: "Other" });
    const [video, videoDraft, videoOther] = await insertVideos([
      { publishedAt: day(5), thumbnailUrl: "/v.jpg" },
      { status: "draft", publishedAt: null },
      { publishedAt: day(9) },
    ]);
    const [podcast, podcastArchived] = await insertPodcasts([{ publishedAt: day(2) }, { status: "archived", publishedAt: null }]);
    const [blog, blogScheduled] = await insertBlogs([{ publishedAt: day(4), featuredImageUrl: "/b.jpg" }, { publishedAt: FUTURE }]);
    const [interview] = await insertInterviews([{ publishedAt: day(1) }]);
    const [feature] = await insertSpecialFeatures([{ publishedAt: day(3) }]);
    const tagged: [ContentType, string][] = [
      ["video", video.id],
      ["video", videoDraft.id],
      ["podcast", podcast.id],
      ["podcast", podcastArchived.id],
      ["blog", blog.id],
      ["blog", blogScheduled.id],
      ["interview", interview.id],
      ["special_feature", feature.id],
    ];
    for (const [type, id] of tagged) expect((await setItemCompanies(type, id, [rio.id])).ok).toBe(true);
    await setItemCompanies("video", videoOther.id, [other.id]);
    return { rio, video, podcast, blog, interview, feature };
  }

  it("lists exactly its published items of all five types, newest first, with image and public URL", async () => {
    const { rio, video, podcast, blog, interview, feature } = await coverageFixture();
    const { items, total } = await companyCoverage(rio.id, 1, 10);
    expect(total).toBe(5);
    expect(items.map((i) => [i.type, i.id])).toEqual([
      ["video", video.id],
      ["blog", blog.id],
      ["special_feature", feature.id],
      ["podcast", podcast.id],
      ["interview", interview.id],
    ]);
    expect(items[0]).toEqual({
      type: "video",
      id: video.id,
      title: video.title,
      description: video.description,
      image: "/v.jpg",
      publishedAt: day(5),
      url: `/video/${video.id}`,
      paidPromotion: false,
    });
    expect(items[1]).toMatchObject({ image: "/b.jpg", url: `/blog/${blog.id}` });
  });

  it("pages with the exact total; a page past the end is empty", async () => {
    const { rio, video, blog, feature, podcast, interview } = await coverageFixture();
    const pages = await Promise.all([1, 2, 3, 4].map((page) => companyCoverage(rio.id, page, 2)));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.items.map((i) => i.id))).toEqual([[video.id, blog.id], [feature.id, podcast.id], [interview.id], []]);
  });

  it("keeps one order between items published at the same moment (by id)", async () => {
    const rio = await insertCompany();
    const rows = [...(await insertVideos([{ publishedAt: day(1) }])), ...(await insertBlogs([{ publishedAt: day(1) }]))];
    for (const row of rows) await setItemCompanies(rows.indexOf(row) === 0 ? "video" : "blog", row.id, [rio.id]);
    const { items } = await companyCoverage(rio.id, 1, 10);
    expect(items.map((i) => i.id)).toEqual(rows.map((r) => r.id).sort());
  });

  it("is empty for a company with no coverage, an unknown id and no uuid", async () => {
    const quiet = await insertCompany();
    for (const id of [quiet.id, MISSING_ID, "nope"]) expect(await companyCoverage(id, 1, 10)).toEqual({ items: [], total: 0 });
  });
});
