import { totalPages } from "~/lib/pagination";

import { schema } from "../db/db.server";
import { readTimeMinutes } from "../html-text.server";
import { otherPublished, publishedById, publishedPage } from "./published.server";

const { blogs } = schema;

/** PRODUCT.md "Lists": 9 posts a page, which fill a 3-column desktop grid exactly. */
export const BLOG_PAGE_SIZE = 9;

/** PRODUCT.md "Detail pages": related articles are the 3 other latest posts. */
export const RELATED_BLOG_COUNT = 3;

export interface BlogSummary {
  id: string;
  title: string;
  description: string | null;
  featuredImageUrl: string | null;
  authorName: string | null;
  publishedAt: Date | null;
  tags: string[];
  readTimeMinutes: number;
  /** PRODUCT.md "Paid promotion": the card carries the label. */
  paidPromotion: boolean;
}

const summaryFields = {
  id: blogs.id,
  title: blogs.title,
  description: blogs.description,
  featuredImageUrl: blogs.featuredImageUrl,
  authorName: blogs.authorName,
  publishedAt: blogs.publishedAt,
  tags: blogs.tags,
  readTime: blogs.readTime,
  content: blogs.content,
  paidPromotion: blogs.paidPromotion,
};

const relatedFields = {
  id: blogs.id,
  title: blogs.title,
  featuredImageUrl: blogs.featuredImageUrl,
  authorName: blogs.authorName,
  publishedAt: blogs.publishedAt,
  paidPromotion: blogs.paidPromotion,
};

/** One page of published posts, newest first, with the exact total. A page past the end is empty, never an error. */
export async function listPublishedBlogs({ page, pageSize = BLOG_PAGE_SIZE }: { page: number; pageSize?: number }) {
  const { rows, total } = await publishedPage(blogs, Math.max(1, page), pageSize, (db) => db.select(summaryFields).from(blogs).$dynamic());
  const items: BlogSummary[] = rows.map(({ readTime, content, ...row }) => ({
    ...row,
    readTimeMinutes: readTimeMinutes(readTime, content),
  }));
  return { items, total, page, totalPages: totalPages(total, pageSize) };
}

/** A published post by id, or null when the id is not a uuid, unknown, a draft or archived. */
export async function getPublishedBlog(id: string | undefined) {
  return publishedById(blogs, id, (db) => db.select(schema.rowColumns(blogs)).from(blogs).$dynamic());
}

/** 'Related Articles': the latest other published posts. */
export async function listRelatedBlogs(excludeId: string, limit = RELATED_BLOG_COUNT) {
  return otherPublished(blogs, excludeId, limit, (db) => db.select(relatedFields).from(blogs).$dynamic());
}
