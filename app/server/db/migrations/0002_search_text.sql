DROP INDEX "blogs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "blogs_description_trgm_idx";--> statement-breakpoint
DROP INDEX "blogs_content_trgm_idx";--> statement-breakpoint
DROP INDEX "interviews_title_trgm_idx";--> statement-breakpoint
DROP INDEX "interviews_description_trgm_idx";--> statement-breakpoint
DROP INDEX "interviews_content_trgm_idx";--> statement-breakpoint
DROP INDEX "podcasts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "podcasts_description_trgm_idx";--> statement-breakpoint
DROP INDEX "podcasts_content_trgm_idx";--> statement-breakpoint
DROP INDEX "special_features_title_trgm_idx";--> statement-breakpoint
DROP INDEX "special_features_description_trgm_idx";--> statement-breakpoint
DROP INDEX "special_features_content_trgm_idx";--> statement-breakpoint
DROP INDEX "videos_title_trgm_idx";--> statement-breakpoint
DROP INDEX "videos_description_trgm_idx";--> statement-breakpoint
DROP INDEX "videos_content_trgm_idx";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, ''))) STORED;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, ''))) STORED;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, ''))) STORED;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, ''))) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, ''))) STORED;--> statement-breakpoint
CREATE INDEX "blogs_search_text_trgm_idx" ON "blogs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interviews_search_text_trgm_idx" ON "interviews" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_search_text_trgm_idx" ON "podcasts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "special_features_search_text_trgm_idx" ON "special_features" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_text_trgm_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);