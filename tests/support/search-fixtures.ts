/** Test data for the search tests (not used by the app): rows of any content type inserted with Drizzle. */
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { CONTENT_TABLES } from "~/server/content/content-tables.server";
import { getDb } from "~/server/db/db.server";

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

export const TABLES = CONTENT_TABLES;

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
  const { imageField, counter } = CONTENT_REGISTRY[type];
  const table = CONTENT_TABLES[type];
  // The registry names this table's own image and counter columns.
  const values = { ...common, [imageField]: image, [counter]: count } as never;
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  return row!.id;
}

export async function clearContent() {
  const db = await getDb();
  for (const table of Object.values(TABLES)) await db.delete(table);
}
