import { sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST, hasTranscript } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";

import { getDb } from "../db/db.server";
import { PUBLIC_NOW_SQL } from "./published.server";

export interface ContentStats {
  total: number;
  published: number;
  draft: number;
  /** Views of the rows live now (listens for podcasts). */
  views: number;
  /** PRODUCT.md "Transcripts": published items without a transcript; null for types that take none. */
  needsTranscript: number | null;
}

/**
 * PRODUCT.md "Dashboard": per content table, all / published / draft counts and the views (listens for
 * podcasts) summed over published rows, in one statement instead of twenty round trips. 'Published' means
 * live now (PRODUCT.md "Scheduled publishing"): an item scheduled for later counts in the total only.
 */
export async function getDashboardStats(): Promise<Record<ContentType, ContentStats>> {
  const db = await getDb();
  // Table and column names come from the registry, never from input.
  const counts = ({ key, tableName, counter }: (typeof CONTENT_TYPE_LIST)[number]) => sql`
    select ${key}::text as type,
           ${hasTranscript(key) ? sql`count(*) filter (where status = 'published' and transcript is null)::int` : sql`null::int`} as needs_transcript,
           count(*)::int as total,
           count(*) filter (where ${PUBLIC_NOW_SQL})::int as published,
           count(*) filter (where status = 'draft')::int as draft,
           coalesce(sum(${sql.identifier(counter)}) filter (where ${PUBLIC_NOW_SQL}), 0)::bigint as views
    from ${sql.identifier(tableName)}`;
  const { rows } = await db.execute<{
    type: ContentType;
    total: number;
    published: number;
    draft: number;
    views: string | number | bigint;
    needs_transcript: number | null;
  }>(
    sql.join(
      CONTENT_TYPE_LIST.map((info) => counts(info)),
      sql` union all `,
    ),
  );
  const stats = {} as Record<ContentType, ContentStats>;
  for (const row of rows) {
    stats[row.type] = {
      total: Number(row.total),
      published: Number(row.published),
      draft: Number(row.draft),
      views: Number(row.views),
      needsTranscript: row.needs_transcript === null ? null : Number(row.needs_transcript),
    };
  }
  return stats;
}
