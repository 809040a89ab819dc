import type { Database } from "../db.server";
import { schema } from "../db.server";

/** Placeholder: replaced by the full demo catalogue. */
export async function seedDemoContent(db: Database) {
  await db.insert(schema.videos).values({ title: "Demo video", status: "published", publishedAt: new Date() });
}
