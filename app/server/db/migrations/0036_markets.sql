CREATE TABLE "market_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"price_sensitive" boolean DEFAULT false NOT NULL,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_announcements_external_unique" UNIQUE("company_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "market_closes" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"close" double precision NOT NULL,
	CONSTRAINT "market_closes_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "market_quotes" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last" double precision NOT NULL,
	"previous_close" double precision NOT NULL,
	"volume" bigint,
	"currency" text NOT NULL,
	"market_cap" double precision,
	"as_of" timestamp with time zone NOT NULL,
	"delay_minutes" integer NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_refresh" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_announcements" ADD CONSTRAINT "market_announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_closes" ADD CONSTRAINT "market_closes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_quotes" ADD CONSTRAINT "market_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_refresh" ADD CONSTRAINT "market_refresh_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_announcements_company_idx" ON "market_announcements" USING btree ("company_id","published_at");