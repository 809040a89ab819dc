import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { CONTENT_TYPES, type ContentType } from "~/lib/content-types";
import { FIELD_SPECS } from "~/lib/editor-fields";
import { type ContentInput } from "~/lib/editor-values";

import { insertCompany } from "../../../tests/support/companies";
import { createItem as create, dailyRows } from "../../../tests/support/content";
import { EMPTY_SHARED_VALUES } from "../../../tests/support/editor";
import { tagItem } from "../../../tests/support/item-promotion";
import { getDb, schema } from "../db/db.server";
import { deleteContent, editorValuesFromRow, getContent, listContent } from "./admin-content.server";
import { CONTENT_TABLES } from "./content-tables.server";

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(
    sql`truncate videos, podcasts, blogs, interviews, special_features, companies, company_follows, report_links, market_quotes, market_closes, market_announcements, market_refresh, content_companies, content_daily_stats, deleted_items`,
  );
});

describe("editor values when loading for edit", () => {
  it("missing text becomes '', numbers become text, tags a list", async () => {
    const { id } = await create("interview", input({ title: "T", duration: 75 }));
    const row = await getContent("interview", id);
    expect(editorValuesFromRow("interview", row!)).toEqual({
      ...EMPTY_SHARED_VALUES,
      title: "T",
      intervieweeName: "",
      intervieweeTitle: "",
      videoUrl: "",
      audioUrl: "",
      thumbnailUrl: "",
      duration: "75",
      transcript: "",
      chapters: "",
    });
  });

  it("getContent of an id that is not a uuid is null without asking the database", async () => {
    expect(await getContent("video", "abc")).toBeNull();
  });
});

describe("delete", () => {
  it("removes the row once; a second delete reports nothing deleted", async () => {
    const { id } = await create("special_feature", input());
    expect(await deleteContent("special_feature", id)).toBe(true);
    expect(await getContent("special_feature", id)).toBeNull();
    expect(await deleteContent("special_feature", id)).toBe(false);
  });

  it("keeps every day of a deleted item's figures, and lists a published one for its clients' reports (PRODUCT.md \"Views over time\")", async () => {
    const published = input({ status: "published" });
    const [gone, kept, draft] = [await create("video", published), await create("video", input()), await create("video", input())];
    const [client, other] = [await insertCompany(), await insertCompany()];
    await tagItem("video", gone.id, [client.id, other.id]);
    await tagItem("video", draft.id, [client.id]);
    const db = await getDb();
    await db.insert(schema.contentDailyStats).values([
      { contentType: "video", contentId: gone.id, day: "2026-05-12", hits: 1 },
      { contentType: "video", contentId: gone.id, day: "2026-05-13", hits: 2 },
      { contentType: "video", contentId: kept.id, day: "2026-05-13", hits: 3 },
    ]);
    const before = await dailyRows();
    expect(await deleteContent("video", gone.id)).toBe(true);
    expect(await deleteContent("video", draft.id)).toBe(true);
    expect(await dailyRows()).toEqual(before);
    // Its company tags go; the report's list of deleted items keeps which companies it named. A draft is not listed.
    expect(await db.select().from(schema.contentCompanies)).toEqual([]);
    const listed = await db.select().from(schema.deletedItems);
    expect(listed).toEqual([
      {
        contentType: "video",
        contentId: gone.id,
        title: "Item",
        publishedAt: expect.any(Date) as Date,
        deletedAt: expect.any(Date) as Date,
        companyIds: expect.arrayContaining([client.id, other.id]) as string[],
      },
    ]);
    expect(listed[0]!.companyIds).toHaveLength(2);
  });
});

