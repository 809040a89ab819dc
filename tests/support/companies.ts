/** Company rows for the tests of the companies an item names, a company's coverage and the picker's search. */
import { getDb, schema } from "~/server/db/db.server";

export type Company = typeof schema.companies.$inferSelect;

/** A company with a unique name, slug and ticker on the ASX unless `values` says otherwise. */
export async function insertCompany(values: Partial<Company> = {}): Promise<Company> {
  const db = await getDb();
  const n = crypto.randomUUID().slice(0, 8);
  const [row] = await db
    .insert(schema.companies)
    .values({ name: `Company ${n}`, slug: `company-${n}`, ticker: `T${n.toUpperCase()}`, exchange: "ASX", ...values })
    .returning();
  return row!;
}

export const namesOf = (rows: { name: string }[]) => rows.map((r) => r.name);
