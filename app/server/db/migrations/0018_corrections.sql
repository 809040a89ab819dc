CREATE TABLE "content_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"revision_id" uuid,
	"note" text NOT NULL,
	"author_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "text_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN "correction" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "text_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "text_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "text_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "text_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "content_corrections_item_idx" ON "content_corrections" USING btree ("content_type","content_id","created_at");