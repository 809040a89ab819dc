/**
 * Companies named by content (PRODUCT.md "Companies"): which companies an item of the five types names,
 * a company's published coverage for its public page, and the company search of the editor's picker.
 * The rows are in `content_companies`; a company's go with it by the cascade, an item's are deleted here
 * when the item is (no foreign key spans five tables).
 */
import { and, asc, eq, ilike, inArray, notInArray, or, sql } from "drizzle-orm";

import { COMPANY_TEXTS, MAX_COMPANIES_PER_ITEM } from "~/lib/companies";
import { CONTENT_TYPE_LIST, publicUrlFor } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { getDb, schema, type Database } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { containsPattern } from "../like-pattern.server";
import { NEWEST_PUBLISHED_SQL } from "../list-order.server";
import { CONTENT_TABLES, contentColumn, type ContentTable } from "./content-tables.server";
import { PUBLIC_NOW_SQL } from "./published.server";

const { companies, contentCompanies } = schema;

/** The database or a transaction on it: the calls below run in the caller's transaction when given one. */
type Executor = Pick<Database, "select" | "insert" | "delete">;

/** A company an item names (an ItemCompany with its id and client flag), as the editor's picker offers it too. */
export interface ItemCompanyRow {
  id: string;
  name: string;
  slug: string;
  ticker: string;
  exchange: string;
  isClient: boolean;
}

const TAG_FIELDS = {
  id: companies.id,
  name: companies.name,
  slug: companies.slug,
  ticker: companies.ticker,
  exchange: companies.exchange,
  isClient: companies.isClient,
};

/** Refusals are values the editor shows beside the field; nothing was changed. */
export type SetItemCompaniesResult =
  | { ok: true; companyIds: string[] }
  | { ok: false; reason: "tooMany"; message: string }
  | { ok: false; reason: "unknownCompanies"; unknown: string[]; message: string }
  | { ok: false; reason: "itemNotFound" };

/**
 * PRODUCT.md "Companies": makes `companyIds` the companies the item names, in one transaction (the
 * caller's, when `executor` is given; then the caller also announces the change). Repeated ids count
 * once; more than the limit, or an id of no company, is refused with nothing changed.
 */
export async function setItemCompanies(
  type: ContentType,
  id: string,
  companyIds: readonly string[],
  executor?: Executor,
): Promise<SetItemCompaniesResult> {
  const wanted = [...new Set(companyIds)];
  if (wanted.length > MAX_COMPANIES_PER_ITEM) return { ok: false, reason: "tooMany", message: COMPANY_TEXTS.tooManyCompanies };
  if (!isUuid(id)) return { ok: false, reason: "itemNotFound" };

  const replace = async (db: Executor): Promise<SetItemCompaniesResult> => {
    const table: ContentTable = CONTENT_TABLES[type];
    // Locked until commit, so the item and the companies cannot be deleted under the new rows.
    const [item] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for("key share");
    if (!item) return { ok: false, reason: "itemNotFound" };
    const ids = wanted.filter((companyId) => isUuid(companyId));
    const found =
      ids.length === 0 ? [] : await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids)).for("key share");
    const known = new Set(found.map((row) => row.id));
    const unknown = wanted.filter((companyId) => !known.has(companyId));
    if (unknown.length > 0) return { ok: false, reason: "unknownCompanies", unknown, message: COMPANY_TEXTS.unknownCompanies };

    const ofItem = and(eq(contentCompanies.contentType, type), eq(contentCompanies.contentId, id));
    await db.delete(contentCompanies).where(wanted.length === 0 ? ofItem : and(ofItem, notInArray(contentCompanies.companyId, wanted)));
    if (wanted.length > 0) {
      await db
        .insert(contentCompanies)
        .values(wanted.map((companyId) => ({ contentType: type, contentId: id, companyId })))
        .onConflictDoNothing();
    }
    return { ok: true, companyIds: wanted };
  };

  if (executor) return replace(executor);
  const result = await (await getDb()).transaction(replace);
  // PRODUCT.md "Page cache": an item's companies show on public pages.
  if (result.ok) await announceContentChange();
  return result;
}

