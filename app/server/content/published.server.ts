/**
 * The reads the public pages of every content type share (PRODUCT.md "Content": visitors only ever see
 * published rows, newest first). Each helper takes the module's own `select … from` as a dynamic query,
 * so the rows keep that module's columns and types.
 */
import { and, count, eq, lte, ne, sql, type SQL } from "drizzle-orm";
import type { PgSelect, SelectedFields } from "drizzle-orm/pg-core";

import { isUuid } from "~/lib/ids";

import { getDb } from "../db/db.server";
import { newestPublishedFirst } from "../list-order.server";
import type { ContentTable } from "./content-tables.server";

export type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * What visitors may see (PRODUCT.md "Scheduled publishing"): published rows whose publication time has come.
 * A row published for a later date stays out of every public page, list, count, feed and search until then;
 * no job runs at that moment, the comparison with now() is the switch.
 */
export function isPublished(table: ContentTable) {
  return and(eq(table.status, "published"), lte(table.publishedAt, sql`now()`));
}

/** The same rule for hand-written SQL over one content table (its own column names, unqualified). */
export const PUBLIC_NOW_SQL = sql`status = 'published' and published_at <= now()`;

/** The published row `id` of `table`: the condition of every by-id read and counter update. */
export function isPublishedId(table: ContentTable, id: string) {
  return and(eq(table.id, id), isPublished(table));
}

/** `query`'s published rows (those also matching `where`, when given). */
function published<Q extends PgSelect>(query: Q, table: ContentTable, where?: SQL) {
  return query.where(and(isPublished(table), where));
}

/** `query`'s published rows, newest first; the id breaks ties so pages never overlap or skip. */
export function newestPublished<Q extends PgSelect>(query: Q, table: ContentTable) {
  return published(query, table).orderBy(...newestPublishedFirst(table));
}

/** A home page list's order, and which published rows it may show (all of them when `where` is unset). */
export interface HomeBlockRule {
  order: readonly SQL[];
  where?: SQL;
}

/** One home page list: `query`'s published rows that the rule lets in, in its order. */
export function homeBlock<Q extends PgSelect>(query: Q, table: ContentTable, rule: HomeBlockRule, limit: number) {
  return published(query, table, rule.where)
    .orderBy(...rule.order)
    .limit(limit);
}

/*
 * The helpers below run the caller's query, so they declare their answer in terms of it: awaiting a
 * generic query inside them would only know Drizzle's loosest row type.
 */

/** The published row with this id, or null when the id is not a uuid, unknown, a draft or archived. */
export async function publishedById<Q extends PgSelect>(
  table: ContentTable,
  id: string | undefined,
  select: (db: Db) => Q,
): Promise<Awaited<Q>[number] | null> {
  if (!isUuid(id)) return null;
  const [row] = await select(await getDb())
    .where(isPublishedId(table, id))
    .limit(1);
  return row ?? null;
}

/** 'Related' lists: the latest published rows other than `excludeId`. */
export async function otherPublished<Q extends PgSelect>(
  table: ContentTable,
  excludeId: string,
  limit: number,
  select: (db: Db) => Q,
): Promise<Awaited<Q>> {
  return await published(select(await getDb()), table, ne(table.id, excludeId))
    .orderBy(...newestPublishedFirst(table))
    .limit(limit);
}

/** One page (from 1) of the published rows, newest first, with the exact total. A page past the end is empty. */
export async function publishedPage<Q extends PgSelect>(
  table: ContentTable,
  page: number,
  pageSize: number,
  select: (db: Db) => Q,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const db = await getDb();
  const offset = Math.min((page - 1) * pageSize, Number.MAX_SAFE_INTEGER);
  const [rows, [{ total }]] = await Promise.all([
    newestPublished(select(db), table).limit(pageSize).offset(offset),
    db.select({ total: count() }).from(table).where(isPublished(table)),
  ]);
  return { rows, total };
}

/**
 * The fields of a row in one of the home page's lists, tagged with the list (`block`) and its place in it:
 * the lists are read in one UNION ALL statement (PRODUCT.md "Speed"), which keeps neither.
 */
export function homeBlockFields<F extends SelectedFields, Block extends string>(fields: F, block: Block, order: readonly SQL[]) {
  return {
    ...fields,
    block: sql<Block>`${sql.raw(`'${block}'`)}`.as("block"),
    position: sql<number>`row_number() over (order by ${sql.join([...order], sql`, `)})`.mapWith(Number).as("position"),
  };
}
