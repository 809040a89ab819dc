/**
 * A company's disclosure register (PRODUCT.md "Company pages"): every paid piece about it that visitors can
 * see, who paid, what and when agreed, newest first, in one statement over the five content tables.
 */
import { sql } from "drizzle-orm";

import { CONTENT_REGISTRY, CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import {
  itemConsideration,
  itemDisclosure,
  payersOf,
  PROMOTION_COLUMNS_SQL,
  type PromotionColumns,
} from "../content/item-promotion.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { NEWEST_PUBLISHED_SQL } from "../list-order.server";

/** One paid piece in the register, as the company page lists it. */
export interface RegisterEntry {
  key: string;
  typeLabel: string;
  title: string;
  url: string;
  publishedAt: string;
  /** Who paid, as the piece's disclosure names them; null when it was never recorded. */
  payer: string | null;
  /** 'A$7,500 in cash', '250,000 shares'; null when it was never recorded in fields. */
  consideration: string | null;
  /** '3 November 2026'; null when not recorded. */
  agreed: string | null;
}

/** PRODUCT.md "Company pages": the register has no pages; a company with more paid pieces than this shows the newest. */
export const REGISTER_LIMIT = 200;

export async function disclosureRegister(companyId: string): Promise<RegisterEntry[]> {
  if (!isUuid(companyId)) return [];
  const db = await getDb();
  const result = await db.execute<
    { id: string; title: string; content_type: ContentType; published_at: string | Date } & PromotionColumns
  >(sql`
    select * from (${sql.join(
      // Table names come from the registry, never from input.
      CONTENT_TYPE_LIST.map(
        ({ key, tableName }) => sql`select id, title, ${key}::text as content_type, published_at, ${PROMOTION_COLUMNS_SQL}
          from ${sql.identifier(tableName)} join content_companies on content_type = ${key} and content_id = id
          where company_id = ${companyId} and paid_promotion and ${PUBLIC_NOW_SQL}`,
      ),
      sql` union all `,
    )}) items
    order by ${NEWEST_PUBLISHED_SQL}
    limit ${REGISTER_LIMIT}`);
  const payers = await payersOf(result.rows);
  return result.rows.map((row) => {
    const disclosure = itemDisclosure(row.content_type, row, payers);
    return {
      key: `${row.content_type}:${row.id}`,
      typeLabel: CONTENT_REGISTRY[row.content_type].label,
      title: row.title,
      url: publicUrlFor(row.content_type, row.id),
      publishedAt: new Date(row.published_at).toISOString(),
      payer: disclosure?.sponsor || null,
      consideration: itemConsideration(row),
      agreed: disclosure?.agreed ?? null,
    };
  });
}