/** PRODUCT.md "Companies": the companies an item names, A–Z by name. */
export async function itemCompanies(type: ContentType, id: string): Promise<ItemCompanyRow[]> {
  if (!isUuid(id)) return [];
  const db = await getDb();
  return db
    .select(TAG_FIELDS)
    .from(contentCompanies)
    .innerJoin(companies, eq(companies.id, contentCompanies.companyId))
    .where(and(eq(contentCompanies.contentType, type), eq(contentCompanies.contentId, id)))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** An item of any type, as the key of `companiesOfItems`' answer. */
export const itemKey = (type: ContentType, id: string) => `${type}:${id}`;

/**
 * PRODUCT.md "Discovery": the companies each of these items names, A–Z by name, by `itemKey`, in one query
 * for them all (a feed lists 50 items). Items naming none have no entry.
 */
export async function companiesOfItems(items: readonly { contentType: ContentType; id: string }[]): Promise<Map<string, ItemCompanyRow[]>> {
  const byItem = new Map<string, ItemCompanyRow[]>();
  const idsByType = new Map<ContentType, string[]>();
  for (const { contentType, id } of items) if (isUuid(id)) idsByType.set(contentType, [...(idsByType.get(contentType) ?? []), id]);
  if (idsByType.size === 0) return byItem;
  const db = await getDb();
  const rows = await db
    .select({ ...TAG_FIELDS, contentType: contentCompanies.contentType, contentId: contentCompanies.contentId })
    .from(contentCompanies)
    .innerJoin(companies, eq(companies.id, contentCompanies.companyId))
    // By type and id, the primary key's order.
    .where(
      or(...[...idsByType].map(([type, ids]) => and(eq(contentCompanies.contentType, type), inArray(contentCompanies.contentId, ids)))),
    )
    .orderBy(asc(companies.name), asc(companies.id));
  for (const { contentType, contentId, ...company } of rows) {
    const key = itemKey(contentType, contentId);
    const list = byItem.get(key);
    if (list) list.push(company);
    else byItem.set(key, [company]);
  }
  return byItem;
}

/**
 * PRODUCT.md "Companies": the companies with these ids, in the order given (for the picker's chips after a
 * refused save); ids that are not a company's are left out.
 */
export async function companiesByIds(ids: readonly string[]): Promise<ItemCompanyRow[]> {
  const wanted = [...new Set(ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const db = await getDb();
  const rows = await db.select(TAG_FIELDS).from(companies).where(inArray(companies.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Deletes the companies an item names. Call it after deleting the item, in the same transaction when there
 * is one (`executor`). Returns how many rows were deleted.
 */
export async function deleteItemCompanies(type: ContentType, id: string, executor?: Pick<Database, "delete">): Promise<number> {
  if (!isUuid(id)) return 0;
  const db = executor ?? (await getDb());
  const rows = await db
    .delete(contentCompanies)
    .where(and(eq(contentCompanies.contentType, type), eq(contentCompanies.contentId, id)))
    .returning({ companyId: contentCompanies.companyId });
  return rows.length;
}

/** One item of a company's coverage, linked to its public page. */
export interface CoverageItem {
  type: ContentType;
  id: string;
  title: string;
  description: string | null;
  image: string | null;
  publishedAt: Date;
  url: string;
}

export interface CoveragePage {
  items: CoverageItem[];
  total: number;
}

/**
 * PRODUCT.md "Companies": one page (from 1) of the company's coverage, the published items of all five
 * types that name it, newest first, with the exact total. A page past the end is empty.
 */
export async function companyCoverage(companyId: string, page: number, pageSize: number): Promise<CoveragePage> {
  if (!isUuid(companyId)) return { items: [], total: 0 };
  const size = Math.max(1, Math.floor(pageSize));
  const offset = Math.min((Math.max(1, Math.floor(page)) - 1) * size, Number.MAX_SAFE_INTEGER);
  const db = await getDb();
  const items = sql.join(
    // Table and column names come from the registry, never from input.
    CONTENT_TYPE_LIST.map(
      ({
        key,
        tableName,
        imageField,
      }) => sql`select id, title, description, ${sql.identifier(contentColumn(key, imageField).name)} as image,
          ${key}::text as content_type, published_at
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
      })),
  };
}

/** PRODUCT.md "Companies": the picker shows at most this many matches. */
export const COMPANY_SEARCH_LIMIT = 10;

/**
 * PRODUCT.md "Companies": companies whose name or ticker contains the query, ignoring case (`%` and `_`
 * plain), for the editor's picker: a company whose ticker is the query first, then A–Z by name.
 */
export async function searchCompanies(query: string, limit = COMPANY_SEARCH_LIMIT): Promise<ItemCompanyRow[]> {
  const q = query.trim();
  if (!q) return [];
  const db = await getDb();
  const pattern = containsPattern(q);
  return (
    db
      .select(TAG_FIELDS)
      .from(companies)
      .where(or(ilike(companies.name, pattern), ilike(companies.ticker, pattern)))
      // Tickers are stored in capitals.
      .orderBy(sql`${companies.ticker} = ${q.toUpperCase()} desc`, asc(companies.name), asc(companies.id))
      .limit(Math.max(1, Math.min(limit, COMPANY_SEARCH_LIMIT)))
  );
}
