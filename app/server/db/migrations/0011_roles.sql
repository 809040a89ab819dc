-- PRODUCT.md "Roles": readers, contributors, editors, compliance and admins; the old plain 'user' is a reader.
ALTER TABLE "profiles" ALTER COLUMN "role" SET DEFAULT 'reader';--> statement-breakpoint
UPDATE "profiles" SET "role" = 'reader' WHERE "role" NOT IN ('reader', 'contributor', 'editor', 'compliance', 'admin');
