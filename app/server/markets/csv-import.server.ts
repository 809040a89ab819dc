/**
 * PRODUCT.md "CSV imports": end-of-day prices and exchange announcements imported from files (the admin's
 * upload at /admin/markets and `npm run markets:import -- <file>`), whichever provider serves quotes. A file
 * is read whole and every row checked first (`parseMarketCsv`, pure); a bad file is refused with its first
 * bad line named, and a good one is written in one transaction (`importMarketCsv`), so nothing is
 * half-imported, and importing the same file again changes nothing.
 */
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq, lte, sql } from "drizzle-orm";
import { z } from "zod";

import { EXCHANGES, type Exchange } from "~/lib/companies";
import { exchangeCloseTime, exchangeHours } from "~/lib/markets";
import { formatBytes } from "~/lib/media-library";

import { appendAudit, type AuditActor } from "../audit/audit-log.server";
import { getDb, schema, type Database } from "../db/db.server";

/** PRODUCT.md "CSV imports": what one file may hold. */
export const MARKET_CSV_LIMITS = { bytes: 10 * 1024 * 1024, rows: 100_000, title: 500, url: 2000, text: 200 } as const;

/** The attribution an imported quote carries unless the file has a `source` column. */
export const CSV_SOURCE = "CSV import";

/** The columns of each kind of file: the required ones first, then the optional ones. */
export const MARKET_CSV_COLUMNS = {
  prices: {
    required: ["exchange", "ticker", "date", "close"],
    optional: ["previous_close", "volume", "currency", "market_cap", "source"],
  },
  announcements: {
    required: ["exchange", "ticker", "published_at", "title", "url", "price_sensitive"],
    optional: ["category", "id"],
  },
} as const;
export type MarketCsvKind = keyof typeof MARKET_CSV_COLUMNS;

export interface PriceRow {
  line: number;
  companyId: string;
  exchange: Exchange;
  ticker: string;
  /** YYYY-MM-DD, the exchange's trading day. */
  day: string;
  close: number;
  previousClose: number | null;
  volume: number | null;
  currency: string | null;
  marketCap: number | null;
  source: string | null;
}

export interface AnnouncementRow {
  line: number;
  companyId: string;
  exchange: Exchange;
  ticker: string;
  externalId: string;
  title: string;
  publishedAt: Date;
  url: string;
  priceSensitive: boolean;
  category: string | null;
}

export type ParsedMarketCsv = { kind: "prices"; rows: PriceRow[] } | { kind: "announcements"; rows: AnnouncementRow[] };
export type MarketCsvParse = { ok: true; file: ParsedMarketCsv } | { ok: false; error: string };

/** The companies a file may name: `listingKey(exchange, ticker)` → company id. */
export type Listings = ReadonlyMap<string, string>;
export const listingKey = (exchange: string, ticker: string) => `${exchange}:${ticker}`;

/** Thrown inside the parse with the message the admin reads; turned into `{ ok: false }` at the edge. */
class Refusal extends Error {}

const at = (line: number, message: string) => new Refusal(`Line ${line.toLocaleString("en-US")}: ${message}`);

