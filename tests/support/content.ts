/** Content rows for the tests of the public lists, counters and their routes. */
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeEach } from "vitest";

import { contentTypeBySlug } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import type { ContentInput } from "~/lib/editor-values";
import type { CurrentUser } from "~/server/auth/session.server";
import { saveItem } from "~/server/content/save-item.server";
import { answerCounter, counterRoutes } from "~/server/counting/endpoint.server";
import { recordContentHit } from "~/server/counting/record-hit.server";
import { getDb, schema } from "~/server/db/db.server";
import { reviewItem } from "~/server/review/review-item.server";
import { reviewOf } from "~/server/revisions/revisions.server";

/** A uuid no row has. */
export const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** Midnight UTC, `n` days into 2025: the insert helpers date row i day(i), so later rows are newer. */
export const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));

/** Each row published, titled `${label} ${i}` and dated day(i), unless the row says otherwise. */
function publishedRows<Row extends object>(label: string, rows: Row[]) {
  return rows.map((row, i) => ({ title: `${label} ${i}`, status: "published" as const, publishedAt: day(i), ...row }));
}

/** Inserts videos ("Video {i}", published on day(i) unless said otherwise) and returns the stored rows. */
export async function insertVideos(rows: Partial<typeof schema.videos.$inferInsert>[]) {
  const db = await getDb();
  return db.insert(schema.videos).values(publishedRows("Video", rows)).returning();
}

/** Inserts podcasts ("Podcast {i}", published on day(i) unless said otherwise) and returns the stored rows. */
export async function insertPodcasts(rows: Partial<typeof schema.podcasts.$inferInsert>[]) {
  const db = await getDb();
  return db.insert(schema.podcasts).values(publishedRows("Podcast", rows)).returning();
}

/** Inserts blog posts ("Post {i}", published on day(i) unless said otherwise) and returns the stored rows. */
export async function insertBlogs(rows: Partial<typeof schema.blogs.$inferInsert>[]) {
  const db = await getDb();
  return db.insert(schema.blogs).values(publishedRows("Post", rows)).returning();
}

/** A video's stored view count, or null when there is no such video. */
export async function viewsOf(id: string) {
  const db = await getDb();
  const [row] = await db.select({ views: schema.videos.views }).from(schema.videos).where(eq(schema.videos.id, id));
  return row?.views ?? null;
}

/** A podcast's stored listen count, or null when there is no such podcast. */
export async function listensOf(id: string) {
  const db = await getDb();
  const [row] = await db.select({ listens: schema.podcasts.listens }).from(schema.podcasts).where(eq(schema.podcasts.id, id));
  return row?.listens ?? null;
}

/** Every stored daily figure, as [type, id, day, hits], in a stable order. */
export async function dailyRows() {
  const db = await getDb();
  const rows = await db.select().from(schema.contentDailyStats);
  return rows
    .map((row) => [row.contentType, row.contentId, row.day, row.hits] as const)
    .sort((a, b) => `${a[0]}${a[1]}${a[2]}`.localeCompare(`${b[0]}${b[1]}${b[2]}`));
}

/** Counts one view (or listen) of a published item by a visitor never seen before, now. */
export async function countNewVisit(type: ContentType, id: string) {
  const visitor = crypto.randomUUID();
  return recordContentHit(type, id, { id: `visitor-${visitor}`, address: `address-${visitor}` });
}

/** Empties the tables before every test, so each test sees only the rows it inserts. */
export function emptyBeforeEach(...tables: PgTable[]) {
  beforeEach(async () => {
    const db = await getDb();
    for (const table of tables) await db.delete(table);
  });
}

/** A desktop Chrome's User-Agent: the view and listen counters count a post from it as a visitor's. */
export const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

export interface CounterClient {
  method?: string;
  /** The client address server.ts resolved (X-Forwarded-For as it hands it on). */
  ip?: string;
  /** The User-Agent header; undefined sends none. Default: a desktop Chrome. */
  userAgent?: string;
  /** PRODUCT.md "Measurement": the query's `ref` (the referring page's host) and `src` (utm_source). */
  ref?: string;
  src?: string;
  /** `embed`: the view is counted by our embed frame on the `ref` site's page. */
  via?: string;
}

/**
 * A post to a counter endpoint (`/api/{slug}/{id}/view` or `/listen`) as server.ts's route hands it on, by
 * default from a browser at one client address; answered as a Response.
 */
export async function counterPost(path: string, client: CounterClient = {}): Promise<Response> {
  const [, api, slug = "", id, segment] = path.split("/");
  const route = counterRoutes().find((candidate) => candidate.pattern === `/${api}/${slug}/:id/${segment}`);
  const type = contentTypeBySlug(slug);
  if (!route || !type) throw new Error(`${path} is no counter endpoint`);
  const answer = await answerCounter(type, id, {
    method: client.method ?? "POST",
    userAgent: "userAgent" in client ? client.userAgent : BROWSER,
    forwardedFor: client.ip ?? "203.0.113.20",
    referrerHost: client.ref,
    source: client.src,
    via: client.via,
  });
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
}

/** Inserts interviews ("Interview {i}", published on day(i) unless said otherwise) and returns the stored rows. */
export async function insertInterviews(rows: Partial<typeof schema.interviews.$inferInsert>[]) {
  const db = await getDb();
  return db.insert(schema.interviews).values(publishedRows("Interview", rows)).returning();
}

/** Inserts special features ("Feature {i}", published on day(i) unless said otherwise) and returns the stored rows. */
export async function insertSpecialFeatures(rows: Partial<typeof schema.specialFeatures.$inferInsert>[]) {
  const db = await getDb();
  return db.insert(schema.specialFeatures).values(publishedRows("Feature", rows)).returning();
}

/** A signed-in admin as `saveItem` sees one (PRODUCT.md "Accounts"). */
export const ADMIN_USER: CurrentUser = {
  id: "test-admin",
  email: "admin@example.com",
  name: "Admin",
  role: "admin",
  isStaff: true,
  isAdmin: true,
  sessionId: "test-admin-session",
};

/** Saves a new item as an admin through the one save operation; fails the test unless it is saved. */
export async function createItem(type: ContentType, input: ContentInput) {
  const result = await saveItem({ type, input, user: ADMIN_USER });
  if (result.status !== "saved") throw new Error(`expected the save to succeed, got ${JSON.stringify(result)}`);
  return result;
}

/** A signed-in compliance reviewer (PRODUCT.md "Review"). */
export const COMPLIANCE_USER: CurrentUser = {
  id: "test-compliance",
  email: "compliance@example.com",
  name: "Compliance",
  role: "compliance",
  isStaff: true,
  isAdmin: false,
  sessionId: "test-compliance-session",
};

/** Submits the item's current text as an admin and approves it as compliance; fails the test unless both are done. */
export async function approveItem(type: ContentType, id: string) {
  const submitted = await reviewItem(type, id, { intent: "submit" }, ADMIN_USER);
  if (submitted.status !== "done") throw new Error(`expected the submission to succeed, got ${JSON.stringify(submitted)}`);
  const review = await reviewOf(type, id);
  const approved = await reviewItem(type, id, { intent: "approve", revisionId: review!.revisionId }, COMPLIANCE_USER);
  if (approved.status !== "done") throw new Error(`expected the approval to succeed, got ${JSON.stringify(approved)}`);
}
