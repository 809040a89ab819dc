CREATE TABLE "content_daily_plays" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"day" date NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"q25" integer DEFAULT 0 NOT NULL,
	"q50" integer DEFAULT 0 NOT NULL,
	"q75" integer DEFAULT 0 NOT NULL,
	"q100" integer DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_plays_content_type_content_id_day_host_pk" PRIMARY KEY("content_type","content_id","day","host")
);
--> statement-breakpoint
CREATE INDEX "content_daily_plays_day_idx" ON "content_daily_plays" USING btree ("day");