import { sql } from "drizzle-orm";

import { getDb, schema } from "../db/db.server";
import { PUBLIC_NOW_SQL } from "./published.server";

/** PRODUCT.md "Public pages": the Programme page's Interviews badge counts published videos. */
export async function getProgrammeStats(): Promise<{ totalVideos: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ totalVideos: sql<number>`count(*) filter (where ${PUBLIC_NOW_SQL})`.mapWith(Number) })
    .from(schema.videos);
  return { totalVideos: row?.totalVideos ?? 0 };
}
