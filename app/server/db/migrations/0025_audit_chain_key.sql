-- PRODUCT.md "Audit log": from now on each entry's hash is keyed with a secret that is not in the database
-- (key_version 1), so no one who can only write to the database can rewrite the chain or append to it.
-- Entries written before keep their plain hashes (key_version 0); adding the column with a default changes
-- no row, so the append-only trigger is not asked. The application always names the version it writes.
ALTER TABLE "audit_log" ADD COLUMN "key_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "key_version" DROP DEFAULT;
