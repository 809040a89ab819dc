-- PRODUCT.md "Transcripts": videos, podcasts and interviews keep a transcript (WebVTT or plain text), its
-- words for search and their chapters; search_text takes the words, so /search finds what was said.
-- search_text is rebuilt with its three indexes, and the lexicon's update trigger also watches transcript_text
-- (it compares search_text, so it is dropped first and made again).
ALTER TABLE "videos" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "transcript_text" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "chapters" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "transcript_text" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "chapters" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "transcript" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "transcript_text" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "chapters" text;--> statement-breakpoint
DROP TRIGGER videos_search_lexicon_update ON "videos";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, '') || chr(10) || coalesce(transcript_text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "videos_search_text_trgm_idx" ON "videos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_tokens_idx" ON "videos" USING gin (search_tokens("search_text")) WHERE "videos"."status" = 'published';--> statement-breakpoint
CREATE INDEX "videos_search_bigrams_idx" ON "videos" USING gin (search_bigrams("search_text")) WHERE "videos"."status" = 'published';--> statement-breakpoint
CREATE TRIGGER videos_search_lexicon_update AFTER UPDATE OF title, description, content, transcript_text ON "videos"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();--> statement-breakpoint
DROP TRIGGER podcasts_search_lexicon_update ON "podcasts";--> statement-breakpoint
ALTER TABLE "podcasts" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, '') || chr(10) || coalesce(transcript_text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "podcasts_search_text_trgm_idx" ON "podcasts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_search_tokens_idx" ON "podcasts" USING gin (search_tokens("search_text")) WHERE "podcasts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "podcasts_search_bigrams_idx" ON "podcasts" USING gin (search_bigrams("search_text")) WHERE "podcasts"."status" = 'published';--> statement-breakpoint
CREATE TRIGGER podcasts_search_lexicon_update AFTER UPDATE OF title, description, content, transcript_text ON "podcasts"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();--> statement-breakpoint
DROP TRIGGER interviews_search_lexicon_update ON "interviews";--> statement-breakpoint
ALTER TABLE "interviews" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || coalesce(description, '') || chr(10) || coalesce(content, '') || chr(10) || coalesce(transcript_text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "interviews_search_text_trgm_idx" ON "interviews" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interviews_search_tokens_idx" ON "interviews" USING gin (search_tokens("search_text")) WHERE "interviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "interviews_search_bigrams_idx" ON "interviews" USING gin (search_bigrams("search_text")) WHERE "interviews"."status" = 'published';--> statement-breakpoint
CREATE TRIGGER interviews_search_lexicon_update AFTER UPDATE OF title, description, content, transcript_text ON "interviews"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();
