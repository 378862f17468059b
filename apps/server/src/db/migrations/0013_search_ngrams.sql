-- Hand-written (features/search): search in every language. PostgreSQL's parser finds words by
-- spaces and punctuation, so a Chinese, Japanese or Korean sentence was one long "word" that no
-- query matched. Text is now read as packages/contract/src/search-text.ts reads it (keep both in
-- step; a test compares them on PGlite and PostgreSQL):
-- - search_fold: NFKC, Turkish İ/I/ı → i, Ё/ё → е, Arabic harakat and tatweel dropped and alef
--   variants → ا, then lowercase (the database's ctype must be a UTF-8 one: C.UTF-8, en_US.UTF-8…).
-- - search_text: every run of CJK characters becomes its overlapping pairs and its last character
--   ("北京大学" → "北京 京大 大学 学": each character after the first is written twice, a space
--   between), one token per character, so positions still count characters and a phrase of pairs
--   (<->) finds any substring; other text is left to the parser. Translate runs only on text that
--   holds a character it changes (it is slow), the CJK rewrite only on text with CJK.
--   A text with CJK is read up to its first 40,000 characters (a tsvector holds at most 1 MB).
-- - search_vector: the 'simple' tsvector of search_text (no stemming, no stop words).
-- - search_query: a query as a tsquery read the same way: a CJK run of one character is a prefix
--   (it starts a pair or ends a run), of more characters the phrase of its pairs; other words a
--   phrase; parts joined at their distance in a document; the last word a prefix when asked.
--   Built from lexemes, quoted: nothing in the query is ever read as an operator.
CREATE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  f text := normalize(t, NFKC);
BEGIN
  IF f ~ '[İIıЁёأإآٱًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞـ]' THEN
    f := translate(f, 'İIıЁёأإآٱًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞـ', 'iiiееاااا');
  END IF;
  RETURN lower(f);
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_text"(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  f text := public.search_fold(t);
BEGIN
  IF f ~ '[ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿]' THEN
    f := regexp_replace(regexp_replace(left(f, 40000), '([ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿]+)', ' \1 ', 'g'), '(?<=[ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿])([ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿])', '\1 \1', 'g');
  END IF;
  RETURN f;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_vector"(t text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN to_tsvector('simple'::regconfig, public.search_text(t));
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_query"(q text, prefix boolean) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  parts text[];
  part text;
  k int;
  gap int := 1;
  prev int;
  lex record;
  out text := '';
BEGIN
  SELECT array_agg(r.m[1] ORDER BY r.n) INTO parts
    FROM regexp_matches(public.search_fold(q), '[ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿]+|[^ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿]+', 'g') WITH ORDINALITY AS r(m, n);
  FOR p IN 1 .. coalesce(array_length(parts, 1), 0) LOOP
    part := parts[p];
    IF part ~ '^[ᄀ-ᇿ々ぁ-ゟァ-ヺー-ヿㄱ-ㆎㇰ-ㇿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿]' THEN
      k := length(part);
      FOR i IN 1 .. greatest(k - 1, 1) LOOP
        out := out || CASE WHEN out = '' THEN '' WHEN i > 1 OR gap = 1 THEN ' <-> ' ELSE ' <' || gap || '> ' END
          || '''' || replace(replace(substr(part, i, 2), '\', '\\'), '''', '''''') || ''''
          || CASE WHEN k = 1 THEN ':*' ELSE '' END;
      END LOOP;
      gap := CASE WHEN k = 1 THEN 1 ELSE 2 END;
    ELSE
      prev := NULL;
      FOR lex IN SELECT u.lexeme, x.pos FROM unnest(to_tsvector('simple'::regconfig, part)) u, unnest(u.positions) x(pos) ORDER BY x.pos LOOP
        out := out || CASE WHEN out = '' THEN '' WHEN prev IS NULL AND gap <> 1 THEN ' <' || gap || '> ' ELSE ' <-> ' END
          || '''' || replace(replace(lex.lexeme, '\', '\\'), '''', '''''') || '''';
        prev := lex.pos;
      END LOOP;
      IF prev IS NOT NULL THEN
        IF prefix AND p = array_length(parts, 1) THEN out := out || ':*'; END IF;
        gap := 1;
      END IF;
    END IF;
  END LOOP;
  RETURN out::tsquery;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "messages_text_tsv"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  streaming boolean := NOT NEW.is_created_by_user AND NEW.unfinished AND NEW.finish_reason IS NULL;
BEGIN
  IF TG_OP = 'INSERT'
     OR NEW.text IS DISTINCT FROM OLD.text
     OR streaming IS DISTINCT FROM
        (NOT OLD.is_created_by_user AND OLD.unfinished AND OLD.finish_reason IS NULL) THEN
    NEW.text_tsv := CASE WHEN streaming THEN NULL ELSE public.search_vector(NEW.text) END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Backfill: every indexed message read again (streaming replies keep NULL). The index is dropped
-- first and built once at the end, much faster than updating it row by row.
DROP INDEX "messages_text_tsv_idx";--> statement-breakpoint
UPDATE "messages" SET "text_tsv" = search_vector("text") WHERE "text_tsv" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_text_tsv_idx" ON "messages" USING gin ("text_tsv");--> statement-breakpoint
DROP INDEX "conversations_title_tsv_idx";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "title_tsv";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "title_tsv" tsvector GENERATED ALWAYS AS (search_vector("title")) STORED;--> statement-breakpoint
CREATE INDEX "conversations_title_tsv_idx" ON "conversations" USING gin ("title_tsv");
