/**
 * Following companies (PRODUCT.md "Following and alerts"): a signed-in account follows or unfollows a
 * company; its followers are whom company alerts go to.
 */
import { and, asc, eq } from "drizzle-orm";

import { isUuid } from "~/lib/ids";

import { getDb, schema } from "../db/db.server";

const f = schema.companyFollows;
const c = schema.companies;

export interface FollowedCompany {
  id: string;
  name: string;
  slug: string;
  ticker: string;
  exchange: string;
}

/** Follows a company; false when there is no such company. Following it again changes nothing. */
export async function followCompany(userId: string, companyId: string): Promise<boolean> {
  if (!isUuid(companyId)) return false;
  const db = await getDb();
  const [company] = await db.select({ id: c.id }).from(c).where(eq(c.id, companyId));
  if (!company) return false;
  await db.insert(f).values({ userId, companyId }).onConflictDoNothing();
  return true;
}

/** Stops following a company (nothing to do when it was not followed). */
export async function unfollowCompany(userId: string, companyId: string): Promise<void> {
  if (!isUuid(companyId)) return;
  const db = await getDb();
  await db.delete(f).where(and(eq(f.userId, userId), eq(f.companyId, companyId)));
}

/** The ids of the companies an account follows (what the Follow buttons show). */
export async function followedCompanyIds(userId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ id: f.companyId }).from(f).where(eq(f.userId, userId));
  return rows.map((row) => row.id);
}

/** The companies an account follows, A–Z (the account page). */
export async function followedCompanies(userId: string): Promise<FollowedCompany[]> {
  const db = await getDb();
  return db
    .select({ id: c.id, name: c.name, slug: c.slug, ticker: c.ticker, exchange: c.exchange })
    .from(f)
    .innerJoin(c, eq(c.id, f.companyId))
    .where(eq(f.userId, userId))
    .orderBy(asc(c.name), asc(c.id));
}
