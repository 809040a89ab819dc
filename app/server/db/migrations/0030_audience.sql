CREATE TABLE "content_daily_audience" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_audience_content_type_content_id_day_dimension_value_pk" PRIMARY KEY("content_type","content_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "content_daily_visitors" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "content_daily_visitors_content_type_content_id_day_visitor_pk" PRIMARY KEY("content_type","content_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "content_daily_stats" ADD COLUMN "uniques" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "content_daily_audience_day_idx" ON "content_daily_audience" USING btree ("day");--> statement-breakpoint
CREATE INDEX "content_daily_visitors_day_idx" ON "content_daily_visitors" USING btree ("day");