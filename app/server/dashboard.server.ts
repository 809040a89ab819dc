import { sql } from "drizzle-orm";

import { getDb } from "./db.server";

export const DASHBOARD_TYPES = ["videos", "podcasts", "blogs", "interviews", "special_features"] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

export interface ContentStats {
  total: number;
  published: number;
  draft: number;
  /** Views of published rows (listens for podcasts). */
  views: number;
}

/**
 * PRODUCT.md "Dashboard": per content table, all / published / draft counts and the views (listens for
 * podcasts) summed over published rows, in one statement instead of twenty round trips.
 */
export async function getDashboardStats(): Promise<Record<DashboardType, ContentStats>> {
  const db = await getDb();
  // Table and column names are the constants below, never input.
  const counts = (table: DashboardType, viewsColumn: "views" | "listens") => sql`
    select ${sql.raw(`'${table}'`)} as type,
           count(*)::int as total,
           count(*) filter (where status = 'published')::int as published,
           count(*) filter (where status = 'draft')::int as draft,
           coalesce(sum(${sql.raw(viewsColumn)}) filter (where status = 'published'), 0)::bigint as views
    from ${sql.raw(table)}`;
  const { rows } = await db.execute<{
    type: DashboardType;
    total: number;
    published: number;
    draft: number;
    views: string | number | bigint;
  }>(
    sql.join(
      [
        counts("videos", "views"),
        counts("podcasts", "listens"),
        counts("blogs", "views"),
        counts("interviews", "views"),
        counts("special_features", "views"),
      ],
      sql` union all `,
    ),
  );
  const stats = {} as Record<DashboardType, ContentStats>;
  for (const row of rows) {
    stats[row.type] = {
      total: Number(row.total),
      published: Number(row.published),
      draft: Number(row.draft),
      views: Number(row.views),
    };
  }
  return stats;
}