describe("lists: server-side search and 25-row pages", () => {
  async function insertMany(type: ContentType, count: number, make: (i: number) => Record<string, unknown> = () => ({})) {
    const db = await getDb();
    const table = CONTENT_TABLES[type];
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: count }, (_, i) => ({
      title: `Item ${i + 1}`,
      createdAt: new Date(base + i * 60_000),
      ...make(i),
    }));
    await db.insert(table).values(rows as never);
  }

  it("pages hold 25 rows, newest first, with an exact total", async () => {
    await insertMany("interview", 30);
    const first = await listContent("interview", { page: 1 });
    expect([first.total, first.totalPages, first.items.length, first.page]).toEqual([30, 2, 25, 1]);
    expect(first.items[0].title).toBe("Item 30");
    const second = await listContent("interview", { page: 2 });
    expect(second.items.map((i) => i.title)).toEqual(["Item 5", "Item 4", "Item 3", "Item 2", "Item 1"]);
  });

  it("a page past the end shows the last page", async () => {
    await insertMany("blog", 26);
    const page = await listContent("blog", { page: 9 });
    expect([page.page, page.items.length]).toEqual([2, 1]);
  });

  it("an empty table is one empty page", async () => {
    expect(await listContent("podcast", { page: 3 })).toEqual({ items: [], total: 0, page: 1, totalPages: 0 });
  });

  it("searches title and description case-insensitively", async () => {
    await insertMany("video", 3, (i) => [{ title: "Gold Rally" }, { description: "why GOLD moved" }, { title: "Oil" }][i]);
    const result = await listContent("video", { q: "gold" });
    expect(result.items.map((i) => i.title).sort()).toEqual(["Gold Rally", "Item 2"]);
    expect(result.total).toBe(2);
  });

  it.each([
    ["blog", { authorName: "Priya Natarajan" }, "natarajan"],
    ["interview", { intervieweeName: "Marcus Chen" }, "marcus"],
    ["special_feature", { featureType: "market_analysis" }, "market_an"],
    ["special_feature", { featureType: "market_analysis" }, "Market Analysis"],
  ] as const)("%s also searches %j", async (type, columns, q) => {
    await insertMany(type, 2, (i) => (i === 0 ? { title: "Match", ...columns } : { title: "Other" }));
    const result = await listContent(type, { q });
    expect(result.items.map((i) => i.title)).toEqual(["Match"]);
  });

  it("list rows carry the subtitle, the counter and the featured flag", async () => {
    await insertMany("podcast", 1, () => ({ title: "Pod", listens: 42, featured: true }));
    await insertMany("blog", 1, () => ({ title: "Post", authorName: "Ann", views: 7 }));
    expect((await listContent("podcast")).items[0]).toMatchObject({ title: "Pod", count: 42, featured: true, subtitle: null });
    expect((await listContent("blog")).items[0]).toMatchObject({ title: "Post", count: 7, featured: null, subtitle: "Ann" });
  });

  it("% _ and \\ in a search are plain characters", async () => {
    await insertMany("video", 3, (i) => [{ title: "Up 50% today" }, { title: "Up 500 today" }, { title: "a_b and a\\b" }][i]);
    expect((await listContent("video", { q: "50%" })).items.map((i) => i.title)).toEqual(["Up 50% today"]);
    expect((await listContent("video", { q: "a_b" })).items.map((i) => i.title)).toEqual(["a_b and a\\b"]);
    expect((await listContent("video", { q: "a\\b" })).items.map((i) => i.title)).toEqual(["a_b and a\\b"]);
  });
});

describe("the registry and the tables agree", () => {
  it("every type has its table, and no other table is listed", () => {
    expect(Object.keys(CONTENT_TABLES).sort()).toEqual([...CONTENT_TYPES].sort());
  });

  it.each(CONTENT_TYPES)("%s: the table name, the fields, the counter and the featured flag are real columns", (type) => {
    const info = CONTENT_REGISTRY[type];
    const table = CONTENT_TABLES[type];
    expect(getTableName(table)).toBe(info.tableName);
    const columns = Object.keys(getTableColumns(table));
    for (const field of info.fields) expect(columns, `${type}.${field}`).toContain(field);
    expect(columns).toContain(info.counter);
    expect(columns).toContain(info.imageField);
    if (info.extraSearchField !== null) expect(columns).toContain(info.extraSearchField);
    for (const column of ["id", "title", "description", "content", "tags", "status", "publishedAt", "createdAt", "updatedAt"])
      expect(columns, `${type}.${column}`).toContain(column);
    // The featured flag and its date exist exactly on the featurable types.
    expect(columns.includes("featured"), `${type}.featured`).toBe(info.featurable);
    expect(columns.includes("featuredAt"), `${type}.featuredAt`).toBe(info.featurable);
  });

  it.each(CONTENT_TYPES)("%s: every content column of the table is in the editor (none is left out)", (type) => {
    const info = CONTENT_REGISTRY[type];
    const editorFields = Object.keys(FIELD_SPECS);
    const typeColumns = Object.keys(getTableColumns(CONTENT_TABLES[type])).filter((column) => editorFields.includes(column));
    expect([...typeColumns].sort()).toEqual([...info.fields].sort());
  });
});
