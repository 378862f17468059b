-- Hand-written (features/search): the same reading of text as before, computed for less. Every
-- message saved or imported runs it through its trigger, and it was about half of that row's
-- cost on PGlite:
-- - translate() walks its whole list of characters for every character of the text, and the
--   test that called it matched any text holding the capital letter I (most English text). The
--   I is now lowered to i by replace() (one fast pass), and translate runs only on text with one
--   of the other characters it changes; its result is the same, since it maps I to i too.
-- - normalize() copies the text even when it is already in NFKC form (nearly all text); the
--   check `IS NFKC NORMALIZED` is about a quarter of its cost, and normalize runs only when it fails.
-- - search_vector is a SQL function the planner inlines where it is called (the trigger's
--   expression), one PL/pgSQL call fewer per row.
CREATE OR REPLACE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  f text := replace(CASE WHEN t IS NFKC NORMALIZED THEN t ELSE normalize(t, NFKC) END, 'I', 'i');
BEGIN
  IF f ~ '[İıЁёأإآٱًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞـ]' THEN
    f := translate(f, 'İIıЁёأإآٱًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞـ', 'iiiееاااا');
  END IF;
  RETURN lower(f);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_vector"(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, public.search_text(t))
$$;