/** A value as a message quotes it: shortened, so a pasted paragraph does not become the message. */
const shown = (value: string) => `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;

/** Tab, line feed and carriage return are ordinary inside a quoted field; no other control character is. */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/* ---------------------------------------------------------------------------------------------------- */
/* One row, checked with Zod: each field's message says what is wrong and what was found.                */

const text = z.string().transform((value) => value.trim());

const exchangeField = text.transform((value, ctx) => {
  const exchange = value.toUpperCase();
  if ((EXCHANGES as readonly string[]).includes(exchange)) return exchange as Exchange;
  ctx.addIssue({
    code: "custom",
    message: value ? `unknown exchange ${shown(value)} (one of ${EXCHANGES.join(", ")}).` : "the exchange is empty.",
  });
  return z.NEVER;
});

const tickerField = text.transform((value, ctx) => {
  if (value) return value.toUpperCase();
  ctx.addIssue({ code: "custom", message: "the ticker is empty." });
  return z.NEVER;
});

const DECIMAL = /^\d+(\.\d+)?$/;

/** A price or an amount: a plain decimal above zero ('12.5', never '1,250' or '1e3'). */
const positive = (column: string, optional: boolean) =>
  text.transform((value, ctx) => {
    if (value === "" && optional) return null;
    const number = Number(value);
    if (DECIMAL.test(value) && Number.isFinite(number) && number > 0) return number;
    ctx.addIssue({ code: "custom", message: `${column} must be a number above zero, such as 12.35, not ${shown(value)}.` });
    return z.NEVER;
  });

const volumeField = text.transform((value, ctx) => {
  if (value === "") return null;
  if (/^\d{1,15}$/.test(value)) return Number(value);
  ctx.addIssue({ code: "custom", message: `volume must be a whole number of shares, not ${shown(value)}.` });
  return z.NEVER;
});

const currencyField = text.transform((value, ctx) => {
  if (value === "") return null;
  if (/^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
  ctx.addIssue({ code: "custom", message: `currency must be a three-letter code such as AUD, not ${shown(value)}.` });
  return z.NEVER;
});

const optionalText = (column: string) =>
  text.transform((value, ctx) => {
    if (value === "") return null;
    if (value.length <= MARKET_CSV_LIMITS.text) return value;
    ctx.addIssue({ code: "custom", message: `${column} is ${value.length} characters; at most ${MARKET_CSV_LIMITS.text}.` });
    return z.NEVER;
  });

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayField = text.transform((value, ctx) => {
  const match = DAY.exec(value);
  const date = match ? new Date(`${value}T00:00:00.000Z`) : null;
  // A real day: 2026-02-30 is not one (the Date would roll over into March).
  if (match && date && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && Number(match[1]) >= 1900) return value;
  ctx.addIssue({ code: "custom", message: `the date must be a real day written YYYY-MM-DD, not ${shown(value)}.` });
  return z.NEVER;
});

const publishedField = text
  .pipe(
    z.iso.datetime({
      offset: true,
      error: (issue) =>
        `published_at must be a date and time with its zone, such as 2026-12-01T09:30:00+11:00, not ${shown(String(issue.input))}.`,
    }),
  )
  .transform((value) => new Date(value));

const titleField = text.transform((value, ctx) => {
  if (value === "") ctx.addIssue({ code: "custom", message: "the title is empty." });
  else if (value.length > MARKET_CSV_LIMITS.title) {
    ctx.addIssue({ code: "custom", message: `the title is ${value.length} characters; at most ${MARKET_CSV_LIMITS.title}.` });
  } else return value;
  return z.NEVER;
});

const urlField = text.transform((value, ctx) => {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    ctx.addIssue({ code: "custom", message: `url must be an http:// or https:// address, not ${shown(value)}.` });
  } else if (value.length > MARKET_CSV_LIMITS.url) {
    ctx.addIssue({ code: "custom", message: `url is ${value.length} characters; at most ${MARKET_CSV_LIMITS.url}.` });
  } else return value;
  return z.NEVER;
});

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

const sensitiveField = text.transform((value, ctx) => {
  const word = value.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  ctx.addIssue({ code: "custom", message: `price_sensitive must be yes or no (or true/false, 1/0), not ${shown(value)}.` });
  return z.NEVER;
});

// Every column is a string here (a missing optional column reads as ''); the shapes' order is the order
// in which a row's fields are checked, so the message names the first bad field of the line.
const priceRowSchema = z.object({
  exchange: exchangeField,
  ticker: tickerField,
  date: dayField,
  // Never null: an empty close is refused.
  close: positive("close", false).pipe(z.number()),
  previous_close: positive("previous_close", true),
  volume: volumeField,
  currency: currencyField,
  market_cap: positive("market_cap", true),
  source: optionalText("source"),
});

