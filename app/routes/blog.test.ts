import { beforeEach, describe, expect, it } from "vitest";

import { getDb, schema } from "~/server/db.server";

import { callRoute } from "../../tests/support/route";
import { loader } from "./blog";

type NewBlog = typeof schema.blogs.$inferInsert;

async function insertBlogs(rows: Partial<NewBlog>[]) {
  const db = await getDb();
  return db
    .insert(schema.blogs)
    .values(
      rows.map((row, i) => ({
        title: `Post ${i}`,
        status: "published" as const,
        publishedAt: new Date(Date.UTC(2025, 0, 1 + i)),
        ...row,
      })),
    )
    .returning();
}

/** The loader's data for a page that loaded (a database failure fails the test). */
async function load(path: string) {
  const { body } = await callRoute(loader, path, { throws: false });
  if (!body.ok) throw new Error(`${path} failed to load`);
  return body;
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(schema.blogs);
});

describe("/blog loader", () => {
  it("shows the first page of published posts with the exact total", async () => {
    await insertBlogs(Array.from({ length: 10 }, (_, i) => ({ title: `Published ${i}` })));
    await insertBlogs([
      { title: "Draft", status: "draft", publishedAt: null },
      { title: "Archived", status: "archived", publishedAt: null },
    ]);
    const result = await load("/blog");
    expect(result).toMatchObject({ total: 10, page: 1, totalPages: 2 });
    expect(result.items).toHaveLength(9);
    expect(result.items[0]).toMatchObject({ title: "Published 9", readTimeMinutes: 1 });
    expect(result.items.map((b) => b.title)).not.toContain("Draft");
    expect(result.items.map((b) => b.title)).not.toContain("Archived");
  });

  it("shows the second page", async () => {
    await insertBlogs(Array.from({ length: 10 }, (_, i) => ({ title: `Published ${i}` })));
    const result = await load("/blog?page=2");
    expect(result.items.map((b) => b.title)).toEqual(["Published 0"]);
  });

  it.each(["abc", "0", "-3", "2.5", ""])("treats page=%j as page 1", async (page) => {
    await insertBlogs([{ title: "Only" }]);
    const result = await load(`/blog?page=${encodeURIComponent(page)}`);
    expect(result).toMatchObject({ page: 1, total: 1 });
    expect(result.items.map((b) => b.title)).toEqual(["Only"]);
  });

  it("answers a page past the end with an empty page, not an error", async () => {
    await insertBlogs([{ title: "Only" }]);
    expect(await load("/blog?page=999999999999")).toMatchObject({ items: [], total: 1, totalPages: 1 });
  });

  it("is empty when nothing is published", async () => {
    await insertBlogs([{ status: "draft", publishedAt: null }]);
    expect(await load("/blog")).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });
});
