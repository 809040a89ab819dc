/**
 * Companies named by content (PRODUCT.md "Companies") on a real database: tagging and untagging, the
 * limit and unknown companies refused with nothing changed, tags going with a deleted company or item, a
 * company's coverage (exactly its published items of all five types, newest first, paged) and the
 * picker's search.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { COMPANY_TEXTS, MAX_COMPANIES_PER_ITEM } from "~/lib/companies";
import type { ContentType } from "~/lib/content-types";

import {
  day,
  insertBlogs,
  insertInterviews,
  insertPodcasts,
  insertSpecialFeatures,
  insertVideos,
  MISSING_ID,
} from "../../../tests/support/content";
import { deleteCompany } from "../companies/companies.server";
import { getDb, schema } from "../db/db.server";
import { reseedDemoContent } from "../seed/demo-content.server";
import { deleteContent } from "./admin-content.server";
import { companyCoverage, itemCompanies, searchCompanies, setItemCompanies } from "./item-companies.server";

type Company = typeof schema.companies.$inferSelect;

async function insertCompany(values: Partial<Company> = {}): Promise<Company> {
  const db = await getDb();
  const n = crypto.randomUUID().slice(0, 8);
  const [row] = await db
    .insert(schema.companies)
    .values({ name: `Company ${n}`, slug: `company-${n}`, ticker: `T${n.toUpperCase()}`, exchange: "ASX", ...values })
    .returning();
  return row;
}

/** Every stored tag, as `type:item:company`, sorted. */
async function allTags(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select().from(schema.contentCompanies);
  return rows.map((r) => `${r.contentType}:${r.contentId}:${r.companyId}`).sort();
}

