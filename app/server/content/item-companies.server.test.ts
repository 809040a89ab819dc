/**
 * Companies named by content (PRODUCT.md "Companies") on a real database: tagging and untagging, the
 * limit and unknown companies refused with nothing changed, tags going with a deleted company or item.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { COMPANY_TEXTS, MAX_COMPANIES_PER_ITEM } from "~/lib/companies";

import { insertCompany, namesOf } from "../../../tests/support/companies";
import { insertBlogs, insertInterviews, insertPodcasts, insertVideos, MISSING_ID } from "../../../tests/support/content";
import { deleteCompany, searchCompanies } from "../companies/companies.server";
import { getDb, schema } from "../db/db.server";
import { reseedDemoContent } from "../seed/demo-content.server";
import { deleteContent } from "./admin-content.server";
import { itemCompanies, setItemCompanies } from "./item-companies.server";

/** Every stored tag, as `type:item:company`, sorted. */
async function allTags(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select().from(schema.contentCompanies);
  return rows.map((r) => `${r.contentType}:${r.contentId}:${r.companyId}`).sort();
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies, videos, podcasts, blogs, interviews, special_features`,
  );
});

describe("tagging and untagging an item", () => {
  it("sets, replaces and clears an item's companies, listed A–Z", async () => {
    const [video] = await insertVideos([{}]);
    const bhp = await insertCompany({ name: "BHP Group" });
    const rio = await insertCompany({ name: "Rio Tinto" });
    const fmg = await insertCompany({ name: "Fortescue" });

    expect(await setItemCompanies("video", video.id, [rio.id, bhp.id])).toEqual({
      ok: true,
      companyIds: [rio.id, bhp.id],
      published: true,
    });
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
    expect(await setItemCompanies("video", video.id, [rio.id, rio.id, rio.id])).toEqual({
      ok: true,
      companyIds: [rio.id],
      published: true,
    });
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
