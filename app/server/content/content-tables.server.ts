/**
 * The Drizzle table of each content type in the registry (`lib/content-types.ts`). Server-only, so the
 * browser never loads the schema.
 */
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import type { ContentType } from "~/lib/content-types";

import { schema } from "../db/db.server";

export const CONTENT_TABLES = {
  video: schema.videos,
  podcast: schema.podcasts,
  blog: schema.blogs,
  interview: schema.interviews,
  special_feature: schema.specialFeatures,
} as const satisfies Record<ContentType, unknown>;

export type ContentTable = (typeof CONTENT_TABLES)[ContentType];

/** One column of a type's table by its Drizzle property ('videoUrl'); the registry names only real ones. */
export function contentColumn(type: ContentType, property: string): PgColumn {
  const column = (getTableColumns(CONTENT_TABLES[type]) as Record<string, PgColumn>)[property];
  if (!column) throw new Error(`${type} has no column ${property}`);
  return column;
}
