CREATE TABLE "alert_digest_entries" (
	"user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_digest_entries_user_id_content_type_content_id_pk" PRIMARY KEY("user_id","content_type","content_id")
);
--> statement-breakpoint
CREATE TABLE "company_follows" (
	"user_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_follows_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "content_publications" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"live_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "content_publications_content_type_content_id_pk" PRIMARY KEY("content_type","content_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "alert_frequency" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_digest_entries" ADD CONSTRAINT "alert_digest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_follows" ADD CONSTRAINT "company_follows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_follows_company_idx" ON "company_follows" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "content_publications_waiting_idx" ON "content_publications" USING btree ("live_at") WHERE "content_publications"."alerted_at" is null;--> statement-breakpoint
-- PRODUCT.md "Following and alerts": what is live today has been announced already; only items going live from now on alert anyone.
INSERT INTO "content_publications" ("content_type", "content_id", "live_at", "alerted_at")
SELECT 'video', "id", "published_at", now() FROM "videos" WHERE "status" = 'published' AND "published_at" <= now()
UNION ALL SELECT 'podcast', "id", "published_at", now() FROM "podcasts" WHERE "status" = 'published' AND "published_at" <= now()
UNION ALL SELECT 'blog', "id", "published_at", now() FROM "blogs" WHERE "status" = 'published' AND "published_at" <= now()
UNION ALL SELECT 'interview', "id", "published_at", now() FROM "interviews" WHERE "status" = 'published' AND "published_at" <= now()
UNION ALL SELECT 'special_feature', "id", "published_at", now() FROM "special_features" WHERE "status" = 'published' AND "published_at" <= now();
