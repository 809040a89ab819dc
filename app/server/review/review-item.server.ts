/**
 * PRODUCT.md "Review": submitting an item for compliance review, and compliance's answer. The records are
 * `revisions/`'s; here is what they do to the item: an approved edit of a published piece is written to its row
 * (readers saw the approved text until then), in the same transaction as the approval.
 */
import { eq, sql } from "drizzle-orm";

import type { ContentType } from "~/lib/content-types";
import { isUuid } from "~/lib/ids";
import { needsApproval, REVIEW_MESSAGES, type ReviewAction } from "~/lib/review";
import { can } from "~/lib/roles";

import type { CurrentUser } from "../auth/session.server";
import { asTableValues } from "../content/admin-content.server";
import { auditItem } from "../content/content-audit.server";
import { CONTENT_TABLES, type ContentTable } from "../content/content-tables.server";
import { itemCompanyIds, namesClientCompany, setItemCompanies } from "../content/item-companies.server";
import { itemState, recordItemChange } from "../content/item-events.server";
import { withTranscriptWords } from "../content/transcripts.server";
import { getDb, type Database } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { recordCorrection } from "../revisions/corrections.server";
import {
  author,
  getRevision,
  markReviewed,
  markSubmitted,
  recordRevision,
  reviewableFields,
  reviewOf,
  type RevisionFields,
} from "../revisions/revisions.server";

export type ReviewItemResult =
  | { status: "done"; message: string }
  /** Nothing changed; the message says why (stale page, not waiting, a note missing). */
  | { status: "refused"; message: string }
  | { status: "notFound" }
  | { status: "forbidden" };

/** A transaction on the database (the queries below run in the caller's). */
type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** Runs a review action for the signed-in user; a database failure is thrown, for the handler to log and answer. */
export async function reviewItem(type: ContentType, id: string, action: ReviewAction, user: CurrentUser): Promise<ReviewItemResult> {
  if (!can(user.role, action.intent === "submit" ? "content.submit" : "content.review")) return { status: "forbidden" };
  if (!isUuid(id)) return { status: "notFound" };
  const table: ContentTable = CONTENT_TABLES[type];
  const db = await getDb();
  let applied = false;
  const result = await db.transaction(async (tx): Promise<ReviewItemResult> => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!row) return { status: "notFound" };
    const review = await reviewOf(type, id, tx, true);

    if (action.intent === "submit") {
      // PRODUCT.md "Roles": a contributor submits only the drafts they created.
      if (!can(user.role, "content.edit") && (row.createdBy !== user.id || row.status !== "draft")) {
        return { status: "refused", message: REVIEW_MESSAGES.notSubmittable };
      }
      // The current text: a pending edit of a published piece, else the row.
      const pending = review?.pendingRevisionId ? await getRevision(type, id, review.pendingRevisionId, tx) : null;
      const fields = pending?.fields ?? reviewableFields(type, row, await itemCompanyIds(type, id, tx));
      const revision = await recordRevision(tx, {
        type,
        id,
        fields: fields as RevisionFields,
        status: pending?.status ?? String(row.status),
        reason: "submitted",
        note: action.note || null,
        author: author(user),
      });
      await markSubmitted(tx, { type, id, revision, note: action.note || null, author: author(user), pending: pending !== null });
      await auditItem(tx, user, "submit", { type, id, title: String(row.title) }, { revisionId: revision.id, detail: action.note || null });
      return { status: "done", message: REVIEW_MESSAGES.submitted };
    }

    if (!review || review.state !== "submitted") return { status: "refused", message: REVIEW_MESSAGES.notWaiting };
    if (review.revisionId !== action.revisionId) return { status: "refused", message: REVIEW_MESSAGES.stale };
    if (action.intent === "request-changes") {
      await markReviewed(tx, { type, id, state: "changes_requested", note: action.note, reviewer: author(user) });
      await auditItem(
        tx,
        user,
        "request-changes",
        { type, id, title: String(row.title) },
        { revisionId: review.revisionId, detail: action.note },
      );
      return { status: "done", message: REVIEW_MESSAGES.changesRequested };
    }

    const revision = await getRevision(type, id, review.revisionId, tx);
    if (!revision) throw new Error(`the revision under review of ${type} ${id} is missing`);
    // PRODUCT.md "Review": whether this text needed approval is kept with the approval, so the piece keeps needing it.
    const approvedFields = revision.fields as RevisionFields;
    const approvalRequired = needsApproval({
      paidPromotion: approvedFields.paidPromotion === true,
      namesClientCompany: await namesClientCompany(approvedFields.companyIds ?? [], tx),
    });
    await markReviewed(tx, { type, id, state: "approved", note: action.note || null, reviewer: author(user), approvalRequired });
    await recordRevision(tx, {
      type,
      id,
      fields: revision.fields as RevisionFields,
      status: revision.status,
      reason: "approved",
      note: action.note || null,
      author: author(user),
    });
    const approvedTitle = String((revision.fields as RevisionFields).title ?? row.title);
    await auditItem(tx, user, "approve", { type, id, title: approvedTitle }, { revisionId: revision.id, detail: action.note || null });
    if (review.pendingRevisionId !== review.revisionId) return { status: "done", message: REVIEW_MESSAGES.approved };
    const stateBefore = await itemState(tx, type, id);
    await applyRevision(tx, type, table, id, revision.fields as RevisionFields);
    // PRODUCT.md "Content events": the approved edit reaches readers now.
    await recordItemChange(tx, type, id, stateBefore);
    // PRODUCT.md "Revisions": an edit marked as a correction shows its note once readers see it.
    if (revision.correction) {
      await recordCorrection(tx, {
        type,
        id,
        revisionId: revision.id,
        note: revision.correction,
        author: { id: revision.authorId ?? "", name: revision.authorName ?? "" },
      });
    }
    applied = true;
    return { status: "done", message: REVIEW_MESSAGES.approvedLive };
  });
  // PRODUCT.md "Page cache": an approved edit of a published piece changes what readers see.
  if (applied) await announceContentChange({ type });
  return result;
}

/** Writes a revision's text to the item's row and its companies (the status and dates stay the row's). */
async function applyRevision(tx: Executor, type: ContentType, table: ContentTable, id: string, fields: RevisionFields) {
  const { companyIds, ...columns } = fields;
  await tx
    .update(table)
    .set(asTableValues({ ...withTranscriptWords(type, columns), updatedAt: sql`now()`, textUpdatedAt: sql`now()` }))
    .where(eq(table.id, id));
  // A company deleted since the revision was saved is left out, as its deletion left out the item's other rows.
  const companies = await setItemCompanies(type, id, companyIds, tx);
  if (!companies.ok && companies.reason === "unknownCompanies") {
    await setItemCompanies(
      type,
      id,
      companyIds.filter((companyId) => !companies.unknown.includes(companyId)),
      tx,
    );
  }
}
