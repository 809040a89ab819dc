/**
 * PRODUCT.md "Review": the queue at /admin/review (waiting, changes requested, approved but not published),
 * the side bar's count, and one item's review page: the text under review beside what readers see.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";

import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";
import type { ReviewState } from "~/lib/review";

import { getDb, schema } from "../db/db.server";
import { getRevision, reviewOf, type Review, type Revision, type RevisionFields } from "../review/revisions.server";
import { CONTENT_TABLES, type ContentTable } from "./content-tables.server";
import { companiesByIds, itemCompanyIds, type ItemCompanyRow } from "./item-companies.server";
import { reviewableFields } from "./review-item.server";

const { contentReviews } = schema;

export interface QueueEntry {
  type: ContentType;
  id: string;
  title: string;
  /** The item's own status (a pending edit of a published piece is 'published'). */
  itemStatus: string;
  state: ReviewState;
  /** An edit of a published piece, waiting: readers see the published text. */
  pendingEdit: boolean;
  submittedBy: string | null;
  submittedAt: Date | null;
  submitNote: string | null;
  reviewedBy: string | null;
  reviewNote: string | null;
}

export type ReviewQueue = Record<"waiting" | "changesRequested" | "approved", QueueEntry[]>;

/** The queue, oldest submission first in each group. Approved pieces leave it once published. */
export async function reviewQueue(): Promise<ReviewQueue> {
  const db = await getDb();
  const reviews = await db
    .select()
    .from(contentReviews)
    .where(inArray(contentReviews.state, ["submitted", "changes_requested", "approved"]))
    .orderBy(asc(contentReviews.submittedAt));
  const items = new Map<string, { title: string; status: string }>();
  for (const { key: type } of CONTENT_TYPE_LIST) {
    const ids = reviews.filter((review) => review.contentType === type).map((review) => review.contentId);
    if (ids.length === 0) continue;
    const table: ContentTable = CONTENT_TABLES[type];
    const rows = await db.select({ id: table.id, title: table.title, status: table.status }).from(table).where(inArray(table.id, ids));
    for (const row of rows) items.set(`${type}:${row.id}`, row);
  }
  const queue: ReviewQueue = { waiting: [], changesRequested: [], approved: [] };
  for (const review of reviews) {
    const item = items.get(`${review.contentType}:${review.contentId}`);
    if (!item) continue;
    const entry = queueEntry(review, item);
    if (review.state === "submitted") queue.waiting.push(entry);
    else if (review.state === "changes_requested") queue.changesRequested.push(entry);
    else if (item.status !== "published") queue.approved.push(entry);
  }
  return queue;
}

function queueEntry(review: Review, item: { title: string; status: string }): QueueEntry {
  return {
    type: review.contentType,
    id: review.contentId,
    title: item.title,
    itemStatus: item.status,
    state: review.state as ReviewState,
    pendingEdit: review.pendingRevisionId !== null,
    submittedBy: review.submittedBy,
    submittedAt: review.submittedAt,
    submitNote: review.submitNote,
    reviewedBy: review.reviewedBy,
    reviewNote: review.reviewNote,
  };
}

/** The side bar's count: pieces waiting for compliance. */
export async function countWaitingForReview(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contentReviews)
    .where(eq(contentReviews.state, "submitted"));
  return row?.count ?? 0;
}

/** A text as the review page shows it: its fields and the companies it names, by name. */
export interface ReviewText {
  fields: RevisionFields;
  companies: ItemCompanyRow[];
}

export interface ItemReview {
  type: ContentType;
  id: string;
  title: string;
  itemStatus: string;
  createdBy: string | null;
  review: Review | null;
  /** The revision the review is about (submitted, or last answered). */
  underReview: (ReviewText & { revision: Revision }) | null;
  /** What readers see (or would, for a draft): the item's row. */
  current: ReviewText;
}

/** One item's review page, or null when there is no such item. */
export async function itemReview(type: ContentType, id: string): Promise<ItemReview | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const table: ContentTable = CONTENT_TABLES[type];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) return null;
  const review = await reviewOf(type, id);
  const revision = review ? await getRevision(type, id, review.revisionId) : null;
  const currentFields = reviewableFields(type, row, await itemCompanyIds(type, id, db));
  const withCompanies = async (fields: RevisionFields): Promise<ReviewText> => ({
    fields,
    companies: await companiesByIds(fields.companyIds),
  });
  return {
    type,
    id,
    title: row.title,
    itemStatus: row.status,
    createdBy: row.createdBy,
    review,
    underReview: revision ? { revision, ...(await withCompanies(revision.fields as RevisionFields)) } : null,
    current: await withCompanies(currentFields),
  };
}

/** The pending edit of a published piece, for the editor to open instead of the row (PRODUCT.md "Review"). */
export async function pendingEdit(type: ContentType, id: string): Promise<Revision | null> {
  if (!isUuid(id)) return null;
  const review = await reviewOf(type, id);
  return review?.pendingRevisionId ? getRevision(type, id, review.pendingRevisionId) : null;
}
