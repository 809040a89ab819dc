/**
 * Saving an item of any type is this one operation (PRODUCT.md "Editor"): it checks what the signed-in user
 * may do, sanitises the rich text, and writes the row and the companies it names in one transaction, then
 * announces the change. The route handler only reads and parses the form and turns the result into an answer;
 * the newsroom's rules (review, revisions, audit entries) hook in here.
 */
import { eq, sql, type SQL } from "drizzle-orm";

import type { AuditAction } from "~/lib/audit";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";
import { SPONSORSHIP_COLUMNS, SPONSORSHIP_MESSAGES, type DisclosureField } from "~/lib/disclosure-fields";
import type { ContentInput } from "~/lib/editor-values";
import { isUuid } from "~/lib/ids";
import { needsApproval, REVIEW_MESSAGES } from "~/lib/review";
import { can } from "~/lib/roles";

import type { CurrentUser } from "../auth/session.server";
import { getDb } from "../db/db.server";
import { announceContentChange } from "../http/content-events.server";
import { recordCorrection } from "../revisions/corrections.server";
import {
  approves,
  author,
  markEdited,
  markSubmitted,
  recordRevision,
  reviewableFields,
  reviewOf,
  revisionDigest,
} from "../revisions/revisions.server";
import { asTableValues, featuredColumns } from "./admin-content.server";
import { auditItem } from "./content-audit.server";
import { CONTENT_TABLES, type ContentTable } from "./content-tables.server";
import { checkCompanies, itemCompanyIds, namesClientCompany, setItemCompanies } from "./item-companies.server";
import { itemState, recordItemChange } from "./item-events.server";
import { recordPublication, wakeAlerts } from "./publications.server";
import { sanitizeContentHtml } from "./sanitize.server";
import { withTranscriptWords } from "./transcripts.server";

export interface SaveItemRequest {
  type: ContentType;
  /** The item to update; none creates one. */
  id?: string;
  /** The parsed form (`editorSchema`): what the route handler read from the request. */
  input: ContentInput;
  user: CurrentUser;
  /** PRODUCT.md "Revisions": the number of the revision this save restores (its revision says 'Restored'). */
  restoredFrom?: number;
}

export type SaveItemResult =
  /** `pending`: an edit of a published piece that needs approval, kept for review; readers see the row as it was. */
  | { status: "saved"; id: string; created: boolean; pending: boolean }
  /** Nothing was written; each message belongs beside its field (PRODUCT.md "Companies", "Review"). */
  | { status: "refused"; fieldErrors: Partial<Record<keyof ContentInput | DisclosureField, string[]>> }
  /** The item to update does not exist (deleted in another tab, or a made-up id). */
  | { status: "notFound" }
  /** The user's role may not create or edit content (PRODUCT.md "Roles"); nothing was written. */
  | { status: "forbidden" };

/** PRODUCT.md "Roles": what a role may not publish, archive or schedule, it may only save as a draft. */
export const PUBLISH_REFUSAL = "Your role cannot publish: save this as a draft.";

/**
 * Creates (no id) or updates an item, keeping a revision of it (PRODUCT.md "Revisions"); a database failure
 * is thrown, for the handler to log and answer. PRODUCT.md "Review": a piece that needs approval is published
 * or scheduled only with the text compliance approved; an edit of a published one is kept as a pending
 * revision and sent to review, while readers keep the approved text.
 */
