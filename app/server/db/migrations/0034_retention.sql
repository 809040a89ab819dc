CREATE TABLE "deleted_items" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_ids" uuid[] NOT NULL,
	CONSTRAINT "deleted_items_content_type_content_id_pk" PRIMARY KEY("content_type","content_id")
);
--> statement-breakpoint
CREATE TABLE "podcast_daily_downloads" (
	"episode_type" text NOT NULL,
	"episode_id" uuid NOT NULL,
	"day" date NOT NULL,
	"app" text,
	"device" text,
	"country" text,
	"downloads" integer NOT NULL,
	"listeners" integer NOT NULL,
	CONSTRAINT "podcast_daily_downloads_key" UNIQUE NULLS NOT DISTINCT("episode_type","episode_id","day","app","device","country")
);
--> statement-breakpoint
CREATE INDEX "podcast_daily_downloads_day_idx" ON "podcast_daily_downloads" USING btree ("day");