-- Companies named by content (PRODUCT.md "Companies"): which companies each item of the five types names;
-- deleting a company deletes its rows, and coverage is read by company.
CREATE TABLE "content_companies" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "content_companies_content_type_content_id_company_id_pk" PRIMARY KEY("content_type","content_id","company_id"),
	CONSTRAINT "content_companies_content_type_check" CHECK ("content_companies"."content_type" in ('video', 'podcast', 'blog', 'interview', 'special_feature'))
);
--> statement-breakpoint
ALTER TABLE "content_companies" ADD CONSTRAINT "content_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_companies_company_idx" ON "content_companies" USING btree ("company_id");