export async function saveItem({ type, id, input, user, restoredFrom }: SaveItemRequest): Promise<SaveItemResult> {
  const restoreNote = restoredFrom === undefined ? null : `Restored from revision ${restoredFrom}.`;
  const created = id === undefined;
  // PRODUCT.md "Roles": a contributor edits only the drafts they created; editors and admins edit anything.
  const ownDraftsOnly = !created && !can(user.role, "content.edit");
  const allowed = created ? can(user.role, "content.create") : !ownDraftsOnly || can(user.role, "content.editOwnDraft");
  if (!allowed) return { status: "forbidden" };
  const statusField = input.publishAt ? "publishAt" : "status";
  if ((input.status !== "draft" || input.publishAt) && !can(user.role, "content.publish")) {
    return { status: "refused", fieldErrors: { [statusField]: [PUBLISH_REFUSAL] } };
  }
  if (!created && !isUuid(id)) return { status: "notFound" };
  const table: ContentTable = CONTENT_TABLES[type];
  const columns = columnsFrom(type, input);
  const db = await getDb();
  // PRODUCT.md "Page cache": only a save of an item readers can see (before or after it) changes a public page.
  let readersSeeIt = false;
  const outcome = await db.transaction(async (tx): Promise<SaveItemResult> => {
    // The row stays locked until commit: its status and its review are read once, and revisions numbered in turn.
    const [before] = id === undefined ? [] : await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (id !== undefined && !before) return { status: "notFound" };
    readersSeeIt = before?.status === "published" || input.status === "published";
    if (before && ownDraftsOnly && (before.createdBy !== user.id || before.status !== "draft")) return { status: "forbidden" };

    const companiesBefore = id === undefined ? [] : await itemCompanyIds(type, id, tx);
    const companies = await checkCompanies(input.companyIds ?? companiesBefore, tx);
    if (!companies.ok) return { status: "refused", fieldErrors: { companyIds: [companies.message] } };
    // PRODUCT.md "Paid promotion": a paying company is one the piece names.
    const promotion = { ...before, ...columns };
    if (
      promotion.paidPromotion === true &&
      typeof promotion.sponsorCompanyId === "string" &&
      !companies.companyIds.includes(promotion.sponsorCompanyId)
    ) {
      return { status: "refused", fieldErrors: { paidBy: [SPONSORSHIP_MESSAGES.payerNotNamed] } };
    }
    const fields = reviewableFields(type, { ...before, ...columns }, companies.companyIds);
    const review = id === undefined ? null : await reviewOf(type, id, tx, true);
    const live = before?.status === "published";
    // PRODUCT.md "Review": the text as saved, the text readers see, or the text compliance last approved needing
    // approval: a flag changed since (a company no longer a client) does not release the piece from review.
    const needs =
      needsApproval({ paidPromotion: fields.paidPromotion === true, namesClientCompany: companies.namesClient }) ||
      (live &&
        needsApproval({
          paidPromotion: before.paidPromotion === true,
          namesClientCompany: await namesClientCompany(companiesBefore, tx),
        })) ||
      review?.approvalRequired === true;

    // A published piece saved with its text unchanged (a new time, 'featured', the same words) has nothing to review.
    const digest = revisionDigest(fields);
    const unchangedLiveText = live && digest === revisionDigest(reviewableFields(type, before, companiesBefore));
    // PRODUCT.md "Revisions": readers see that a published piece's text changed, and why when it is a correction.
    const liveTextChanges = live && !unchangedLiveText && input.status === "published";
    const correction = input.correction?.trim() || null;
    if (correction && !liveTextChanges) return { status: "refused", fieldErrors: { correction: [CORRECTION_WITHOUT_CHANGE] } };
    if (needs && input.status === "published" && !unchangedLiveText && !approves(review, digest)) {
      if (!before || id === undefined || !live) {
        const message =
          review?.state === "withdrawn" || review?.state === "approved"
            ? REVIEW_MESSAGES.changedSinceReview
            : REVIEW_MESSAGES.approvalNeeded;
        return { status: "refused", fieldErrors: { [statusField]: [message] } };
      }
      // PRODUCT.md "Review": the edit waits for approval; the row, which readers see, is left as it is.
      const revision = await recordRevision(tx, {
        type,
        id,
        fields,
        status: input.status,
        reason: "submitted",
        note: restoreNote,
        correction,
        author: author(user),
      });
      await markSubmitted(tx, { type, id, revision, note: PENDING_EDIT_NOTE, author: author(user), pending: true });
      await auditItem(tx, user, "submit", { type, id, title: input.title }, { revisionId: revision.id, detail: PENDING_EDIT_NOTE });
      return { status: "saved", id, created: false, pending: true };
    }

    // PRODUCT.md "Content events": what readers saw before the write, to tell which event it is.
    const stateBefore = id === undefined ? null : await itemState(tx, type, id);
    let savedId: string;
    if (id === undefined) {
      const [row] = await tx
        .insert(table)
        .values(asTableValues({ ...insertValues(type, input, columns), createdBy: user.id }))
        .returning({ id: table.id });
      if (!row) throw new Error(`inserting a ${type} returned no row`);
      savedId = row.id;
    } else {
      await tx
        .update(table)
        .set(asTableValues({ ...updateValues(type, table, input, columns), ...(liveTextChanges ? { textUpdatedAt: sql`now()` } : {}) }))
        .where(eq(table.id, id));
      savedId = id;
    }
    if (input.companyIds !== undefined) await setItemCompanies(type, savedId, companies.companyIds, tx);
    const reason = restoreNote ? "restored" : input.status === "published" && !live ? "published" : "saved";
    const revision = await recordRevision(tx, {
      type,
      id: savedId,
      fields,
      status: input.status,
      reason,
      note: restoreNote,
      author: author(user),
    });
    await auditItem(
      tx,
      user,
      saveAction(before?.status, input, created),
      { type, id: savedId, title: input.title },
      { revisionId: revision.id, ...(restoreNote ? { detail: restoreNote } : {}) },
    );
    await recordItemChange(tx, type, savedId, stateBefore);
    if (correction) await recordCorrection(tx, { type, id: savedId, revisionId: revision.id, note: correction, author: author(user) });
    if (review) await markEdited(tx, type, savedId, review, digest);
    // PRODUCT.md "Following and alerts": published now, so its followers hear of it (once).
    if (input.status === "published") await recordPublication(tx, type, savedId);
    return { status: "saved", id: savedId, created, pending: false };
  });
  if (outcome.status === "saved" && !outcome.pending && readersSeeIt) await announceContentChange({ type });
  if (outcome.status === "saved" && !outcome.pending && input.status === "published") wakeAlerts();
  return outcome;
}

