CREATE TABLE "newsletter_editions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"intro_html" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"recipients" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_editions_status_check" CHECK ("newsletter_editions"."status" in ('draft', 'scheduled', 'sent'))
);
--> statement-breakpoint
CREATE INDEX "newsletter_editions_due_idx" ON "newsletter_editions" USING btree ("send_at") WHERE "newsletter_editions"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "newsletter_editions_sent_at_idx" ON "newsletter_editions" USING btree ("sent_at" DESC NULLS LAST);