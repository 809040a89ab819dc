import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { type AdminContentType, type ContentInput } from "~/lib/admin-content";

import {
  createContent,
  deleteContent,
  editorValuesFromRow,
  getContent,
  listContent,
  setFeatured,
  updateContent,
} from "./admin-content.server";
import { getDb, schema } from "./db.server";

const PAST = new Date("2024-01-02T03:04:05.000Z");

function input(overrides: Partial<ContentInput> = {}): ContentInput {
  return { title: "Item", description: null, content: null, status: "draft", tags: [], featured: false, ...overrides };
}

async function videoRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.videos).where(eq(schema.videos.id, id));
  return row;
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`truncate videos, podcasts, blogs, interviews, special_features`);
});

describe("published_at (set on becoming published, kept while published, cleared on leaving)", () => {
  it("a draft is created without published_at; a published item with now", async () => {
    const before = Date.now();
    const draft = await createContent("videos", input({ status: "draft" }));
    const published = await createContent("videos", input({ status: "published" }));
    expect((await videoRow(draft.id)).publishedAt).toBeNull();
    expect((await videoRow(published.id)).publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("draft → published sets it to now", async () => {
    const { id } = await createContent("videos", input({ status: "draft" }));
    const before = Date.now();
    await updateContent("videos", id, input({ status: "published" }));
    expect((await videoRow(id)).publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("published → published keeps the original date", async () => {
    const { id } = await createContent("videos", input({ status: "published" }));
    const db = await getDb();
    await db.update(schema.videos).set({ publishedAt: PAST }).where(eq(schema.videos.id, id));
    await updateContent("videos", id, input({ status: "published", title: "Renamed" }));
    const row = await videoRow(id);
    expect(row.title).toBe("Renamed");
    expect(row.publishedAt).toEqual(PAST);
  });

  it.each(["archived", "draft"] as const)("published → %s clears it", async (status) => {
    const { id } = await createContent("videos", input({ status: "published" }));
    await updateContent("videos", id, input({ status }));
    expect((await videoRow(id)).publishedAt).toBeNull();
  });

  it("archived → published sets a new date", async () => {
    const { id } = await createContent("blogs", input({ status: "published" }));
    await updateContent("blogs", id, input({ status: "archived" }));
    const before = Date.now();
    await updateContent("blogs", id, input({ status: "published" }));
    const row = await getContent("blogs", id);
    expect((row!.publishedAt as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("updated_at", () => {
  it("is set to now on every edit", async () => {
    const { id } = await createContent("podcasts", input());
    const db = await getDb();
    await db.update(schema.podcasts).set({ updatedAt: PAST }).where(eq(schema.podcasts.id, id));
    await updateContent("podcasts", id, input({ title: "Edited" }));
    const row = await getContent("podcasts", id);
    expect((row!.updatedAt as Date).getTime()).toBeGreaterThan(PAST.getTime());
  });
});

describe("featured_at (videos, podcasts)", () => {
  it("is set when featuring on create and null otherwise", async () => {
    const on = await createContent("videos", input({ featured: true }));
    const off = await createContent("videos", input({ featured: false }));
    expect((await videoRow(on.id)).featuredAt).toBeInstanceOf(Date);
    expect((await videoRow(off.id)).featuredAt).toBeNull();
  });

  it("the toggle sets and clears it together with the flag", async () => {
    const { id } = await createContent("videos", input());
    expect(await setFeatured("videos", id, true)).toBe(true);
    let row = await videoRow(id);
    expect([row.featured, row.featuredAt instanceof Date]).toEqual([true, true]);
    expect(await setFeatured("videos", id, false)).toBe(true);
    row = await videoRow(id);
    expect([row.featured, row.featuredAt]).toEqual([false, null]);
  });

  it("featuring an already featured item keeps its date; saving the form keeps it too", async () => {
    const { id } = await createContent("podcasts", input({ featured: true }));
    const db = await getDb();
    await db.update(schema.podcasts).set({ featuredAt: PAST }).where(eq(schema.podcasts.id, id));
    await setFeatured("podcasts", id, true);
    await updateContent("podcasts", id, input({ featured: true, title: "Edited" }));
    expect((await getContent("podcasts", id))!.featuredAt).toEqual(PAST);
    await updateContent("podcasts", id, input({ featured: false }));
    expect((await getContent("podcasts", id))!.featuredAt).toBeNull();
  });

  it("types without the flag and unknown ids are refused", async () => {
    const { id } = await createContent("blogs", input());
    expect(await setFeatured("blogs", id, true)).toBe(false);
    expect(await setFeatured("videos", "00000000-0000-0000-0000-000000000000", true)).toBe(false);
    expect(await setFeatured("videos", "not-a-uuid", true)).toBe(false);
  });
});

describe("saving", () => {
  it("sanitises HTML content and stores numbers, text and tags", async () => {
    const { id } = await createContent(
      "videos",
      input({
        title: "Clip",
        content: '<p onclick="x()">Hi</p><script>alert(1)</script>',
        tags: ["a", "b"],
        video_url: "https://v.example.com/1",
        duration: 95,
      }),
    );
    const row = await videoRow(id);
    expect(row.content).toBe("<p>Hi</p>");
    expect([row.tags, row.videoUrl, row.duration, row.thumbnailUrl]).toEqual([["a", "b"], "https://v.example.com/1", 95, null]);
  });

  it("content that sanitises to nothing is stored as null", async () => {
    const { id } = await createContent("blogs", input({ content: "<script>alert(1)</script>" }));
    expect((await getContent("blogs", id))!.content).toBeNull();
  });

  it("every type keeps its own fields", async () => {
    const blog = await createContent(
      "blogs",
      input({ author_name: "Ann", author_role: "Editor", read_time: 4, featured_image_url: "https://i.example.com/a.jpg" }),
    );
    const interview = await createContent(
      "interviews",
      input({ interviewee_name: "Bo", interviewee_title: "CEO", audio_url: "https://a.example.com/1.mp3", duration: 60 }),
    );
    const feature = await createContent("special-features", input({ feature_type: "deep_dive", read_time: 7 }));
    expect(await getContent("blogs", blog.id)).toMatchObject({
      authorName: "Ann",
      authorRole: "Editor",
      readTime: 4,
      featuredImageUrl: "https://i.example.com/a.jpg",
    });
    expect(await getContent("interviews", interview.id)).toMatchObject({
      intervieweeName: "Bo",
      intervieweeTitle: "CEO",
      audioUrl: "https://a.example.com/1.mp3",
      duration: 60,
    });
    expect(await getContent("special-features", feature.id)).toMatchObject({ featureType: "deep_dive", readTime: 7 });
  });

  it("updating a missing row returns null", async () => {
    expect(await updateContent("videos", "00000000-0000-0000-0000-000000000000", input())).toBeNull();
    expect(await updateContent("videos", "nope", input())).toBeNull();
  });
});

describe("editor values when loading for edit", () => {
  it("missing text becomes '', numbers become text, tags a list", async () => {
    const { id } = await createContent("interviews", input({ title: "T", duration: 75 }));
    const row = await getContent("interviews", id);
    expect(editorValuesFromRow("interviews", row!)).toEqual({
      title: "T",
      description: "",
      content: "",
      status: "draft",
      tags: [],
      featured: false,
      interviewee_name: "",
      interviewee_title: "",
      video_url: "",
      audio_url: "",
      thumbnail_url: "",
      duration: "75",
    });
  });

  it("getContent of an id that is not a uuid is null without asking the database", async () => {
    expect(await getContent("videos", "abc")).toBeNull();
  });
});

describe("delete", () => {
  it("removes the row once; a second delete reports nothing deleted", async () => {
    const { id } = await createContent("special-features", input());
    expect(await deleteContent("special-features", id)).toBe(true);
    expect(await getContent("special-features", id)).toBeNull();
    expect(await deleteContent("special-features", id)).toBe(false);
  });
});

describe("lists: server-side search and 25-row pages", () => {
  async function insertMany(type: AdminContentType, count: number, make: (i: number) => Record<string, unknown> = () => ({})) {
    const db = await getDb();
    const table = {
      videos: schema.videos,
      podcasts: schema.podcasts,
      blogs: schema.blogs,
      interviews: schema.interviews,
      "special-features": schema.specialFeatures,
    }[type];
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: count }, (_, i) => ({
      title: `Item ${i + 1}`,
      createdAt: new Date(base + i * 60_000),
      ...make(i),
    }));
    await db.insert(table).values(rows as never);
  }

  it("pages hold 25 rows, newest first, with an exact total", async () => {
    await insertMany("interviews", 30);
    const first = await listContent("interviews", { page: 1 });
    expect([first.total, first.totalPages, first.items.length, first.page]).toEqual([30, 2, 25, 1]);
    expect(first.items[0].title).toBe("Item 30");
    const second = await listContent("interviews", { page: 2 });
    expect(second.items.map((i) => i.title)).toEqual(["Item 5", "Item 4", "Item 3", "Item 2", "Item 1"]);
  });

  it("a page past the end shows the last page", async () => {
    await insertMany("blogs", 26);
    const page = await listContent("blogs", { page: 9 });
    expect([page.page, page.items.length]).toEqual([2, 1]);
  });

  it("an empty table is one empty page", async () => {
    expect(await listContent("podcasts", { page: 3 })).toEqual({ items: [], total: 0, page: 1, totalPages: 0 });
  });

  it("searches title and description case-insensitively", async () => {
    await insertMany("videos", 3, (i) => [{ title: "Gold Rally" }, { description: "why GOLD moved" }, { title: "Oil" }][i]);
    const result = await listContent("videos", { q: "gold" });
    expect(result.items.map((i) => i.title).sort()).toEqual(["Gold Rally", "Item 2"]);
    expect(result.total).toBe(2);
  });

  it.each([
    ["blogs", { authorName: "Priya Natarajan" }, "natarajan"],
    ["interviews", { intervieweeName: "Marcus Chen" }, "marcus"],
    ["special-features", { featureType: "market_analysis" }, "market_an"],
    ["special-features", { featureType: "market_analysis" }, "Market Analysis"],
  ] as const)("%s also searches %j", async (type, columns, q) => {
    await insertMany(type, 2, (i) => (i === 0 ? { title: "Match", ...columns } : { title: "Other" }));
    const result = await listContent(type, { q });
    expect(result.items.map((i) => i.title)).toEqual(["Match"]);
  });

  it("list rows carry the subtitle, the counter and the featured flag", async () => {
    await insertMany("podcasts", 1, () => ({ title: "Pod", listens: 42, featured: true }));
    await insertMany("blogs", 1, () => ({ title: "Post", authorName: "Ann", views: 7 }));
    expect((await listContent("podcasts")).items[0]).toMatchObject({ title: "Pod", count: 42, featured: true, subtitle: null });
    expect((await listContent("blogs")).items[0]).toMatchObject({ title: "Post", count: 7, featured: null, subtitle: "Ann" });
  });

  it("% _ and \\ in a search are plain characters", async () => {
    await insertMany("videos", 3, (i) => [{ title: "Up 50% today" }, { title: "Up 500 today" }, { title: "a_b and a\\b" }][i]);
    expect((await listContent("videos", { q: "50%" })).items.map((i) => i.title)).toEqual(["Up 50% today"]);
    expect((await listContent("videos", { q: "a_b" })).items.map((i) => i.title)).toEqual(["a_b and a\\b"]);
    expect((await listContent("videos", { q: "a\\b" })).items.map((i) => i.title)).toEqual(["a_b and a\\b"]);
  });
});
