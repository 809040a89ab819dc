import { describe, expect, it } from "vitest";

import { schema } from "~/server/db/db.server";

import { emptyBeforeEach, insertBlogs } from "../../tests/support/content";
import { describeItemPromotion } from "../../tests/support/item-promotion";
import { callRoute } from "../../tests/support/route";
import { loader } from "./blog";
import { loader as articleLoader } from "./blog.$id";

/** The loader's data for a page that loaded (a database failure fails the test). */
async function load(path: string) {
  const { body } = await callRoute(loader, path, { throws: false });
  if (!body.ok) throw new Error(`${path} failed to load`);
  return body;
}

const loadArticle = (id: string) => callRoute(articleLoader, `/blog/${id}`, { params: { id }, throws: false });

emptyBeforeEach(schema.blogs);

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

describe("/blog/{id} loader", () => {
  it("returns the article with sanitised HTML, author, role and read time", async () => {
    const [blog] = await insertBlogs([
      {
        title: "Rates outlook",
        authorName: "Ann Analyst",
        authorRole: "Chief Economist",
        readTime: null,
        tags: ["macro", "rates"],
        content: `<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>`,
      },
    ]);
    const { status, body } = await loadArticle(blog.id);
    expect(status).toBe(200);
    expect(body.article).toMatchObject({
      id: blog.id,
      title: "Rates outlook",
      authorName: "Ann Analyst",
      authorRole: "Chief Economist",
      tags: ["macro", "rates"],
      readTimeMinutes: 1,
    });
    expect(body.article!.contentHtml).toContain("Hello");
    expect(body.article!.contentHtml).not.toMatch(/script|onclick|javascript:/);
    expect(body.article).not.toHaveProperty("content");
  });

  it("lists at most 3 related published articles, newest first, without the current one", async () => {
    const rows = await insertBlogs(Array.from({ length: 5 }, (_, i) => ({ title: `P${i}` })));
    await insertBlogs([{ title: "Draft", status: "draft", publishedAt: null }]);
    const current = rows[4];
    const { body } = await loadArticle(current.id);
    expect(body.related.map((b: { title: string }) => b.title)).toEqual(["P3", "P2", "P1"]);
    expect(body.related.map((b: { id: string }) => b.id)).not.toContain(current.id);
  });

  it("has no related articles when it is the only post", async () => {
    const [only] = await insertBlogs([{ title: "Only" }]);
    expect((await loadArticle(only.id)).body.related).toEqual([]);
  });

  it.each(["draft", "archived"] as const)("answers 404 with the not-found state for a %s post", async (status) => {
    const [blog] = await insertBlogs([{ status, publishedAt: null }]);
    const result = await loadArticle(blog.id);
    expect(result.status).toBe(404);
    expect(result.body).toEqual({
      article: null,
      related: [],
      meta: expect.arrayContaining([{ title: "Article Not Found | MarketWire" }]),
    });
    expect(result.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each(["6f9619ff-8b86-d011-b42d-00cf4fc964ff", "not-a-uuid", "1", "%27%20or%201=1"])(
    "answers 404 for the unknown or malformed id %j",
    async (id) => {
      const result = await loadArticle(id);
      expect(result.status).toBe(404);
      expect(result.body.article).toBeNull();
    },
  );
});

describeItemPromotion({
  type: "blog",
  insert: async (row) => (await insertBlogs([row]))[0]!,
  load: async (id) => {
    const { body } = await loadArticle(id);
    return { item: body.article!, meta: body.meta };
  },
});
