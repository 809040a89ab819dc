CREATE TABLE "content_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event" text NOT NULL,
	"content_type" text,
	"content_id" uuid,
	"company_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "content_events_id_unique" UNIQUE("id"),
	CONSTRAINT "content_events_event_check" CHECK ("content_events"."event" in ('content.published', 'content.updated', 'content.unpublished', 'content.deleted', 'content.corrected', 'disclosure.changed', 'company.updated')),
	CONSTRAINT "content_events_subject_check" CHECK (("content_events"."event" = 'company.updated' and "content_events"."company_id" is not null) or ("content_events"."event" <> 'company.updated' and "content_events"."content_type" is not null and "content_events"."content_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "content_events_occurred_idx" ON "content_events" USING btree ("occurred_at","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "content_events_published_once" ON "content_events" USING btree ("content_type","content_id","occurred_at") WHERE "content_events"."event" = 'content.published';