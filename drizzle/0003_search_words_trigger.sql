-- Keeps search_words (the lexicon typo correction reads) in step with shops.search_text.
-- Statement-level with a transition table, so a bulk insert adds its words in one pass.
CREATE OR REPLACE FUNCTION shops_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM changed_shops, regexp_split_to_table(changed_shops.search_text, '[[:space:][:punct:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shops_search_words_insert AFTER INSERT ON shops
  REFERENCING NEW TABLE AS changed_shops FOR EACH STATEMENT EXECUTE FUNCTION shops_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER shops_search_words_update AFTER UPDATE ON shops
  REFERENCING NEW TABLE AS changed_shops FOR EACH STATEMENT EXECUTE FUNCTION shops_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM shops, regexp_split_to_table(shops.search_text, '[[:space:][:punct:]]+') AS w
WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- The closest known words to a (mistyped) word, best first, keeping only those nearly as close as the best
-- (capucino: cappuccino, not capitol). The looser threshold is set for this function only, so that swapped letters
-- in short words (conrer, geren) still find corner and green; the lexicon is small, so it stays cheap.
CREATE OR REPLACE FUNCTION search_word_corrections(typed text, how_many integer) RETURNS text[]
LANGUAGE sql STABLE SET pg_trgm.similarity_threshold = 0.2 AS $$
  SELECT coalesce(array_agg(word ORDER BY sim DESC, word), '{}')
  FROM (
    SELECT word, sim, max(sim) OVER () AS top
    FROM (SELECT word, similarity(word, typed) AS sim FROM search_words WHERE word % typed ORDER BY sim DESC, word LIMIT how_many) candidates
  ) best
  WHERE sim >= top * 0.8
$$;
