CREATE TABLE "content_reviews" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"state" text NOT NULL,
	"revision_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"pending_revision_id" uuid,
	"submit_note" text,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "content_reviews_content_type_content_id_pk" PRIMARY KEY("content_type","content_id")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"digest" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"author_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_item_number_key" UNIQUE("content_type","content_id","number")
);
--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_revision_id_content_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."content_revisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_pending_revision_id_content_revisions_id_fk" FOREIGN KEY ("pending_revision_id") REFERENCES "public"."content_revisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reviews_state_idx" ON "content_reviews" USING btree ("state");