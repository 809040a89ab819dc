/** Test data for the search tests (not used by the app): rows of any content type inserted with Drizzle. */
import type { ContentType } from "~/lib/content-types";

import { getDb, schema } from "./db.server";

export interface ItemInput {
  title: string;
  description?: string | null;
  content?: string | null;
  status?: "draft" | "published" | "archived";
  publishedAt?: Date | null;
  tags?: string[];
  /** views, or listens for podcasts */
  count?: number;
  image?: string | null;
}

export const TABLES = {
  video: schema.videos,
  podcast: schema.podcasts,
  blog: schema.blogs,
  interview: schema.interviews,
  special_feature: schema.specialFeatures,
} as const;

/** Inserts one item and returns its id. Published items get a date unless one is given. */
export async function insertItem(type: ContentType, input: ItemInput): Promise<string> {
  const db = await getDb();
  const status = input.status ?? "published";
  const common = {
    title: input.title,
    description: input.description ?? null,
    content: input.content ?? null,
    status,
    publishedAt: input.publishedAt !== undefined ? input.publishedAt : status === "published" ? new Date() : null,
    tags: input.tags ?? [],
  };
  const image = input.image ?? null;
  const count = input.count ?? 0;
  const insert = async (table: (typeof TABLES)[ContentType], values: Record<string, unknown>) => {
    const [row] = await db
      .insert(table)
      .values(values as never)
      .returning({ id: table.id });
    return row!.id;
  };
  switch (type) {
    case "video":
      return insert(TABLES.video, { ...common, thumbnailUrl: image, views: count });
    case "podcast":
      return insert(TABLES.podcast, { ...common, thumbnailUrl: image, listens: count });
    case "blog":
      return insert(TABLES.blog, { ...common, featuredImageUrl: image, views: count });
    case "interview":
      return insert(TABLES.interview, { ...common, thumbnailUrl: image, views: count });
    case "special_feature":
      return insert(TABLES.special_feature, { ...common, featuredImageUrl: image, views: count });
  }
}

export async function clearContent() {
  const db = await getDb();
  for (const table of Object.values(TABLES)) await db.delete(table);
}
