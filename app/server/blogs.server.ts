import { and, count, eq, ne } from "drizzle-orm";

import { isUuid } from "~/lib/ids";
import { totalPages } from "~/lib/pagination";

import { getDb, schema } from "./db.server";
import { readTimeMinutes } from "./html-text.server";
import { newestPublishedFirst } from "./list-order.server";

const { blogs } = schema;

/** PRODUCT.md "Lists": 9 posts a page, which fill a 3-column desktop grid exactly. */
export const BLOG_PAGE_SIZE = 9;

/** PRODUCT.md "Detail pages": related articles are the 3 other latest posts. */
export const RELATED_BLOG_COUNT = 3;

const isPublished = eq(blogs.status, "published");
// Public order: newest first; the id breaks ties so pages never overlap.
const publicOrder = newestPublishedFirst(blogs);

export interface BlogSummary {
  id: string;
  title: string;
  description: string | null;
  featuredImageUrl: string | null;
  authorName: string | null;
  publishedAt: Date | null;
  tags: string[];
  readTimeMinutes: number;
}

/** One page of published posts, newest first, with the exact total. A page past the end is empty, never an error. */
export async function listPublishedBlogs({ page, pageSize = BLOG_PAGE_SIZE }: { page: number; pageSize?: number }) {
  const db = await getDb();
  const offset = Math.min((Math.max(1, page) - 1) * pageSize, Number.MAX_SAFE_INTEGER);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: blogs.id,
        title: blogs.title,
        description: blogs.description,
        featuredImageUrl: blogs.featuredImageUrl,
        authorName: blogs.authorName,
        publishedAt: blogs.publishedAt,
        tags: blogs.tags,
        readTime: blogs.readTime,
        content: blogs.content,
      })
      .from(blogs)
      .where(isPublished)
      .orderBy(...publicOrder)
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(blogs).where(isPublished),
  ]);
  const items: BlogSummary[] = rows.map(({ readTime, content, ...row }) => ({
    ...row,
    readTimeMinutes: readTimeMinutes(readTime, content),
  }));
  return { items, total, page, totalPages: totalPages(total, pageSize) };
}

/** A published post by id, or null when the id is not a uuid, unknown, a draft or archived. */
export async function getPublishedBlog(id: string | undefined) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(schema.rowColumns(blogs))
    .from(blogs)
    .where(and(eq(blogs.id, id), isPublished))
    .limit(1);
  return row ?? null;
}

/** 'Related Articles': the latest other published posts. */
export async function listRelatedBlogs(excludeId: string, limit = RELATED_BLOG_COUNT) {
  const db = await getDb();
  return db
    .select({
      id: blogs.id,
      title: blogs.title,
      featuredImageUrl: blogs.featuredImageUrl,
      authorName: blogs.authorName,
      publishedAt: blogs.publishedAt,
    })
    .from(blogs)
    .where(and(isPublished, ne(blogs.id, excludeId)))
    .orderBy(...publicOrder)
    .limit(limit);
}