const announcementRowSchema = z.object({
  exchange: exchangeField,
  ticker: tickerField,
  published_at: publishedField,
  title: titleField,
  url: urlField,
  price_sensitive: sensitiveField,
  category: optionalText("category"),
  id: optionalText("id"),
});

/** The announcement's own id, or a stable hash of what names it, so the same row imported twice is stored once. */
export function announcementExternalId(row: { exchange: string; ticker: string; publishedAt: Date; title: string }): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([row.exchange, row.ticker, row.publishedAt.toISOString(), row.title]))
    .digest("hex");
  return `csv:${hash.slice(0, 32)}`;
}

/* ---------------------------------------------------------------------------------------------------- */
/* The file                                                                                               */

function headerKind(columns: string[]): MarketCsvKind | null {
  if (columns.includes("close") || columns.includes("date")) return "prices";
  if (columns.includes("published_at") || columns.includes("title")) return "announcements";
  return null;
}

const describeColumns = (kind: MarketCsvKind) =>
  `${MARKET_CSV_COLUMNS[kind].required.join(",")} (and optionally ${MARKET_CSV_COLUMNS[kind].optional.join(", ")})`;

const HEADER_HELP =
  `the first line must be a header: ${describeColumns("prices")} for prices, or ` +
  `${describeColumns("announcements")} for announcements.`;

/** The header's columns, lower case, checked against the kind they name. */
function readHeader(record: string[]): { kind: MarketCsvKind; columns: string[] } {
  const columns = record.map((name) => name.trim().toLowerCase());
  const kind = headerKind(columns);
  if (!kind) throw at(1, HEADER_HELP);
  const { required, optional } = MARKET_CSV_COLUMNS[kind];
  const known: readonly string[] = [...required, ...optional];
  const unknown = columns.find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw at(1, `unknown column ${shown(unknown)} in a ${kind} file; its columns are ${describeColumns(kind)}.`);
  }
  const twice = columns.find((name, index) => columns.indexOf(name) !== index);
  if (twice !== undefined) throw at(1, `the column ${shown(twice)} is named twice.`);
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw at(1, `a ${kind} file needs the column${missing.length === 1 ? "" : "s"} ${missing.join(", ")}.`);
  return { kind, columns };
}

/** The line a record starts on: csv-parse counts the line it ends on, and a quoted field may span lines. */
function startLine(endLine: number, raw: string | undefined): number {
  const own = (raw ?? "").replace(/^\n+/, "").replace(/\n$/, "");
  return endLine - (own.match(/\n/g)?.length ?? 0);
}

/** The file's bytes as text: UTF-8 only (a byte order mark is dropped by the parser). */
function decode(input: string | Uint8Array): string {
  if (typeof input === "string") return input;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(input);
  } catch {
    throw new Refusal("The file is not UTF-8 text: save it as CSV UTF-8 and import it again.");
  }
}

/** 'The file is 12.4 MB; a file may be at most 10 MB: split it into smaller files.' */
export function fileTooLarge(size: number): string {
  const [actual, max] = [formatBytes(size), formatBytes(MARKET_CSV_LIMITS.bytes)];
  return `The file is ${actual === max ? `larger than ${max}` : actual}; a file may be at most ${max}: split it into smaller files.`;
}

export interface ParseOptions {
  /** The companies rows may name; a row naming another is refused. */
  listings: Listings;
  /** Today, for refusing days and announcements in the future. */
  now?: Date;
}

/**
 * Reads a prices or announcements file whole (pure): every row checked, the first bad line named. A file
 * with a single bad row imports nothing (PRODUCT.md "CSV imports").
 */
export function parseMarketCsv(input: string | Uint8Array, { listings, now = new Date() }: ParseOptions): MarketCsvParse {
  try {
    return { ok: true, file: parseOrThrow(input, listings, now) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.message };
    throw error;
  }
}

