/**
 * PRODUCT.md "Markets": the stored quotes, closes and announcements. The refresh and the CSV imports write
 * them; pages read them and never ask a provider.
 */
import { and, desc, eq, gte, sql } from "drizzle-orm";

import { exchangeCloseTime, percentChange } from "~/lib/markets";

import { getDb, schema, type Database } from "../db/db.server";
import type { Announcement, DailyClose, Quote } from "./provider.server";

const { marketQuotes, marketCloses, marketAnnouncements } = schema;

type Writer = Pick<Database, "insert">;

export async function storeQuote(companyId: string, quote: Quote, writer?: Writer) {
  const db = writer ?? (await getDb());
  const values = { companyId, ...quote, fetchedAt: new Date() };
  await db.insert(marketQuotes).values(values).onConflictDoUpdate({ target: marketQuotes.companyId, set: values });
}

export async function storeCloses(companyId: string, closes: readonly DailyClose[], writer?: Writer) {
  const db = writer ?? (await getDb());
  for (let i = 0; i < closes.length; i += 1_000) {
    await db
      .insert(marketCloses)
      .values(closes.slice(i, i + 1_000).map((close) => ({ companyId, day: close.day, close: close.close })))
      .onConflictDoUpdate({ target: [marketCloses.companyId, marketCloses.day], set: { close: sql`excluded.close` } });
  }
}

/** Stores the announcements not stored yet; returns those that are new (for the alerts). */
export async function storeAnnouncements(companyId: string, announcements: readonly Announcement[], writer?: Writer) {
  if (announcements.length === 0) return [];
  const db = writer ?? (await getDb());
  return db
    .insert(marketAnnouncements)
    .values(announcements.map((announcement) => ({ companyId, ...announcement })))
    .onConflictDoNothing()
    .returning({ id: marketAnnouncements.id, title: marketAnnouncements.title, priceSensitive: marketAnnouncements.priceSensitive });
}

/** The day after the latest stored close of the company (what the next history request starts from). */
export async function nextCloseDay(companyId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ day: sql<string>`(max(${marketCloses.day}) + 1)::text` })
    .from(marketCloses)
    .where(eq(marketCloses.companyId, companyId));
  return row?.day ?? null;
}

export interface StoredMarket {
  quote: (Omit<Quote, "asOf"> & { asOf: Date }) | null;
  /** Daily closes of the last year and a bit, oldest first. */
  closes: DailyClose[];
  announcements: (Announcement & { id: string })[];
}

/** PRODUCT.md "Markets": what the company page shows. */
export async function storedMarket(
  companyId: string,
  { since, announcements = 5 }: { since: string; announcements?: number },
): Promise<StoredMarket> {
  const db = await getDb();
  const [quotes, closes, latest] = await Promise.all([
    db.select().from(marketQuotes).where(eq(marketQuotes.companyId, companyId)),
    db
      .select({ day: marketCloses.day, close: marketCloses.close })
      .from(marketCloses)
      .where(and(eq(marketCloses.companyId, companyId), gte(marketCloses.day, since)))
      .orderBy(marketCloses.day),
    db
      .select({
        id: marketAnnouncements.id,
        externalId: marketAnnouncements.externalId,
        title: marketAnnouncements.title,
        publishedAt: marketAnnouncements.publishedAt,
        url: marketAnnouncements.url,
        priceSensitive: marketAnnouncements.priceSensitive,
        category: marketAnnouncements.category,
      })
      .from(marketAnnouncements)
      .where(eq(marketAnnouncements.companyId, companyId))
      .orderBy(desc(marketAnnouncements.publishedAt), desc(marketAnnouncements.id))
      .limit(announcements),
  ]);
  const quote = quotes[0];
  return {
    quote: quote
      ? {
          last: quote.last,
          previousClose: quote.previousClose,
          volume: quote.volume,
          currency: quote.currency,
          marketCap: quote.marketCap,
          asOf: quote.asOf,
          delayMinutes: quote.delayMinutes,
          source: quote.source,
        }
      : null,
    closes,
    announcements: latest,
  };
}

/**
 * PRODUCT.md "Markets": each company's share price change in percent since `publishedAt`: from the last close
 * made before that moment (on the exchange's clock) to the latest price (the quote, else the last close).
 * Companies without both prices are left out.
 */
export async function changesSince(
  companies: readonly { id: string; exchange: string }[],
  publishedAt: Date,
): Promise<Map<string, number>> {
  const changes = new Map<string, number>();
  if (companies.length === 0) return changes;
  const db = await getDb();
  const day = publishedAt.toISOString().slice(0, 10);
  const ids = companies.map((company) => company.id);
  const { rows } = await db.execute<{ id: string; before: { day: string; close: number }[] | null; latest: number | null }>(sql`
    select c.id,
           (select json_agg(json_build_object('day', b.day, 'close', b.close) order by b.day desc)
            from (select day, close from market_closes where company_id = c.id and day <= ${day}::date order by day desc limit 3) b) as before,
           coalesce((select last from market_quotes q where q.company_id = c.id),
                    (select close from market_closes l where l.company_id = c.id order by day desc limit 1)) as latest
    from companies c where c.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const row of rows) {
    const exchange = companies.find((company) => company.id === row.id)!.exchange;
    const base = (row.before ?? []).find((close) => exchangeCloseTime(exchange, close.day) <= publishedAt);
    const change = percentChange(base?.close, row.latest == null ? null : Number(row.latest));
    if (change !== null) changes.set(row.id, change);
  }
  return changes;
}
