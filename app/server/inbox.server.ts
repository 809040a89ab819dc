/**
 * Newsletter subscribers and contact messages for the admin area (PRODUCT.md "Inbox": stored in the
 * database; admins see and export them).
 */
import { count } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

import { getDb, schema } from "./db.server";
import { newestCreatedFirst } from "./list-order.server";

/** PRODUCT.md "Inbox": 25 rows a page, like every admin list. */
export const INBOX_PAGE_SIZE = 25;

export interface Subscriber {
  id: string;
  email: string;
  createdAt: Date;
  /** Null while pending (PRODUCT.md "Newsletter"). */
  confirmedAt: Date | null;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** The subscriber list's counts: everyone stored, and how many of them confirmed. */
export interface SubscriberPage extends Page<Subscriber> {
  confirmed: number;
}

type Db = Awaited<ReturnType<typeof getDb>>;

/** Every subscriber, newest first; `id` breaks ties so paging is stable when several rows share a timestamp. */
function subscribersNewestFirst(db: Db) {
  const t = schema.newsletterSubscribers;
  return db
    .select({ id: t.id, email: t.email, createdAt: t.createdAt, confirmedAt: t.confirmedAt })
    .from(t)
    .orderBy(...newestCreatedFirst(t))
    .$dynamic();
}

/** Every contact message, in the same order. */
function messagesNewestFirst(db: Db) {
  const t = schema.contactMessages;
  return db
    .select({ id: t.id, name: t.name, email: t.email, subject: t.subject, message: t.message, createdAt: t.createdAt })
    .from(t)
    .orderBy(...newestCreatedFirst(t))
    .$dynamic();
}

/** Page `page` (from 1) of a list. */
function onePage<Q extends PgSelect>(query: Q, page: number) {
  return query.limit(INBOX_PAGE_SIZE).offset((page - 1) * INBOX_PAGE_SIZE);
}

export async function listSubscribers({ page }: { page: number }): Promise<SubscriberPage> {
  const db = await getDb();
  const t = schema.newsletterSubscribers;
  const [rows, [totals]] = await Promise.all([
    onePage(subscribersNewestFirst(db), page),
    db.select({ total: count(), confirmed: count(t.confirmedAt) }).from(t),
  ]);
  return { rows, total: Number(totals?.total ?? 0), confirmed: Number(totals?.confirmed ?? 0) };
}

export async function listContactMessages({ page }: { page: number }): Promise<Page<ContactMessage>> {
  const db = await getDb();
  const [rows, [totals]] = await Promise.all([
    onePage(messagesNewestFirst(db), page),
    db.select({ total: count() }).from(schema.contactMessages),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function allSubscribers(): Promise<Subscriber[]> {
  return subscribersNewestFirst(await getDb());
}

export async function allContactMessages(): Promise<ContactMessage[]> {
  return messagesNewestFirst(await getDb());
}

// ---- CSV export ----

/**
 * One CSV cell. Every cell is quoted (embedded quotes doubled), so commas and line breaks are safe.
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab/carriage return that
 * some spreadsheets skip) gets a leading apostrophe: OWASP's guard against CSV injection.
 */
export function csvCell(value: string | number | Date | null | undefined): string {
  let text = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** RFC 4180 text: a header row, CRLF line ends; a BOM so spreadsheet programs read it as UTF-8. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | Date | null | undefined>>): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * New columns go after the old ones, so imports set up for the first two keep working. Only
 * 'confirmed' rows may be mailed anything but the confirmation link (PRODUCT.md "Newsletter").
 */
export function subscribersCsv(rows: readonly Subscriber[]): string {
  return toCsv(
    ["Email", "Subscribed At", "Status", "Confirmed At"],
    rows.map((row) => [row.email, row.createdAt, row.confirmedAt ? "confirmed" : "pending", row.confirmedAt]),
  );
}

export function contactMessagesCsv(rows: readonly ContactMessage[]): string {
  return toCsv(
    ["Name", "Email", "Subject", "Message", "Received At"],
    rows.map((row) => [row.name, row.email, row.subject, row.message, row.createdAt]),
  );
}

/** `{name}-{yyyy-mm-dd}.csv` */
export function csvFilename(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

export interface CsvExport {
  filename: string;
  csv: string;
}

export async function exportSubscribers(): Promise<CsvExport> {
  return { filename: csvFilename("subscribers"), csv: subscribersCsv(await allSubscribers()) };
}

export async function exportContactMessages(): Promise<CsvExport> {
  return { filename: csvFilename("messages"), csv: contactMessagesCsv(await allContactMessages()) };
}

/** The export as a file download; private and never cached, as it holds personal data. */
export function csvDownload({ filename, csv }: CsvExport): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
