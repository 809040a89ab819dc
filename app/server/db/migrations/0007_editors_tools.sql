-- Editors' tools (PRODUCT.md "Media library", "Views over time", "Inbox"): uploaded files, views and
-- listens per item per day, and the read state of contact messages (existing messages start unread).
CREATE TABLE "content_daily_stats" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_stats_content_type_content_id_day_pk" PRIMARY KEY("content_type","content_id","day")
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration" integer,
	"variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "media_files_kind_check" CHECK ("media_files"."kind" in ('image', 'audio'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_daily_stats_day_idx" ON "content_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "media_files_created_at_idx" ON "media_files" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST) WHERE "contact_messages"."read_at" is null;