function parseOrThrow(input: string | Uint8Array, listings: Listings, now: Date): ParsedMarketCsv {
  const size = typeof input === "string" ? Buffer.byteLength(input) : input.byteLength;
  if (size > MARKET_CSV_LIMITS.bytes) throw new Refusal(fileTooLarge(size));
  // One line ending, so line numbers are the ones an editor shows (csv-parse counts \r\n as two).
  const text = decode(input).replace(/\r\n?/g, "\n");
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new Refusal("The file is empty.");

  let records: { record: string[]; info: { lines: number }; raw?: string }[];
  // The line the last whole record ended on: a quote left open is named by the line it opens on, not the file's end.
  let lastEnd = 0;
  try {
    // With `info` and `raw`, each record comes with its line and its text (csv-parse's types give plain records).
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record, context) => {
        lastEnd = context.lines;
        return record;
      },
    }) as unknown as typeof records;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (code === "CSV_QUOTE_NOT_CLOSED") {
      const after = text.split("\n").findIndex((line, index) => index >= lastEnd && line.trim() !== "");
      throw at(after >= 0 ? after + 1 : (lines ?? lastEnd + 1), "a quoted field is not closed.");
    }
    const reason = "a quote is out of place (a field with a quote inside must be quoted whole, its quotes doubled).";
    throw lines ? at(lines, reason) : new Refusal(`The file is not CSV: ${reason}`);
  }

  const [header, ...rows] = records;
  if (!header) throw new Refusal("The file is empty.");
  const headerLine = startLine(header.info.lines, header.raw);
  if (header.record.some((name) => CONTROL_CHARACTER.test(name))) {
    throw at(headerLine, "a column name contains a control character (such as NUL).");
  }
  if (headerLine !== 1) throw at(1, HEADER_HELP);
  const { kind, columns } = readHeader(header.record);
  if (rows.length === 0) throw new Refusal("The file has a header but no rows.");

  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const latestDay = tomorrow.toISOString().slice(0, 10);
  const seen = new Map<string, number>();
  const prices: PriceRow[] = [];
  const announcements: AnnouncementRow[] = [];

  rows.forEach(({ record, info, raw }, index) => {
    const line = startLine(info.lines, raw);
    if (index >= MARKET_CSV_LIMITS.rows) {
      throw at(line, `a file may have at most ${MARKET_CSV_LIMITS.rows.toLocaleString("en-US")} rows: split it into smaller files.`);
    }
    if (record.length !== columns.length) {
      throw at(line, `${record.length} ${record.length === 1 ? "field" : "fields"} where the header has ${columns.length} columns.`);
    }
    const controlAt = record.findIndex((value) => CONTROL_CHARACTER.test(value));
    if (controlAt >= 0) throw at(line, `${columns[controlAt]} contains a control character (such as NUL).`);
    const values: Record<string, string> = {};
    for (const name of [...MARKET_CSV_COLUMNS[kind].required, ...MARKET_CSV_COLUMNS[kind].optional]) values[name] = "";
    columns.forEach((name, i) => (values[name] = record[i]!));

    const checked = (kind === "prices" ? priceRowSchema : announcementRowSchema).safeParse(values);
    if (!checked.success) throw at(line, checked.error.issues[0]!.message);
    const { exchange, ticker } = checked.data;
    const companyId = listings.get(listingKey(exchange, ticker));
    if (!companyId) throw at(line, `no company with ticker ${ticker} on ${exchange}.`);

    if (kind === "prices") {
      const row = checked.data as z.output<typeof priceRowSchema>;
      if (row.date > latestDay) throw at(line, `the date ${row.date} is in the future.`);
      const key = `${companyId}:${row.date}`;
      const first = seen.get(key);
      if (first !== undefined)
        throw at(line, `a second close for ${ticker} on ${exchange} on ${row.date} (the first is on line ${first}).`);
      seen.set(key, line);
      prices.push({
        line,
        companyId,
        exchange,
        ticker,
        day: row.date,
        close: row.close,
        previousClose: row.previous_close,
        volume: row.volume,
        currency: row.currency,
        marketCap: row.market_cap,
        source: row.source,
      });
    } else {
      const row = checked.data as z.output<typeof announcementRowSchema>;
      if (row.published_at > tomorrow) throw at(line, `published_at ${row.published_at.toISOString()} is in the future.`);
      const externalId = row.id ?? announcementExternalId({ exchange, ticker, publishedAt: row.published_at, title: row.title });
      const key = `${companyId}:${externalId}`;
      const first = seen.get(key);
      if (first !== undefined) throw at(line, `the same announcement as line ${first}.`);
      seen.set(key, line);
      announcements.push({
        line,
        companyId,
        exchange,
        ticker,
        externalId,
        title: row.title,
        publishedAt: row.published_at,
        url: row.url,
        priceSensitive: row.price_sensitive,
        category: row.category,
      });
    }
  });
  return kind === "prices" ? { kind, rows: prices } : { kind, rows: announcements };
}

