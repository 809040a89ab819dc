-- Exact phrase search (app/server/search.server.ts). search_bigrams() lists every pair of adjacent
-- tokens with the separator between them: "... the bond yields rose" gives 'the bond', 'bond yields'
-- and 'yields rose'. A phrase of ASCII letters and digits joined by ASCII spaces or punctuation
-- ("Central Bank", "S&P 500") can only occur as a token ending with its first word, then its
-- separators and middle words exactly, then a token starting with its last word. So a two-word phrase
-- occurs exactly when the row holds one of the pairs built from the lexicon's tokens that end and
-- start that way. Each side keeps at most 32 characters of its token (right/left), which still holds
-- any first or last word of up to 32 characters; pairs whose separator is longer than 16 characters or
-- spans two fields (a newline) are left out: a query never has them.
CREATE FUNCTION search_bigrams(document text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(DISTINCT right(word, 32) || separator || left(next_word, 32)), '{}')
  FROM (
    SELECT word, separator, lead(word) OVER (ORDER BY position) AS next_word
    -- With a leading space both arrays line up: the separator at position i follows the word at i.
    FROM unnest(
      regexp_split_to_array(' ' || document, '[^[:alnum:]]+'),
      regexp_split_to_array(' ' || document, '[[:alnum:]]+')
    ) WITH ORDINALITY AS parts(word, separator, position)
  ) AS pairs
  WHERE word <> '' AND next_word <> '' AND length(separator) <= 16 AND strpos(separator, chr(10)) = 0
$$;
--> statement-breakpoint
CREATE INDEX "blogs_search_bigrams_idx" ON "blogs" USING gin (search_bigrams("search_text")) WHERE "blogs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "interviews_search_bigrams_idx" ON "interviews" USING gin (search_bigrams("search_text")) WHERE "interviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "podcasts_search_bigrams_idx" ON "podcasts" USING gin (search_bigrams("search_text")) WHERE "podcasts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "special_features_search_bigrams_idx" ON "special_features" USING gin (search_bigrams("search_text")) WHERE "special_features"."status" = 'published';--> statement-breakpoint
CREATE INDEX "videos_search_bigrams_idx" ON "videos" USING gin (search_bigrams("search_text")) WHERE "videos"."status" = 'published';