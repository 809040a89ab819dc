/**
 * The companies' queries (PRODUCT.md "Companies"): the admin list with search and 25-row pages, the
 * editor's company picker, one company for the edit screen, create, update and delete. A taken slug or ticker comes back as a field message,
 * never as a failed save. The route modules that call these are admin.companies*.tsx.
 */
import { asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";

import type { AuditAction } from "~/lib/audit";
import { COMPANY_TEXTS, emptyCompanyValues, type CompanyInput, type CompanyValues } from "~/lib/companies";
import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { isUuid } from "~/lib/ids";
import { can, roleOf } from "~/lib/roles";
import { payerName } from "~/lib/sponsorship";

import { actorOf, appendAudit, type AuditPerson } from "../audit/audit-log.server";
import { recordCompanyEvent, recordItemEvent } from "../content-events/content-events.server";
import type { ItemCompanyRow } from "../content/item-companies.server";
import { PUBLIC_NOW_SQL } from "../content/published.server";
import { getDb, schema, type Database } from "../db/db.server";
import { errorChain } from "../db/driver-errors.server";
import { readPage, type RowPage } from "../db/paged-rows.server";
import { announceContentChange } from "../http/content-events.server";
import { containsPattern } from "../like-pattern.server";

const { companies } = schema;

export type CompanyRow = typeof companies.$inferSelect;

export interface CompanyListItem {
  id: string;
  name: string;
  slug: string;
  ticker: string;
  exchange: string;
  sector: string | null;
  isClient: boolean;
  createdAt: Date;
}

export type CompanyListPage = RowPage<CompanyListItem>;

/** PRODUCT.md "Companies": the name or the ticker containing the query, ignoring case; `%` and `_` are plain. */
function searchCondition(q: string): SQL | undefined {
  const query = q.trim();
  if (!query) return undefined;
  const pattern = containsPattern(query);
  return or(ilike(companies.name, pattern), ilike(companies.ticker, pattern));
}

/** PRODUCT.md "Companies": A–Z by name, 25 a page with an exact count; a page past the end shows the last. */
export async function listCompanies(options: { q?: string; page?: number } = {}): Promise<CompanyListPage> {
  const db = await getDb();
  return readPage({
    table: companies,
    where: searchCondition(options.q ?? ""),
    page: options.page,
    rows: db
      .select({
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        ticker: companies.ticker,
        exchange: companies.exchange,
        sector: companies.sector,
        isClient: companies.isClient,
        createdAt: companies.createdAt,
      })
      .from(companies)
      // Equal names keep one order (by id), so consecutive pages never overlap or skip.
      .orderBy(asc(companies.name), asc(companies.id))
      .$dynamic(),
  });
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
  const { id, name, slug, ticker, exchange, isClient } = companies;
  return (
    db
      .select({ id, name, slug, ticker, exchange, isClient })
      .from(companies)
      .where(searchCondition(q))
      // Tickers are stored in capitals.
      .orderBy(sql`${companies.ticker} = ${q.toUpperCase()} desc`, asc(companies.name), asc(companies.id))
      .limit(Math.max(1, Math.min(limit, COMPANY_SEARCH_LIMIT)))
  );
}

export async function getCompany(id: string): Promise<CompanyRow | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** The edit screen's values: a missing text is empty. */
export function companyValuesFromRow(row: CompanyRow): CompanyValues {
  return {
    ...emptyCompanyValues(),
    name: row.name,
    slug: row.slug,
    ticker: row.ticker,
    exchange: row.exchange,
    sector: row.sector ?? "",
    website: row.website ?? "",
    logoUrl: row.logoUrl ?? "",
    description: row.description ?? "",
    isClient: row.isClient,
  };
}

/** A save refused by a unique constraint, or a client flag its author may not change: the field to mark and its message. */
export interface CompanyConflict {
  field: "slug" | "ticker" | "isClient";
  message: string;
}

/** What a write did: the row (none: the company is gone), or the field it was refused on. */
type CompanyWrite = { row: { id: string; name: string } | undefined; clientChange?: boolean } | { refused: CompanyConflict };

/**
 * PRODUCT.md "Review": whether the pieces naming a company need review must not be changeable by the people
 * whose pieces they are, so only a role with `companies.setClient` may set or change the flag. Without `by`
 * (the demo seed, tests) the write is the system's own.
 */
function mayChangeClient(by: AuditPerson | undefined): boolean {
  return by === undefined || can(roleOf(by.role), "companies.setClient");
}

const CLIENT_REFUSED: CompanyConflict = { field: "isClient", message: COMPANY_TEXTS.clientAdminOnly };

export type CompanySaveResult = { ok: true; id: string } | { ok: false; conflict: CompanyConflict } | { ok: false; conflict: null };

/**
 * The unique constraint a failed statement broke, if that is why it failed. Drizzle wraps the driver's
 * error (node-postgres or PGlite), so the chain of causes is searched for PostgreSQL's code 23505.
 */
function uniqueViolation(error: unknown): string | null {
  for (const link of errorChain(error)) {
    if (link.code === "23505") return typeof link.constraint === "string" ? link.constraint : "";
  }
  return null;
}

const CONFLICTS: Record<string, CompanyConflict> = {
  companies_slug_unique: { field: "slug", message: COMPANY_TEXTS.slugTaken },
  companies_ticker_exchange_unique: { field: "ticker", message: COMPANY_TEXTS.tickerTaken },
};

/**
 * Runs a write in a transaction with its audit entry (PRODUCT.md "Audit log") when `by` is given; a broken
 * unique constraint becomes its field message, anything else is thrown.
 */
async function saving(
  write: (tx: Database) => Promise<CompanyWrite>,
  action: "company-create" | "company-edit",
  by: AuditPerson | undefined,
  isClient: boolean,
): Promise<CompanySaveResult> {
  try {
    const db = await getDb();
    const written = await db.transaction(async (tx) => {
      const outcome = await write(tx as unknown as Database);
      if ("refused" in outcome || !outcome.row || !by) return outcome;
      await auditCompany(tx, by, action, outcome.row);
      // PRODUCT.md "Audit log": a change of the client flag is an entry of its own, so it can be filtered.
      if (outcome.clientChange) {
        await auditCompany(tx, by, "company-client", outcome.row, isClient ? "Now a client" : "No longer a client");
      }
      return outcome;
    });
    if ("refused" in written) return { ok: false, conflict: written.refused };
    const row = written.row;
    if (!row) return { ok: false, conflict: null };
    // PRODUCT.md "Page cache": company names and logos appear on public pages.
    await announceContentChange();
    return { ok: true, id: row.id };
  } catch (error) {
    const constraint = uniqueViolation(error);
    const conflict = constraint === null ? undefined : CONFLICTS[constraint];
    if (conflict) return { ok: false, conflict };
    throw error;
  }
}

function auditCompany(
  tx: Pick<Database, "select" | "insert" | "execute">,
  by: AuditPerson,
  action: AuditAction,
  company: { id: string; name: string },
  detail: string | null = null,
) {
  return appendAudit(tx, {
    actor: actorOf(by),
    action,
    item: { type: "company", id: company.id, title: company.name },
    detail,
    address: by.address ?? null,
  });
}

/** `by`: who, for the audit log (PRODUCT.md "Audit log"); a client made by someone without `companies.setClient` is refused. */
export async function createCompany(input: CompanyInput, by?: AuditPerson): Promise<CompanySaveResult> {
  return saving(
    async (tx) => {
      if (input.isClient && !mayChangeClient(by)) return { refused: CLIENT_REFUSED };
      const [row] = await tx.insert(companies).values(input).returning({ id: companies.id, name: companies.name });
      return { row, clientChange: input.isClient };
    },
    "company-create",
    by,
    input.isClient,
  );
}

/** `{ ok: false, conflict: null }` when the company is gone; a changed client flag is refused without `companies.setClient`. */
export async function updateCompany(id: string, input: CompanyInput, by?: AuditPerson): Promise<CompanySaveResult> {
  if (!isUuid(id)) return { ok: false, conflict: null };
  return saving(
    async (tx) => {
      // Locked until commit, so the flag compared is the flag replaced.
      const [before] = await tx.select({ isClient: companies.isClient }).from(companies).where(eq(companies.id, id)).for("update");
      if (!before) return { row: undefined };
      const clientChange = before.isClient !== input.isClient;
      if (clientChange && !mayChangeClient(by)) return { refused: CLIENT_REFUSED };
      const [row] = await tx
        .update(companies)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(companies.id, id))
        .returning({ id: companies.id, name: companies.name });
      // PRODUCT.md "Content events": its page, and every item naming it, changed.
      if (row) await recordCompanyEvent(tx, row.id);
      return { row, clientChange };
    },
    "company-edit",
    by,
    input.isClient,
  );
}

export async function deleteCompany(id: string, by?: AuditPerson): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, id)).for("update");
    if (!company) return false;
    // PRODUCT.md "Paid promotion": the pieces it paid for keep its name as the payer (the foreign key would only
    // clear it), so their disclosure still says who paid.
    for (const { key, tableName } of CONTENT_TYPE_LIST) {
      const { rows: changed } = await tx.execute<{ id: string; public: boolean }>(
        sql`update ${sql.identifier(tableName)} set disclosure_sponsor = ${payerName(company)}, sponsor_company_id = null
          where sponsor_company_id = ${id} returning id, (${PUBLIC_NOW_SQL}) as public`,
      );
      // PRODUCT.md "Content events": the payer is now named, not linked.
      for (const item of changed.filter((row) => row.public)) {
        await recordItemEvent(tx, "disclosure.changed", { type: key, id: item.id });
      }
    }
    await recordCompanyEvent(tx, id, { deleted: true });
    const [row] = await tx.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id, name: companies.name });
    if (row && by) await auditCompany(tx, by, "company-delete", row);
    return row !== undefined;
  });
  if (deleted) await announceContentChange();
  return deleted;
}
