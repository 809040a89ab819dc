-- PRODUCT.md "Review": a piece whose approved text needed approval keeps needing it, so unticking a company's
-- 'Client' for a moment no longer lets an edit go live unreviewed. Reviews approved before this knew nothing
-- of it: every piece compliance ever approved is taken to have needed it (the safe side).
ALTER TABLE "content_reviews" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "content_reviews" AS review SET "approval_required" = true
WHERE EXISTS (
  SELECT 1 FROM "content_revisions" AS revision
  WHERE revision.content_type = review.content_type AND revision.content_id = review.content_id AND revision.reason = 'approved'
);
