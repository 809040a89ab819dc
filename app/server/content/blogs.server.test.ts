import { describe, expect, it } from "vitest";

import { day, emptyBeforeEach, insertBlogs } from "../../../tests/support/content";
import { schema } from "../db/db.server";
import { BLOG_PAGE_SIZE, getPublishedBlog, listPublishedBlogs, listRelatedBlogs } from "./blogs.server";

emptyBeforeEach(schema.blogs);

describe("listPublishedBlogs", () => {
  it("pages published posts newest first with the exact total, leaving out drafts and archived posts", async () => {
    await insertBlogs(Array.from({ length: 11 }, (_, i) => ({ title: `Published ${i}`, publishedAt: day(i) })));
    await insertBlogs([
      { title: "Draft", status: "draft", publishedAt: null },
      { title: "Archived", status: "archived", publishedAt: null },
    ]);

    const first = await listPublishedBlogs({ page: 1 });
    expect(first.total).toBe(11);
    expect(first.totalPages).toBe(2);
    expect(first.items).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.items.map((b) => b.title).slice(0, 3)).toEqual(["Published 10", "Published 9", "Published 8"]);

    const second = await listPublishedBlogs({ page: 2 });
    expect(second.items.map((b) => b.title)).toEqual(["Published 1", "Published 0"]);

    const beyond = await listPublishedBlogs({ page: 3 });
    expect(beyond).toMatchObject({ items: [], total: 11, totalPages: 2 });
  });

  it("breaks publish-date ties by id so pages never overlap", async () => {
    const sameDay = day(3);
    const rows = await insertBlogs(Array.from({ length: 4 }, () => ({ publishedAt: sameDay })));
    const page1 = await listPublishedBlogs({ page: 1, pageSize: 2 });
    const page2 = await listPublishedBlogs({ page: 2, pageSize: 2 });
    const seen = [...page1.items, ...page2.items].map((b) => b.id);
    expect(seen).toEqual(rows.map((r) => r.id).sort());
  });

  it("uses the stored read time, else computes it from the content", async () => {
    await insertBlogs([
      { title: "Stored", readTime: 7, content: "<p>short</p>", publishedAt: day(2) },
      { title: "Computed", readTime: null, content: `<p>${"word ".repeat(401)}</p>`, publishedAt: day(1) },
    ]);
    const { items } = await listPublishedBlogs({ page: 1 });
    expect(items.map((b) => [b.title, b.readTimeMinutes])).toEqual([
      ["Stored", 7],
      ["Computed", 3],
    ]);
    expect(items[0]).not.toHaveProperty("content");
  });

  it("is empty with a zero total when nothing is published", async () => {
    await insertBlogs([{ status: "draft", publishedAt: null }]);
    expect(await listPublishedBlogs({ page: 1 })).toEqual({ items: [], total: 0, page: 1, totalPages: 0 });
  });
});

describe("getPublishedBlog", () => {
  it("returns a published post with every field", async () => {
    const [row] = await insertBlogs([{ title: "Hello", authorName: "Ann", authorRole: "Editor", content: "<p>x</p>" }]);
    expect(await getPublishedBlog(row.id)).toMatchObject({ id: row.id, title: "Hello", authorName: "Ann", authorRole: "Editor" });
  });

  it.each(["draft", "archived"] as const)("returns null for a %s post", async (status) => {
    const [row] = await insertBlogs([{ status, publishedAt: null }]);
    expect(await getPublishedBlog(row.id)).toBeNull();
  });

  it.each([undefined, "", "not-a-uuid", "123", "00000000-0000-0000-0000-000000000000"])(
    "returns null for the unknown or malformed id %j",
    async (id) => {
      expect(await getPublishedBlog(id)).toBeNull();
    },
  );
});

describe("listRelatedBlogs", () => {
  it("lists at most 3 other published posts, newest first, never the current one", async () => {
    const rows = await insertBlogs(Array.from({ length: 6 }, (_, i) => ({ title: `P${i}`, publishedAt: day(i) })));
    await insertBlogs([{ title: "Draft", status: "draft", publishedAt: null }]);
    const current = rows[5];
    const related = await listRelatedBlogs(current.id);
    expect(related.map((b) => b.title)).toEqual(["P4", "P3", "P2"]);
    expect(related.map((b) => b.id)).not.toContain(current.id);
  });

  it("returns fewer when there are not enough other posts", async () => {
    const [only, other] = await insertBlogs([{ title: "Only" }, { title: "Other" }]);
    expect((await listRelatedBlogs(only.id)).map((b) => b.id)).toEqual([other.id]);
  });
});
