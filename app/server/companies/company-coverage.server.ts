/**
 * A company's coverage (PRODUCT.md "Company pages"): the published items of all five types that name it,
 * newest first, in one statement over the five content tables, for `/companies/{slug}`.
 */
import { sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { contentColumn } from "../content/content-tables.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb } from "../db/db.server";
import { NEWEST_PUBLISHED_SQL } from "../list-order.server";

/** One item of a company's coverage, linked to its public page. */
export interface CoverageItem {
  type: ContentType;
  id: string;
  title: string;
  description: string | null;
  image: string | null;
  publishedAt: Date;
  url: string;
  /** PRODUCT.md "Paid promotion": the entry carries the label. */
  paidPromotion: boolean;
}

export interface CoveragePage {
  items: CoverageItem[];
  total: number;
}

/**
 * PRODUCT.md "Companies": one page (from 1) of the company's coverage, the published items of all five
 * types that name it, newest first, with the exact total. A page past the end is empty.
 */
export async function companyCoverage(
  companyId: string,
  page: number,
  pageSize: number,
  /** Only these types (PRODUCT.md "Embeds": a company embed's type filter); every type when absent. */
  types?: readonly ContentType[],
): Promise<CoveragePage> {
  if (!isUuid(companyId) || types?.length === 0) return { items: [], total: 0 };
  const size = Math.max(1, Math.floor(pageSize));
  const offset = Math.min((Math.max(1, Math.floor(page)) - 1) * size, Number.MAX_SAFE_INTEGER);
  const db = await getDb();
  const items = sql.join(
    // Table and column names come from the registry, never from input.
    CONTENT_TYPE_LIST.filter(({ key }) => !types || types.includes(key)).map(
      ({
        key,
        tableName,
        imageField,
      }) => sql`select id, title, description, ${sql.identifier(contentColumn(key, imageField).name)} as image,
          ${key}::text as content_type, published_at, paid_promotion
        from ${sql.identifier(tableName)} join content_companies on content_type = ${key} and content_id = id
        where company_id = ${companyId} and ${PUBLIC_NOW_SQL}`,
    ),
    sql` union all `,
  );
  // One statement, so the total and the page agree; the outer join keeps a row carrying the total when the page is empty.
  const result = await db.execute<{
    total: number;
    id: string | null;
    title: string;
    description: string | null;
    image: string | null;
    content_type: ContentType;
    published_at: string | Date;
    paid_promotion: boolean;
  }>(sql`
    with items as (${items}),
    page as (select * from items order by ${NEWEST_PUBLISHED_SQL} limit ${size} offset ${offset})
    select (select count(*) from items)::int as total, page.*
    from (select 1) as one left join page on true
    order by ${NEWEST_PUBLISHED_SQL}`);
  const total = Number(result.rows[0]?.total ?? 0);
  return {
    total,
    items: result.rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        type: row.content_type,
        id: row.id!,
        title: row.title,
        description: row.description,
        image: row.image,
        publishedAt: new Date(row.published_at),
        url: publicUrlFor(row.content_type, row.id!),
        paidPromotion: row.paid_promotion === true,
      })),
  };
}
