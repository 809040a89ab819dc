/**
 * One page of a server-paged list (PRODUCT.md "Paging"): the rows a condition selects, counted exactly, and
 * the page of them to show. The features own their queries (columns, joins, order); this owns the paging.
 */
import { count, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";

import { ADMIN_PAGE_SIZE, pageToShow } from "~/lib/pagination";

import { getDb } from "./db.server";

export interface RowPage<Row> {
  items: Row[];
  total: number;
  page: number;
  totalPages: number;
}

/**
 * The `page` asked for of `rows` (25 a page unless `pageSize` says otherwise): a page past the end (e.g. after
 * deleting its last row) shows the last page, an empty list is one empty page 1 (`pageToShow`). The count runs
 * first, since it decides which page exists.
 */
export async function readPage<Query extends PgSelect>({
  rows,
  table,
  where,
  page,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  /** The rows' query from `table`, in its order (ties broken, so pages never overlap), made `$dynamic()`, without a condition. */
  rows: Query;
  table: PgTable;
  /** Which rows are counted and listed: one condition for both, so the count always matches the rows. */
  where: SQL | undefined;
  page: number | undefined;
  pageSize?: number;
}): Promise<RowPage<Awaited<Query>[number]>> {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  const shown = pageToShow(page, total, pageSize);
  const items = await rows.where(where).limit(pageSize).offset(shown.offset);
  return { items, total, page: shown.page, totalPages: shown.totalPages };
}
