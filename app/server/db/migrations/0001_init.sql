CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"featured_image_url" text,
	"author_name" text,
	"author_role" text,
	"read_time" integer,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blogs_status_check" CHECK ("blogs"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interviewee_name" text,
	"interviewee_title" text,
	"video_url" text,
	"audio_url" text,
	"thumbnail_url" text,
	"duration" integer,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "interviews_status_check" CHECK ("interviews"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "podcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audio_url" text,
	"thumbnail_url" text,
	"duration" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"featured_at" timestamp with time zone,
	"listens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "podcasts_status_check" CHECK ("podcasts"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "special_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"feature_type" text,
	"featured_image_url" text,
	"video_url" text,
	"read_time" integer,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "special_features_status_check" CHECK ("special_features"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"video_url" text,
	"thumbnail_url" text,
	"duration" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"featured_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "blogs_status_published_at_idx" ON "blogs" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blogs_created_at_idx" ON "blogs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blogs_title_trgm_idx" ON "blogs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_description_trgm_idx" ON "blogs" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_content_trgm_idx" ON "blogs" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interviews_status_published_at_idx" ON "interviews" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interviews_created_at_idx" ON "interviews" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interviews_title_trgm_idx" ON "interviews" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interviews_description_trgm_idx" ON "interviews" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interviews_content_trgm_idx" ON "interviews" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_status_published_at_idx" ON "podcasts" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "podcasts_created_at_idx" ON "podcasts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "podcasts_title_trgm_idx" ON "podcasts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_description_trgm_idx" ON "podcasts" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_content_trgm_idx" ON "podcasts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_featured_idx" ON "podcasts" USING btree ("featured_at" DESC NULLS LAST) WHERE "podcasts"."featured" and "podcasts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "special_features_status_published_at_idx" ON "special_features" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "special_features_created_at_idx" ON "special_features" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "special_features_title_trgm_idx" ON "special_features" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "special_features_description_trgm_idx" ON "special_features" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "special_features_content_trgm_idx" ON "special_features" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "videos_status_published_at_idx" ON "videos" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_description_trgm_idx" ON "videos" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_content_trgm_idx" ON "videos" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_featured_idx" ON "videos" USING btree ("featured_at" DESC NULLS LAST) WHERE "videos"."featured" and "videos"."status" = 'published';--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" DESC NULLS LAST) WHERE "videos"."status" = 'published';