const namesOf = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate companies, content_companies, videos, podcasts, blogs, interviews, special_features`);
});

describe("tagging and untagging an item", () => {
  it("sets, replaces and clears an item's companies, listed A–Z", async () => {
    const [video] = await insertVideos([{}]);
    const bhp = await insertCompany({ name: "BHP Group" });
    const rio = await insertCompany({ name: "Rio Tinto" });
    const fmg = await insertCompany({ name: "Fortescue" });

    expect(await setItemCompanies("video", video.id, [rio.id, bhp.id])).toEqual({ ok: true, companyIds: [rio.id, bhp.id] });
    expect(namesOf(await itemCompanies("video", video.id))).toEqual(["BHP Group", "Rio Tinto"]);

    await setItemCompanies("video", video.id, [fmg.id, rio.id]);
    expect(namesOf(await itemCompanies("video", video.id))).toEqual(["Fortescue", "Rio Tinto"]);

    await setItemCompanies("video", video.id, []);
    expect(await itemCompanies("video", video.id)).toEqual([]);
    expect(await allTags()).toEqual([]);
  });

  it("gives each company's chip fields", async () => {
    const [blog] = await insertBlogs([{}]);
    const rio = await insertCompany({ name: "Rio Tinto", slug: "rio-tinto", ticker: "RIO", exchange: "ASX", isClient: true });
    await setItemCompanies("blog", blog.id, [rio.id]);
    expect(await itemCompanies("blog", blog.id)).toEqual([
      { id: rio.id, name: "Rio Tinto", slug: "rio-tinto", ticker: "RIO", exchange: "ASX", isClient: true },
    ]);
  });

  it("counts a repeated id once", async () => {
    const [video] = await insertVideos([{}]);
    const rio = await insertCompany();
    expect(await setItemCompanies("video", video.id, [rio.id, rio.id, rio.id])).toEqual({ ok: true, companyIds: [rio.id] });
    expect(await allTags()).toEqual([`video:${video.id}:${rio.id}`]);
  });

  it("leaves other items' tags alone, also an item of another type with the same id", async () => {
    const [video] = await insertVideos([{}]);
    const [podcast] = await insertPodcasts([{ id: video.id }]);
    const rio = await insertCompany();
    await setItemCompanies("podcast", podcast.id, [rio.id]);
    await setItemCompanies("video", video.id, [rio.id]);
    await setItemCompanies("video", video.id, []);
    expect(await allTags()).toEqual([`podcast:${podcast.id}:${rio.id}`]);
  });

  it("refuses an id of no company (or no uuid at all), naming it, with nothing changed", async () => {
    const [video] = await insertVideos([{}]);
    const rio = await insertCompany();
    const bhp = await insertCompany();
    await setItemCompanies("video", video.id, [rio.id]);
    const before = await allTags();

    expect(await setItemCompanies("video", video.id, [bhp.id, MISSING_ID, "not-a-uuid"])).toEqual({
      ok: false,
      reason: "unknownCompanies",
      unknown: [MISSING_ID, "not-a-uuid"],
      message: COMPANY_TEXTS.unknownCompanies,
    });
    expect(await allTags()).toEqual(before);
  });

  it(`refuses more than ${MAX_COMPANIES_PER_ITEM} companies with nothing changed, and takes exactly that many`, async () => {
    const [video] = await insertVideos([{}]);
    const many = await Promise.all(Array.from({ length: MAX_COMPANIES_PER_ITEM + 1 }, () => insertCompany()));
    const ids = many.map((c) => c.id);
    await setItemCompanies("video", video.id, ids.slice(0, 1));

    expect(await setItemCompanies("video", video.id, ids)).toEqual({
      ok: false,
      reason: "tooMany",
      message: COMPANY_TEXTS.tooManyCompanies,
    });
    expect(await allTags()).toEqual([`video:${video.id}:${ids[0]}`]);

    expect((await setItemCompanies("video", video.id, ids.slice(0, MAX_COMPANIES_PER_ITEM))).ok).toBe(true);
    expect(await itemCompanies("video", video.id)).toHaveLength(MAX_COMPANIES_PER_ITEM);
  });

  it("refuses an item that does not exist, storing nothing", async () => {
    const rio = await insertCompany();
    expect(await setItemCompanies("blog", MISSING_ID, [rio.id])).toEqual({ ok: false, reason: "itemNotFound" });
    expect(await setItemCompanies("blog", "nope", [rio.id])).toEqual({ ok: false, reason: "itemNotFound" });
    expect(await allTags()).toEqual([]);
  });

  it("the table refuses a type that is not one of the five", async () => {
    const rio = await insertCompany();
    const db = await getDb();
    await expect(
      db.execute(sql`insert into content_companies (content_type, content_id, company_id) values ('article', ${MISSING_ID}, ${rio.id})`),
    ).rejects.toMatchObject({ cause: { constraint: "content_companies_content_type_check" } });
  });

  it("runs inside the caller's transaction: a rollback keeps the old tags", async () => {
    const [video] = await insertVideos([{}]);
    const rio = await insertCompany();
    const bhp = await insertCompany();
    await setItemCompanies("video", video.id, [rio.id]);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        expect((await setItemCompanies("video", video.id, [bhp.id], tx)).ok).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await allTags()).toEqual([`video:${video.id}:${rio.id}`]);
  });
});

describe("deleting", () => {
  it("a company removes its tags and no others", async () => {
    const [video] = await insertVideos([{}]);
    const rio = await insertCompany({ name: "Rio Tinto" });
    const bhp = await insertCompany({ name: "BHP Group" });
    await setItemCompanies("video", video.id, [rio.id, bhp.id]);
    expect(await deleteCompany(rio.id)).toBe(true);
    expect(namesOf(await itemCompanies("video", video.id))).toEqual(["BHP Group"]);
  });

  it("an item through deleteContent removes its tags and no others", async () => {
    const [gone, kept] = await insertInterviews([{}, {}]);
    const rio = await insertCompany();
    await setItemCompanies("interview", gone.id, [rio.id]);
    await setItemCompanies("interview", kept.id, [rio.id]);
    expect(await deleteContent("interview", gone.id)).toBe(true);
    expect(await allTags()).toEqual([`interview:${kept.id}:${rio.id}`]);
  });

  it("reseeding the demo content replaces the items, the companies and their tags with the demo catalogue's", async () => {
    const [video] = await insertVideos([{}]);
    const rio = await insertCompany();
    await setItemCompanies("video", video.id, [rio.id]);
    await reseedDemoContent(await getDb());
    // The tags left are the demo items' own; none is of the old item or names the old company, which is gone.
    const tags = await allTags();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.filter((tag) => tag.includes(video.id) || tag.endsWith(rio.id))).toEqual([]);
    expect(await searchCompanies(rio.ticker)).toEqual([]);
  });
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

describe("the picker's company search", () => {
  it("puts the company whose ticker is the query first, then A–Z by name", async () => {
    await insertCompany({ name: "Albemarle Rio", ticker: "ALB", exchange: "NYSE" });
    await insertCompany({ name: "Zeta Rio Minerals", ticker: "ZRM" });
    await insertCompany({ name: "Rio Tinto", ticker: "RIO" });
    await insertCompany({ name: "Carrion Gold", ticker: "CRR" });
    await insertCompany({ name: "BHP Group", ticker: "BHP" });
    expect(namesOf(await searchCompanies("rio"))).toEqual(["Rio Tinto", "Albemarle Rio", "Carrion Gold", "Zeta Rio Minerals"]);
  });

  it("matches the ticker, treats % and _ as plain characters and shows at most 10", async () => {
    await insertCompany({ name: "Alpha", ticker: "XYZ" });
    await insertCompany({ name: "100% Gold", ticker: "HGD" });
    expect(namesOf(await searchCompanies("xy"))).toEqual(["Alpha"]);
    expect(namesOf(await searchCompanies("%"))).toEqual(["100% Gold"]);
    expect(await searchCompanies("_")).toEqual([]);
    await Promise.all(Array.from({ length: 12 }, (_, i) => insertCompany({ name: `Many ${String(i).padStart(2, "0")}` })));
    expect(namesOf(await searchCompanies("many"))).toEqual(Array.from({ length: 10 }, (_, i) => `Many ${String(i).padStart(2, "0")}`));
  });

  it("answers nothing for an empty query", async () => {
    await insertCompany();
    expect(await searchCompanies("  ")).toEqual([]);
  });
});
