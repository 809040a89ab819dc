/**
 * PRODUCT.md "Revisions" and "Review": every saved version of an item and the state of its compliance review.
 * The records only; what a save does to the item's row is `content/`'s (save-item), what an approval does is
 * `review/`'s (review-item); both call these inside their own transaction.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";

import { CONTENT_REGISTRY } from "~/lib/content-registry";
import type { ContentType } from "~/lib/content-types";
import { SPONSORSHIP_COLUMNS } from "~/lib/disclosure-fields";
import { isUuid } from "~/lib/ids";
import type { ReviewState, RevisionReason } from "~/lib/review";

import { getDb, schema, type Database } from "../db/db.server";

const { contentRevisions, contentReviews } = schema;

/** The database or a transaction on it. */
type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

/** An item's reviewable text: its fields as written (sanitised) and the ids of the companies it names. */
export type RevisionFields = Record<string, unknown> & { companyIds: string[] };

/** The fields a revision keeps and compliance approves: everything readers see but the status and dates. */
export function reviewableFields(type: ContentType, source: Record<string, unknown>, companyIds: readonly string[]): RevisionFields {
  const fields: RevisionFields = { companyIds: [...companyIds].sort() };
  for (const key of [
    "title",
    "description",
    "content",
    "tags",
    "paidPromotion",
    ...SPONSORSHIP_COLUMNS,
    ...CONTENT_REGISTRY[type].fields,
  ]) {
    fields[key] = source[key] ?? null;
  }
  return fields;
}

export type Revision = typeof contentRevisions.$inferSelect;
export type Review = typeof contentReviews.$inferSelect;

/** The author as revisions and reviews name them. */
export interface Author {
  id: string;
  name: string;
}

/** The signed-in user as an author: their name, or their email when they have none. */
export const author = (user: { id: string; name: string; email: string }): Author => ({ id: user.id, name: user.name || user.email });

/** JSON with keys in order and dates as ISO text: the same text always gives the same digest. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value ?? null;
}

/** Identifies a text: an approval holds for the text with this digest only (PRODUCT.md "Review"). */
export function revisionDigest(fields: RevisionFields): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(fields)))
    .digest("hex");
}

/** Keeps a revision (numbered after the item's last) and returns it. */
export async function recordRevision(
  executor: Executor,
  revision: {
    type: ContentType;
    id: string;
    fields: RevisionFields;
    status: string;
    reason: RevisionReason;
    note?: string | null;
    /** PRODUCT.md "Revisions": a pending edit's public correction note, published when it is approved. */
    correction?: string | null;
    author: Author;
  },
): Promise<Revision> {
  const { type, id, fields, author } = revision;
  const [row] = await executor
    .insert(contentRevisions)
    .values({
      contentType: type,
      contentId: id,
      // The item's row is locked by the caller's transaction, so two saves never take the same number.
      number: sql`(select coalesce(max(${contentRevisions.number}), 0) + 1 from ${contentRevisions}
        where ${contentRevisions.contentType} = ${type} and ${contentRevisions.contentId} = ${id})`,
      fields: canonical(fields) as Record<string, unknown>,
      digest: revisionDigest(fields),
      status: revision.status,
      reason: revision.reason,
      note: revision.note ?? null,
      correction: revision.correction ?? null,
      authorId: author.id,
      authorName: author.name,
    })
    .returning();
  if (!row) throw new Error(`recording a revision of ${type} ${id} returned no row`);
  return row;
}

export async function getRevision(type: ContentType, id: string, revisionId: string, executor?: Executor): Promise<Revision | null> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.contentType, type), eq(contentRevisions.contentId, id)));
  return row ?? null;
}

/** The item's newest revision: its current text (a pending edit included). */
export async function latestRevision(type: ContentType, id: string, executor?: Executor): Promise<Revision | null> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.contentId, id)))
    .orderBy(desc(contentRevisions.number))
    .limit(1);
  return row ?? null;
}

/** The item's review, if it was ever submitted; `lock` holds it until the caller's transaction ends. */
export async function reviewOf(type: ContentType, id: string, executor?: Executor, lock = false): Promise<Review | null> {
  const db = executor ?? (await getDb());
  const query = db
    .select()
    .from(contentReviews)
    .where(and(eq(contentReviews.contentType, type), eq(contentReviews.contentId, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The pending edit of a published piece, for the editor to open instead of the row (PRODUCT.md "Review"). */
export async function pendingEdit(type: ContentType, id: string): Promise<Revision | null> {
  if (!isUuid(id)) return null;
  const review = await reviewOf(type, id);
  return review?.pendingRevisionId ? getRevision(type, id, review.pendingRevisionId) : null;
}

/** Whether the review approves exactly this text (PRODUCT.md "Review"). */
export function approves(review: Review | null, digest: string): boolean {
  return review?.state === "approved" && review.digest === digest;
}

/** Sends the revision to review, replacing whatever state the item's review was in. */
export async function markSubmitted(
  executor: Executor,
  {
    type,
    id,
    revision,
    note,
    author,
    pending,
  }: { type: ContentType; id: string; revision: Revision; note: string | null; author: Author; pending: boolean },
) {
  const values = {
    state: "submitted" satisfies ReviewState,
    revisionId: revision.id,
    digest: revision.digest,
    pendingRevisionId: pending ? revision.id : null,
    submitNote: note,
    submittedBy: author.name,
    submittedAt: new Date(),
    reviewNote: null,
    reviewedBy: null,
    reviewedAt: null,
  };
  await executor
    .insert(contentReviews)
    .values({ contentType: type, contentId: id, ...values })
    .onConflictDoUpdate({ target: [contentReviews.contentType, contentReviews.contentId], set: values });
}

/**
 * Compliance's answer on the revision under review: approved (its digest recorded, and whether that text needed
 * approval: PRODUCT.md "Review") or changes requested.
 */
export async function markReviewed(
  executor: Executor,
  {
    type,
    id,
    state,
    note,
    reviewer,
    approvalRequired = false,
  }: {
    type: ContentType;
    id: string;
    state: "approved" | "changes_requested";
    note: string | null;
    reviewer: Author;
    approvalRequired?: boolean;
  },
) {
  await executor
    .update(contentReviews)
    .set({
      state,
      reviewNote: note,
      reviewedBy: reviewer.name,
      reviewedAt: new Date(),
      ...(state === "approved" ? { pendingRevisionId: null, approvalRequired } : {}),
    })
    .where(and(eq(contentReviews.contentType, type), eq(contentReviews.contentId, id)));
}

/**
 * A save that changed the text after it was submitted or approved: the submission no longer describes it
 * ('Edited since submitted'), and a pending edit the save replaced is gone.
 */
export async function markEdited(executor: Executor, type: ContentType, id: string, review: Review, digest: string) {
  const state: ReviewState | null =
    (review.state === "submitted" || review.state === "approved") && review.digest !== digest ? "withdrawn" : null;
  if (!state && !review.pendingRevisionId) return;
  await executor
    .update(contentReviews)
    .set({ ...(state ? { state } : {}), pendingRevisionId: null })
    .where(and(eq(contentReviews.contentType, type), eq(contentReviews.contentId, id)));
}
