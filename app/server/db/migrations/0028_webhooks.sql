CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"endpoint_id" uuid NOT NULL,
	"event_seq" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"body" text,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_status_check" CHECK ("webhook_endpoints"."status" in ('active', 'failing', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_seq_content_events_seq_fk" FOREIGN KEY ("event_seq") REFERENCES "public"."content_events"("seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once" ON "webhook_deliveries" USING btree ("endpoint_id","event_seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_claimed_idx" ON "webhook_deliveries" USING btree ("claimed_until") WHERE "webhook_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id" DESC NULLS LAST);--> statement-breakpoint
-- PRODUCT.md "Webhooks": each event, as it is written, gets one delivery per endpoint that wants it, in the
-- transaction of the change (the outbox pattern): every writer of content_events is covered, none can forget.
-- A disabled endpoint gets none until an admin enables it again.
CREATE FUNCTION "webhook_deliveries_for_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "webhook_deliveries" ("endpoint_id", "event_seq")
	SELECT "id", NEW."seq" FROM "webhook_endpoints" WHERE "status" <> 'disabled' AND NEW."event" = ANY ("events");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "content_events_webhook_deliveries" AFTER INSERT ON "content_events"
	FOR EACH ROW EXECUTE FUNCTION "webhook_deliveries_for_event"();
