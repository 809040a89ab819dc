-- Companies (PRODUCT.md "Companies"): the listed companies the site covers, managed in the admin; a
-- ticker is upper-case and unique on its exchange, and the name has a trigram index for the admin search.
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"ticker" text NOT NULL,
	"exchange" text NOT NULL,
	"sector" text,
	"website" text,
	"logo_url" text,
	"description" text,
	"is_client" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "companies_ticker_exchange_unique" UNIQUE("ticker","exchange"),
	CONSTRAINT "companies_ticker_check" CHECK ("companies"."ticker" ~ '^[A-Z0-9.-]+$')
);
--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");