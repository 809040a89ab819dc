-- Exact one-word search (app/server/search.server.ts). search_tokens() splits the lower-cased text
-- into its maximal runs of letters and digits. A query made of ASCII letters and digits can only
-- occur inside one such run, so "the text contains q" is "one of its tokens contains q": the lexicon
-- says which tokens contain q, and a GIN index on the tokens finds the rows holding one of them, with
-- no recheck of the text. A token longer than 64 characters is stored as pieces of 64 starting every
-- 32 characters, so every substring of up to 33 characters is still inside one piece, and no index
-- entry can grow past GIN's size limit. COST 1000 tells the planner that computing it per row (a
-- sequential scan) is expensive, so it uses the index.
CREATE FUNCTION search_tokens(document text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(DISTINCT substr(token, start, 64)), '{}')
  FROM unnest(regexp_split_to_array(document, '[^[:alnum:]]+')) AS token,
    generate_series(1, length(token), 32) AS start
  WHERE token <> '' AND (start = 1 OR length(token) > 64)
$$;
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"token" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexicon_token_trgm_idx" ON "search_lexicon" USING gin ("token" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blogs_search_tokens_idx" ON "blogs" USING gin (search_tokens("search_text")) WHERE "blogs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "interviews_search_tokens_idx" ON "interviews" USING gin (search_tokens("search_text")) WHERE "interviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "podcasts_search_tokens_idx" ON "podcasts" USING gin (search_tokens("search_text")) WHERE "podcasts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "special_features_search_tokens_idx" ON "special_features" USING gin (search_tokens("search_text")) WHERE "special_features"."status" = 'published';--> statement-breakpoint
CREATE INDEX "videos_search_tokens_idx" ON "videos" USING gin (search_tokens("search_text")) WHERE "videos"."status" = 'published';
--> statement-breakpoint
-- Keeps search_lexicon a superset of every row's tokens. Inserts are handled per statement (a bulk
-- load adds its tokens once); updates per row and only when the text changed, so the view and listen
-- counters never pay for it. Tokens are inserted in order so that concurrent writers take the
-- unique-index locks in the same order and cannot deadlock.
CREATE FUNCTION search_lexicon_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (token)
  SELECT DISTINCT token FROM new_rows, unnest(search_tokens(new_rows.search_text)) AS token
  ORDER BY token
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_lexicon_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (token)
  SELECT token FROM unnest(search_tokens(NEW.search_text)) AS token
  ORDER BY token
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER videos_search_lexicon_insert AFTER INSERT ON "videos"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add_rows();
--> statement-breakpoint
CREATE TRIGGER videos_search_lexicon_update AFTER UPDATE OF title, description, content ON "videos"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();
--> statement-breakpoint
CREATE TRIGGER podcasts_search_lexicon_insert AFTER INSERT ON "podcasts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add_rows();
--> statement-breakpoint
CREATE TRIGGER podcasts_search_lexicon_update AFTER UPDATE OF title, description, content ON "podcasts"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();
--> statement-breakpoint
CREATE TRIGGER blogs_search_lexicon_insert AFTER INSERT ON "blogs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add_rows();
--> statement-breakpoint
CREATE TRIGGER blogs_search_lexicon_update AFTER UPDATE OF title, description, content ON "blogs"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();
--> statement-breakpoint
CREATE TRIGGER interviews_search_lexicon_insert AFTER INSERT ON "interviews"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add_rows();
--> statement-breakpoint
CREATE TRIGGER interviews_search_lexicon_update AFTER UPDATE OF title, description, content ON "interviews"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();
--> statement-breakpoint
CREATE TRIGGER special_features_search_lexicon_insert AFTER INSERT ON "special_features"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add_rows();
--> statement-breakpoint
CREATE TRIGGER special_features_search_lexicon_update AFTER UPDATE OF title, description, content ON "special_features"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_lexicon_add_row();
--> statement-breakpoint
INSERT INTO search_lexicon (token)
SELECT DISTINCT token
FROM (
  SELECT search_text FROM videos UNION ALL SELECT search_text FROM podcasts UNION ALL SELECT search_text FROM blogs
  UNION ALL SELECT search_text FROM interviews UNION ALL SELECT search_text FROM special_features
) AS content, unnest(search_tokens(content.search_text)) AS token
ON CONFLICT DO NOTHING;
