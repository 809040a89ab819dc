-- Newsletter double opt-in (PRODUCT.md "Newsletter"). Addresses stored before it were never confirmed
-- by their owner, so they start pending; subscribing again mails them the confirmation link.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "last_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_at_idx" ON "newsletter_subscribers" USING btree ("created_at" DESC NULLS LAST);