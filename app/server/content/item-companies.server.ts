/**
 * Companies named by content (PRODUCT.md "Companies"): which companies an item of the five types names.
 * The rows are in `content_companies`; a company's go with it by the cascade, an item's are deleted here
 * when the item is (no foreign key spans five tables). A company's coverage and the picker's search are
 * `companies/`'s.
 */
import { and, asc, eq, inArray, notInArray, or } from "drizzle-orm";

import { COMPANY_TEXTS, MAX_COMPANIES_PER_ITEM } from "~/lib/companies";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";

import { getDb, schema, type Database } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { CONTENT_TABLES, type ContentTable } from "./content-tables.server";

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
  /** `published`: whether readers see the item (and so its companies). */
  | { ok: true; companyIds: string[]; published: boolean }
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
    const [item] = await db.select({ id: table.id, status: table.status }).from(table).where(eq(table.id, id)).for("key share");
    if (!item) return { ok: false, reason: "itemNotFound" };
    const checked = await checkCompanies(wanted, db);
    if (!checked.ok) return checked;

    const ofItem = and(eq(contentCompanies.contentType, type), eq(contentCompanies.contentId, id));
    await db.delete(contentCompanies).where(wanted.length === 0 ? ofItem : and(ofItem, notInArray(contentCompanies.companyId, wanted)));
    if (wanted.length > 0) {
      await db
        .insert(contentCompanies)
        .values(wanted.map((companyId) => ({ contentType: type, contentId: id, companyId })))
        .onConflictDoNothing();
    }
    return { ok: true, companyIds: wanted, published: item.status === "published" };
  };

  if (executor) return replace(executor);
  const result = await (await getDb()).transaction(replace);
  // PRODUCT.md "Page cache": a published item's companies show on public pages.
  if (result.ok && result.published) await announceContentChange({ type });
  return result;
}

/**
 * The companies' ids as an item may name them (PRODUCT.md "Companies"): repeats once, at most the limit, each
 * a company's (locked until the caller's transaction ends). `namesClient`: PRODUCT.md "Review", a piece naming
 * a client company needs compliance approval.
 */
export async function checkCompanies(
  companyIds: readonly string[],
  executor: Executor,
): Promise<
  { ok: true; companyIds: string[]; namesClient: boolean } | Exclude<SetItemCompaniesResult, { ok: true } | { reason: "itemNotFound" }>
> {
  const wanted = [...new Set(companyIds)];
  if (wanted.length > MAX_COMPANIES_PER_ITEM) return { ok: false, reason: "tooMany", message: COMPANY_TEXTS.tooManyCompanies };
  const ids = wanted.filter((companyId) => isUuid(companyId));
  const found =
    ids.length === 0
      ? []
      : await executor
          .select({ id: companies.id, isClient: companies.isClient })
          .from(companies)
          .where(inArray(companies.id, ids))
          .for("key share");
  const known = new Set(found.map((row) => row.id));
  const unknown = wanted.filter((companyId) => !known.has(companyId));
  if (unknown.length > 0) return { ok: false, reason: "unknownCompanies", unknown, message: COMPANY_TEXTS.unknownCompanies };
  return { ok: true, companyIds: wanted, namesClient: found.some((row) => row.isClient) };
}

/** The ids of the companies an item names, in id order (as a revision keeps them). */
export async function itemCompanyIds(type: ContentType, id: string, executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ id: contentCompanies.companyId })
    .from(contentCompanies)
    .where(and(eq(contentCompanies.contentType, type), eq(contentCompanies.contentId, id)))
    .orderBy(asc(contentCompanies.companyId));
  return rows.map((row) => row.id);
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
 * is one (`executor`). Returns the ids of the companies it named.
 */
export async function deleteItemCompanies(type: ContentType, id: string, executor?: Pick<Database, "delete">): Promise<string[]> {
  if (!isUuid(id)) return [];
  const db = executor ?? (await getDb());
  const rows = await db
    .delete(contentCompanies)
    .where(and(eq(contentCompanies.contentType, type), eq(contentCompanies.contentId, id)))
    .returning({ companyId: contentCompanies.companyId });
  return rows.map((row) => row.companyId);
}

/** Whether any of these companies is a client now (ids of deleted companies are skipped). */
export async function namesClientCompany(companyIds: readonly string[], executor: Executor): Promise<boolean> {
  const ids = companyIds.filter((companyId) => isUuid(companyId));
  if (ids.length === 0) return false;
  const [row] = await executor
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, ids), eq(companies.isClient, true)))
    .limit(1);
  return row !== undefined;
}