/**
 * PRODUCT.md "Audit log": what a save did. Going live is 'publish' (or 'schedule' for a later time), leaving it
 * 'unpublish'; otherwise 'create' or 'edit'.
 */
export function saveAction(statusBefore: unknown, input: Pick<ContentInput, "status" | "publishAt">, created: boolean): AuditAction {
  const wasLive = statusBefore === "published";
  const goesLive = input.status === "published";
  if (goesLive && !wasLive) return input.publishAt && input.publishAt.getTime() > Date.now() ? "schedule" : "publish";
  if (wasLive && !goesLive) return "unpublish";
  return created ? "create" : "edit";
}

/** PRODUCT.md "Revisions": a correction note needs a change to the published text to go with. */
export const CORRECTION_WITHOUT_CHANGE = "A correction goes with a change to the published text: change the text, or leave the note empty";

/** PRODUCT.md "Review": the note an edit of a published piece goes to review with. */
export const PENDING_EDIT_NOTE = "An edit of the published piece.";

/** Column values from the parsed input. Rich content is sanitised on write (PRODUCT.md "Security"). */
function columnsFrom(type: ContentType, input: ContentInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    title: input.title,
    description: input.description,
    content: input.content == null ? null : sanitizeContentHtml(input.content) || null,
    tags: input.tags,
    status: input.status,
  };
  if (input.paidPromotion !== undefined) {
    // PRODUCT.md "Paid promotion": the flag and its disclosure are saved together.
    columns.paidPromotion = input.paidPromotion;
    for (const column of SPONSORSHIP_COLUMNS) columns[column] = input[column] ?? null;
  }
  for (const field of CONTENT_REGISTRY[type].fields) columns[field] = input[field] ?? null;
  return withTranscriptWords(type, columns);
}

function insertValues(type: ContentType, input: ContentInput, columns: Record<string, unknown>): Record<string, unknown> {
  const now = new Date();
  const values: Record<string, unknown> = {
    ...columns,
    // PRODUCT.md "Content": published_at is set when an item becomes published; PRODUCT.md "Scheduled
    // publishing": to the time chosen, when there is one (ahead: scheduled; past: back-dated). The database's
    // clock, as an update's: the item is live within its own transaction, so its publication is recorded there.
    publishedAt: input.status === "published" ? (input.publishAt ?? sql`now()`) : null,
  };
  if (CONTENT_REGISTRY[type].featurable) {
    values.featured = input.featured;
    values.featuredAt = input.featured ? now : null;
  }
  return values;
}

/**
 * An update is one statement so the rules read the row's current values: published_at set when the item
 * becomes published (publishedAtOnUpdate), cleared when it leaves; featured_at likewise for the featured
 * flag; updated_at now.
 */
function updateValues(
  type: ContentType,
  table: ContentTable,
  input: ContentInput,
  columns: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    ...columns,
    publishedAt: input.status === "published" ? publishedAtOnUpdate(table, input.publishAt) : null,
    updatedAt: sql`now()`,
  };
  if (CONTENT_REGISTRY[type].featurable) Object.assign(values, featuredColumns(type, input.featured));
  return values;
}

/**
 * published_at on an update that leaves the item published (PRODUCT.md "Content", PRODUCT.md "Scheduled
 * publishing"), read from the row's current values:
 * - a chosen time is saved, except that the same minute as the stored time keeps the stored one (the
 *   control shows minutes, so saving an edit unchanged must not move the item in the lists);
 * - no time: kept while the item stays published and its time has come; otherwise now (so clearing a
 *   scheduled item's time publishes it at once).
 */
function publishedAtOnUpdate(t: ContentTable, publishAt: Date | null | undefined): SQL {
  const stillPublished = sql`${t.status} = 'published'`;
  if (publishAt) {
    const chosen = sql`${publishAt.toISOString()}::timestamptz`;
    return sql`case when ${stillPublished} and date_trunc('minute', ${t.publishedAt}) = date_trunc('minute', ${chosen})
      then ${t.publishedAt} else ${chosen} end`;
  }
  return sql`case when ${stillPublished} and ${t.publishedAt} <= now() then ${t.publishedAt} else now() end`;
}
