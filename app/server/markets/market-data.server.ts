/**
 * PRODUCT.md "Markets": the stored quotes, closes and announcements. The refresh and the CSV imports write
 * them; pages read them and never ask a provider.
 */
import { and, desc, eq, gte, sql } from "drizzle-orm";

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
