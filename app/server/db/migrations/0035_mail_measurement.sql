CREATE TABLE "content_daily_mail" (
	"content_type" text NOT NULL,
	"content_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_mail_content_type_content_id_day_channel_pk" PRIMARY KEY("content_type","content_id","day","channel"),
	CONSTRAINT "content_daily_mail_channel_check" CHECK ("content_daily_mail"."channel" in ('newsletter', 'alert'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "content_daily_mail_day_idx" ON "content_daily_mail" USING btree ("day");