/* ---------------------------------------------------------------------------------------------------- */
/* Writing                                                                                                */

export interface MarketImportCounts {
  closes: number;
  quotes: number;
  announcements: number;
}

export type MarketImportResult = { ok: true; kind: MarketCsvKind; counts: MarketImportCounts } | { ok: false; error: string };

/** 'Imported 120 closes, 2 quotes and 5 announcements.' */
export function describeImport(counts: MarketImportCounts): string {
  const n = (count: number, noun: string) => `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
  return `Imported ${n(counts.closes, "close")}, ${n(counts.quotes, "quote")} and ${n(counts.announcements, "announcement")}.`;
}

/** Every company's listing, as a file may name it. */
async function loadListings(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: schema.companies.id, exchange: schema.companies.exchange, ticker: schema.companies.ticker })
    .from(schema.companies);
  return new Map(rows.map((row) => [listingKey(row.exchange, row.ticker), row.id]));
}

/** Rows per statement: PostgreSQL takes at most 65,535 parameters in one. */
const BATCH = 2000;

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Each listing's latest row of the file becomes its quote (PRODUCT.md "CSV imports"): the close as the last
 * price, as at the exchange's close that day, end of day (delay 0). Its previous close is the file's column,
 * else the listing's close before that day (in the file or stored), else the close itself.
 */
async function writeQuotes(tx: Transaction, rows: PriceRow[]): Promise<number> {
  const byCompany = new Map<string, PriceRow[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
  const latest = [...byCompany.values()].map((own) => {
    const sorted = own.toSorted((a, b) => a.day.localeCompare(b.day));
    return { row: sorted.at(-1)!, before: sorted.at(-2) ?? null };
  });

  // The stored close before each latest day, for the listings whose file gives none.
  const wanted = latest.filter(({ row, before }) => row.previousClose === null && before === null);
  const stored = new Map<string, number>();
  if (wanted.length > 0) {
    const pairs = sql.join(
      wanted.map(({ row }) => sql`(${row.companyId}::uuid, ${row.day}::date)`),
      sql`, `,
    );
    const found = await tx.execute<{ company_id: string; close: number }>(sql`
      select distinct on (c.company_id) c.company_id, c.close
      from ${schema.marketCloses} c
      join (values ${pairs}) as wanted(company_id, day) on wanted.company_id = c.company_id and c.day < wanted.day
      order by c.company_id, c.day desc`);
    for (const { company_id, close } of found.rows) stored.set(company_id, Number(close));
  }

  let written = 0;
  for (const { row, before } of latest) {
    const hours = exchangeHours(row.exchange);
    const previousClose = row.previousClose ?? before?.close ?? stored.get(row.companyId) ?? row.close;
    const quote = {
      companyId: row.companyId,
      last: row.close,
      previousClose,
      volume: row.volume,
      currency: row.currency ?? hours.currency,
      marketCap: row.marketCap,
      asOf: exchangeCloseTime(row.exchange, row.day),
      delayMinutes: 0,
      source: row.source ?? CSV_SOURCE,
      fetchedAt: new Date(),
    };
    const { companyId: _companyId, ...update } = quote;
    // A quote newer than the file's last day (a live provider's) is kept: an old file does not turn the clock back.
    const done = await tx
      .insert(schema.marketQuotes)
      .values(quote)
      .onConflictDoUpdate({
        target: schema.marketQuotes.companyId,
        set: update,
        where: lte(schema.marketQuotes.asOf, quote.asOf),
      })
      .returning({ companyId: schema.marketQuotes.companyId });
    written += done.length;
  }
  return written;
}

export interface ImportOptions {
  /** Who imports, for the audit log (PRODUCT.md "Audit log"). */
  actor: AuditActor;
  /** The client address, stored only as a keyed hash. */
  address?: string | null;
  /** The file's name, for the audit entry. */
  fileName?: string | null;
  now?: Date;
}

/**
 * Checks the whole file, then writes it in one transaction with its audit entry: closes and quotes, or
 * announcements. Re-importing a file writes the same rows again (upserts), so it changes nothing.
 */
export async function importMarketCsv(input: string | Uint8Array, options: ImportOptions): Promise<MarketImportResult> {
  const db = await getDb();
  const parsed = parseMarketCsv(input, { listings: await loadListings(db), now: options.now });
  if (!parsed.ok) return parsed;
  const { file } = parsed;
  const counts: MarketImportCounts = { closes: 0, quotes: 0, announcements: 0 };

  await db.transaction(async (tx) => {
    if (file.kind === "prices") {
      for (const batch of batches(file.rows)) {
        await tx
          .insert(schema.marketCloses)
          .values(batch.map((row) => ({ companyId: row.companyId, day: row.day, close: row.close })))
          .onConflictDoUpdate({
            target: [schema.marketCloses.companyId, schema.marketCloses.day],
            set: { close: sql`excluded.close` },
          });
      }
      counts.closes = file.rows.length;
      counts.quotes = await writeQuotes(tx, file.rows);
    } else {
      for (const batch of batches(file.rows)) {
        await tx
          .insert(schema.marketAnnouncements)
          .values(
            batch.map((row) => ({
              companyId: row.companyId,
              externalId: row.externalId,
              title: row.title,
              publishedAt: row.publishedAt,
              url: row.url,
              priceSensitive: row.priceSensitive,
              category: row.category,
            })),
          )
          .onConflictDoUpdate({
            target: [schema.marketAnnouncements.companyId, schema.marketAnnouncements.externalId],
            set: {
              title: sql`excluded.title`,
              publishedAt: sql`excluded.published_at`,
              url: sql`excluded.url`,
              priceSensitive: sql`excluded.price_sensitive`,
              category: sql`excluded.category`,
            },
          });
      }
      counts.announcements = file.rows.length;
    }
    await appendAudit(tx, {
      actor: options.actor,
      action: "market-import",
      detail: options.fileName ? `${options.fileName.slice(0, 100)}: ${describeImport(counts)}` : describeImport(counts),
      address: options.address ?? null,
    });
  });
  return { ok: true, kind: file.kind, counts };
}

/** The latest stored quote of each company, for the admin's markets page. */
export async function latestQuotes(limit = 50) {
  const db = await getDb();
  return db
    .select({
      name: schema.companies.name,
      ticker: schema.companies.ticker,
      exchange: schema.companies.exchange,
      last: schema.marketQuotes.last,
      currency: schema.marketQuotes.currency,
      asOf: schema.marketQuotes.asOf,
      source: schema.marketQuotes.source,
    })
    .from(schema.marketQuotes)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.marketQuotes.companyId))
    .orderBy(sql`${schema.marketQuotes.asOf} desc`, schema.companies.name)
    .limit(limit);
}
