/**
 * Public corrections (PRODUCT.md "Revisions"): an edit of a published piece marked as a correction leaves a
 * dated note readers see on the piece's page and in its feed entries. Only added, never changed.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";

import type { ContentType } from "~/lib/content-types";

import { recordItemEvent } from "../content-events/content-events.server";
import { getDb, schema, type Database } from "../db/db.server";
import type { Author } from "./revisions.server";

const { contentCorrections } = schema;

type Executor = Pick<Database, "insert" | "select" | "execute">;

/** A correction as readers see it. */
export interface Correction {
  at: Date;
  note: string;
}

/** Records a correction in the caller's transaction, as the corrected text reaches readers. */
export async function recordCorrection(
  executor: Executor,
  correction: { type: ContentType; id: string; revisionId: string | null; note: string; author: Author },
) {
  await executor.insert(contentCorrections).values({
    contentType: correction.type,
    contentId: correction.id,
    revisionId: correction.revisionId,
    note: correction.note,
    authorId: correction.author.id,
    authorName: correction.author.name,
  });
  // PRODUCT.md "Content events": a correction readers see is an event of its own.
  await recordItemEvent(executor, "content.corrected", correction, { note: correction.note });
}

/** The corrections of these items, oldest first, by `type:id`, in one query. */
export async function correctionsOf(items: readonly { type: ContentType; id: string }[]): Promise<Map<string, Correction[]>> {
  const byItem = new Map<string, Correction[]>();
  if (items.length === 0) return byItem;
  const db = await getDb();
  const rows = await db
    .select({
      type: contentCorrections.contentType,
      id: contentCorrections.contentId,
      at: contentCorrections.createdAt,
      note: contentCorrections.note,
    })
    .from(contentCorrections)
    .where(
      or(
        ...[...new Set(items.map((item) => item.type))].map((type) =>
          and(
            eq(contentCorrections.contentType, type),
            inArray(
              contentCorrections.contentId,
              items.filter((item) => item.type === type).map((item) => item.id),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(contentCorrections.createdAt));
  for (const row of rows) {
    const key = `${row.type}:${row.id}`;
    byItem.set(key, [...(byItem.get(key) ?? []), { at: row.at, note: row.note }]);
  }
  return byItem;
}
