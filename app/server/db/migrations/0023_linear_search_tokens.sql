-- search_tokens() (migration 0004) in time linear in the text, with a bound on what one word costs
-- (docs/PRODUCT.md "Search"). The old body cut a long token with substr(token, start, 64) for every 32nd
-- start; substr walks to its start in a multi-byte encoding, so one word of n characters cost n²/32 steps
-- (a 200,000-character word took 19 s and, on the embedded database, held the whole server), and each of
-- its n/32 pieces went into the lexicon's trigram index (another second).
-- Now the text's distinct tokens are found first; one of up to 64 characters is kept whole, one of up to
-- 256 is cut once into runs of 32 characters, each piece a run joined to the next (the same pieces of 64
-- starting every 32 characters as before). A longer token is no word a reader searches for: it gives only
-- its first and last 64 characters (which a phrase's first and last words are looked up by) and the marker
-- '#long', which no run of letters and digits can equal. A one-word query also takes the rows holding the
-- marker and tests their text directly (app/server/search/search.server.ts), so its results stay exact.
-- Every stored token is at most 64 characters, and one word gives at most 8.
CREATE OR REPLACE FUNCTION search_tokens(document text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  WITH tokens AS (
    SELECT DISTINCT token FROM unnest(regexp_split_to_array(document, '[^[:alnum:]]+')) AS token WHERE token <> ''
  )
  SELECT coalesce(array_agg(DISTINCT piece), '{}')
  FROM (
    SELECT token AS piece FROM tokens WHERE length(token) <= 64
    UNION ALL
    SELECT run[1] || coalesce(lead(run[1]) OVER (PARTITION BY token ORDER BY position), '')
    FROM tokens, regexp_matches(token, '.{1,32}', 'g') WITH ORDINALITY AS runs(run, position)
    WHERE length(token) BETWEEN 65 AND 256
    UNION ALL
    SELECT unnest(ARRAY[left(token, 64), right(token, 64), '#long']) FROM tokens WHERE length(token) > 256
  ) AS pieces
$$;
--> statement-breakpoint
-- search_bigrams() (migration 0005), the same pairs: made distinct by hashing rather than sorting, which
-- is faster for a long transcript. A GIN index keeps an array's elements, not their order, so the indexes
-- built on it stay valid.
CREATE OR REPLACE FUNCTION search_bigrams(document text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(pair), '{}')
  FROM (
    SELECT DISTINCT right(word, 32) || separator || left(next_word, 32) AS pair
    FROM (
      SELECT word, separator, lead(word) OVER (ORDER BY position) AS next_word
      -- With a leading space both arrays line up: the separator at position i follows the word at i.
      FROM unnest(
        regexp_split_to_array(' ' || document, '[^[:alnum:]]+'),
        regexp_split_to_array(' ' || document, '[[:alnum:]]+')
      ) WITH ORDINALITY AS parts(word, separator, position)
    ) AS neighbours
    WHERE word <> '' AND next_word <> '' AND length(separator) <= 16 AND strpos(separator, chr(10)) = 0
  ) AS pairs
$$;
--> statement-breakpoint
-- The lexicon lists the tokens a query can match; the marker is none of them (a query for 'on' would find
-- '#long' there, and with it every marked row), so its triggers leave it out.
CREATE OR REPLACE FUNCTION search_lexicon_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (token)
  SELECT DISTINCT token FROM new_rows, unnest(search_tokens(new_rows.search_text)) AS token
  WHERE token <> '#long'
  ORDER BY token
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexicon_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (token)
  SELECT token FROM unnest(search_tokens(NEW.search_text)) AS token
  WHERE token <> '#long'
  ORDER BY token
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows holding a token over 256 characters now index fewer pieces: rebuild the five indexes on it. The
-- lexicon keeps the pieces it had (a token no row holds only costs a lookup).
REINDEX INDEX "blogs_search_tokens_idx";--> statement-breakpoint
REINDEX INDEX "interviews_search_tokens_idx";--> statement-breakpoint
REINDEX INDEX "podcasts_search_tokens_idx";--> statement-breakpoint
REINDEX INDEX "special_features_search_tokens_idx";--> statement-breakpoint
REINDEX INDEX "videos_search_tokens_idx";
