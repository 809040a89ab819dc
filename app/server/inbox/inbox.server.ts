/**
 * Newsletter subscribers and contact messages for the admin area (PRODUCT.md "Inbox": stored in the
 * database; admins see, search, mark, delete and export them).
 */
import { count, eq, ilike, isNull, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

import { isUuid } from "~/lib/ids";

import { getDb, schema } from "../db/db.server";
import { containsPattern } from "../like-pattern.server";
import { newestCreatedFirst } from "../list-order.server";

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
  /** Null while unread (PRODUCT.md "Inbox"). */
  readAt: Date | null;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** The subscriber list's counts: everyone stored (or matching the search), and how many of them confirmed. */
export interface SubscriberPage extends Page<Subscriber> {
  confirmed: number;
}

/** PRODUCT.md "Inbox": every message, or the unread ones only. */
export type MessageFilter = "all" | "unread";

/** The message list's counts: `total` is the filter's (it sets the pages), `all` and `unread` the whole inbox's. */
export interface MessagePage extends Page<ContactMessage> {
  all: number;
  unread: number;
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
    .select({ id: t.id, name: t.name, email: t.email, subject: t.subject, message: t.message, createdAt: t.createdAt, readAt: t.readAt })
    .from(t)
    .orderBy(...newestCreatedFirst(t))
    .$dynamic();
}

/** Page `page` (from 1) of a list. */
function onePage<Q extends PgSelect>(query: Q, page: number) {
  return query.limit(INBOX_PAGE_SIZE).offset((page - 1) * INBOX_PAGE_SIZE);
}

/** PRODUCT.md "Inbox": a search matches the email anywhere, ignoring case, with `%` and `_` as plain characters. */
function subscriberSearch(q: string) {
  return q ? ilike(schema.newsletterSubscribers.email, containsPattern(q)) : undefined;
}

export async function listSubscribers({ page, q = "" }: { page: number; q?: string }): Promise<SubscriberPage> {
  const db = await getDb();
  const t = schema.newsletterSubscribers;
  const where = subscriberSearch(q);
  const [rows, [totals]] = await Promise.all([
    onePage(subscribersNewestFirst(db).where(where), page),
    db
      .select({ total: count(), confirmed: count(t.confirmedAt) })
      .from(t)
      .where(where),
  ]);
  return { rows, total: Number(totals?.total ?? 0), confirmed: Number(totals?.confirmed ?? 0) };
}

export async function listContactMessages({ page, filter = "all" }: { page: number; filter?: MessageFilter }): Promise<MessagePage> {
  const db = await getDb();
  const t = schema.contactMessages;
  const [rows, [totals]] = await Promise.all([
    onePage(messagesNewestFirst(db).where(filter === "unread" ? isNull(t.readAt) : undefined), page),
    db.select({ all: count(), unread: sql<number>`count(*) filter (where ${t.readAt} is null)`.mapWith(Number) }).from(t),
  ]);
  const all = Number(totals?.all ?? 0);
  const unread = Number(totals?.unread ?? 0);
  return { rows, total: filter === "unread" ? unread : all, all, unread };
}

/** PRODUCT.md "Inbox": the unread count the side bar and the dashboard show (a partial index answers it). */
export async function countUnreadMessages(): Promise<number> {
  const db = await getDb();
  const t = schema.contactMessages;
  const [row] = await db.select({ unread: count() }).from(t).where(isNull(t.readAt));
  return Number(row?.unread ?? 0);
}

/**
 * Marks a message read (keeping the first time it was read) or unread. False when there is no such
 * message (or the id is not a uuid).
 */
export async function setMessageRead(id: string, read: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const t = schema.contactMessages;
  const rows = await db
    .update(t)
    .set({ readAt: read ? sql`coalesce(${t.readAt}, now())` : null })
    .where(eq(t.id, id))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Deletes a message for good. False when there is no such message. */
export async function deleteContactMessage(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const t = schema.contactMessages;
  const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  return rows.length > 0;
}

/** Removes a subscriber: like unsubscribing, nothing is kept (PRODUCT.md "Newsletter"). False when there is no such subscriber. */
export async function deleteSubscriber(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const db = await getDb();
  const t = schema.newsletterSubscribers;
  const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  return rows.length > 0;
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
