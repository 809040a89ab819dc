-- PRODUCT.md "Newsletter editions": pressing Send marks an edition sent and answers at once; its mails are
-- queued in the background, a few hundred per transaction, in address order, by whichever instance looks
-- first. Editions sent before were queued in full when they were sent.
ALTER TABLE "newsletter_editions" ADD COLUMN "queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "queue_cursor" text;--> statement-breakpoint
ALTER TABLE "newsletter_editions" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "newsletter_editions" SET "queued" = coalesce("recipients", 0), "queued_at" = "sent_at" WHERE "status" = 'sent';--> statement-breakpoint
CREATE INDEX "newsletter_editions_queueing_idx" ON "newsletter_editions" USING btree ("sent_at") WHERE "newsletter_editions"."status" = 'sent' and "newsletter_editions"."queued_at" is null;
