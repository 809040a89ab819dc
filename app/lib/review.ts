/**
 * PRODUCT.md "Review": which pieces need compliance approval, the states of a review, why a revision was
 * kept, and the messages the editor, the review page and the queue show. Pure.
 */
import { z } from "./zod";

/** The states of an item's review; an item never submitted has none. */
export const REVIEW_STATES = ["submitted", "changes_requested", "approved", "withdrawn"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  submitted: "Waiting for review",
  changes_requested: "Changes requested",
  approved: "Approved",
  withdrawn: "Edited since submitted",
};

/** Why a revision was kept (PRODUCT.md "Revisions"). */
export const REVISION_REASONS = ["saved", "submitted", "approved", "published", "restored"] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export const REVISION_REASON_LABELS: Record<RevisionReason, string> = {
  saved: "Saved",
  submitted: "Submitted for review",
  approved: "Approved",
  published: "Published",
  restored: "Restored",
};

/**
 * A piece needs approval when it is paid promotion or names a client company (PRODUCT.md "Review"). An edit
 * of a published piece needs it when either the published text or the edit does: unmarking a paid piece is
 * itself a change compliance sees.
 */
export function needsApproval(text: { paidPromotion?: boolean | null; namesClientCompany: boolean }): boolean {
  return text.paidPromotion === true || text.namesClientCompany;
}

export const REVIEW_NOTE_MAX = 2_000;

export const REVIEW_MESSAGES = {
  approvalNeeded: "This piece needs compliance approval before it is published: save it as a draft and submit it for review.",
  changedSinceReview: "This piece changed since it was sent to review: submit it for review again before publishing.",
  pendingSaved: "Saved for review: readers see the published version until compliance approves this edit.",
  submitted: "Submitted for review.",
  approved: "Approved.",
  approvedLive: "Approved: the edit is now published.",
  changesRequested: "Changes requested: the author sees your note.",
  noteRequired: "Enter what should change",
  noteTooLong: `Keep the note to ${REVIEW_NOTE_MAX.toLocaleString("en-US")} characters or fewer`,
  stale: "This piece changed since you opened it: reload the page to review the current text.",
  notWaiting: "This piece is not waiting for review.",
  notSubmittable: "Only your own drafts can be submitted for review.",
} as const;

const note = z.string().trim().max(REVIEW_NOTE_MAX, REVIEW_MESSAGES.noteTooLong);

/** One schema per form (PRODUCT.md "Review"): the review page's three buttons post `intent`. */
export const reviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("submit"), note: note.optional() }),
  z.object({ intent: z.literal("approve"), revisionId: z.uuid(), note: note.optional() }),
  z.object({
    intent: z.literal("request-changes"),
    revisionId: z.uuid(),
    note: z
      .string({ error: REVIEW_MESSAGES.noteRequired })
      .trim()
      .min(1, REVIEW_MESSAGES.noteRequired)
      .max(REVIEW_NOTE_MAX, REVIEW_MESSAGES.noteTooLong),
  }),
]);
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** PRODUCT.md "Revisions": the revisions screen's 'Restore' button posts the revision's id. */
export const restoreRevisionSchema = z.object({
  intent: z.literal("restore"),
  revisionId: z.uuid({ error: "Choose a revision from the list" }),
});
