-- Hand-written (features/search). messages.text_tsv stops being a generated column: a streaming
-- reply's text is saved every second, and re-tokenising the whole text (and its GIN entries) on
-- each save cost ~70% of that UPDATE. The trigger below keeps it NULL while a reply is streaming
-- (an AI message, unfinished, without a finish_reason) and computes it on insert and whenever the
-- text or that state changes otherwise: user messages, edits and every finished, stopped (abort)
-- or failed reply are indexed at once. An UPDATE that changes neither leaves the vector as is.
-- DROP EXPRESSION keeps every existing row's vector and the GIN index.
ALTER TABLE "messages" ALTER COLUMN "text_tsv" DROP EXPRESSION;--> statement-breakpoint
CREATE FUNCTION "messages_text_tsv"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  streaming boolean := NOT NEW.is_created_by_user AND NEW.unfinished AND NEW.finish_reason IS NULL;
BEGIN
  IF TG_OP = 'INSERT'
     OR NEW.text IS DISTINCT FROM OLD.text
     OR streaming IS DISTINCT FROM
        (NOT OLD.is_created_by_user AND OLD.unfinished AND OLD.finish_reason IS NULL) THEN
    NEW.text_tsv := CASE WHEN streaming THEN NULL ELSE to_tsvector('simple'::regconfig, NEW.text) END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_text_tsv" BEFORE INSERT OR UPDATE OF "text", "is_created_by_user", "unfinished", "finish_reason"
  ON "messages" FOR EACH ROW EXECUTE FUNCTION "messages_text_tsv"();
