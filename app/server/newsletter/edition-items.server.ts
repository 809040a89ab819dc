/**
 * The content an edition lists (PRODUCT.md "Newsletter editions"): the items picked, as they are live now,
 * with their disclosures; and the week's items an editor is offered, featured first.
 */
import { sql } from "drizzle-orm";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import type { Disclosure } from "~/lib/disclosure";

import { itemDisclosure, payersOf, PROMOTION_COLUMNS_SQL, type PromotionColumns } from "../content/item-promotion.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import type { EditionItemRef } from "../db/schema";
import { htmlToPlainText } from "../html-text.server";

export interface EditionItem {
  type: ContentType;
  id: string;
  title: string;
  description: string | null;
  /** 'Video', 'Podcast'…: what the item is. */
  label: string;
  /** Its page on the site, a path. */
  path: string;
  featured: boolean;
  publishedAt: Date;
  /** PRODUCT.md "Paid promotion": set for a paid item, carried into the mail. */
  disclosure: Disclosure | null;
}

type Row = {
  id: string;
  title: string;
  description: string | null;
  featured: boolean;
  published_at: string | Date;
  content_type: ContentType;
} & PromotionColumns;

/** Only videos and podcasts can be featured (PRODUCT.md "Content"); the other types never are. */
const itemSelect = (type: ContentType) =>
  sql`select id, title, description, ${sql.raw(CONTENT_REGISTRY[type].featurable ? "featured" : "false")} as featured, published_at,
      ${type}::text as content_type, ${PROMOTION_COLUMNS_SQL}
      from ${sql.identifier(CONTENT_REGISTRY[type].tableName)} where ${PUBLIC_NOW_SQL}`;

async function withDisclosures(rows: Row[]): Promise<EditionItem[]> {
  const payers = await payersOf(rows);
  return rows.map((row) => ({
    type: row.content_type,
    id: row.id,
    title: row.title,
    // Podcast descriptions may hold markup; a mail and its preview show their text.
    description: htmlToPlainText(row.description) || null,
    label: CONTENT_REGISTRY[row.content_type].label,
    path: publicUrlFor(row.content_type, row.id),
    featured: row.featured,
    publishedAt: new Date(row.published_at),
    disclosure: itemDisclosure(row.content_type, row, payers),
  }));
}

/** The picked items that visitors can see now, in the order picked; one no longer live is left out. */
export async function liveEditionItems(refs: readonly EditionItemRef[]): Promise<EditionItem[]> {
  if (refs.length === 0) return [];
  const db = await getDb();
  const types = [...new Set(refs.map((ref) => ref.type))];
  const parts = types.map((type) => {
    const ids = refs.filter((ref) => ref.type === type).map((ref) => sql`${ref.id}::uuid`);
    return sql`(${itemSelect(type)} and id in (${sql.join(ids, sql`, `)}))`;
  });
  const { rows } = await db.execute<Row>(sql.join(parts, sql` union all `));
  const byKey = new Map((await withDisclosures(rows)).map((item) => [`${item.type}:${item.id}`, item]));
  return refs.flatMap((ref) => byKey.get(`${ref.type}:${ref.id}`) ?? []);
}

/** How far back an edition's proposed items go. */
export const PROPOSED_DAYS = 7;
export const PROPOSED_LIMIT = 20;

/** The items published in the last week, featured first, then newest: what a new edition proposes. */
export async function proposedEditionItems(now = new Date()): Promise<EditionItem[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - PROPOSED_DAYS * 86_400_000).toISOString();
  const parts = CONTENT_TYPE_LIST.map(({ key }) => sql`(${itemSelect(key)} and published_at > ${since}::timestamptz)`);
  const { rows } = await db.execute<Row>(
    sql`select * from (${sql.join(parts, sql` union all `)}) items order by featured desc, published_at desc, id limit ${PROPOSED_LIMIT}`,
  );
  return withDisclosures(rows);
}
