CREATE TABLE "measurement_progress" (
	"job" text PRIMARY KEY NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_downloads" (
	"episode_type" text NOT NULL,
	"episode_id" uuid NOT NULL,
	"day" date NOT NULL,
	"listener" text NOT NULL,
	"app" text,
	"device" text,
	"country" text,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "podcast_downloads_episode_type_episode_id_day_listener_pk" PRIMARY KEY("episode_type","episode_id","day","listener")
);
--> statement-breakpoint
CREATE TABLE "podcast_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "podcast_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"episode_type" text NOT NULL,
	"episode_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" smallint NOT NULL,
	"range" text,
	"first_byte" bigint,
	"bytes_sent" bigint NOT NULL,
	"file_bytes" bigint NOT NULL,
	"threshold_bytes" bigint NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"referrer_host" text,
	"listener" text NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE INDEX "podcast_downloads_day_idx" ON "podcast_downloads" USING btree ("day");--> statement-breakpoint
CREATE INDEX "podcast_requests_at_idx" ON "podcast_requests" USING btree ("at");--> statement-breakpoint
CREATE INDEX "podcast_requests_listener_idx" ON "podcast_requests" USING btree ("episode_id","listener");