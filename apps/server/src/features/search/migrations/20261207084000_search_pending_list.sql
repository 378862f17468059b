-- Hand-written (features/search). The messages' GIN index takes new entries into its pending list
-- (fastupdate) and merges the list into the index once it holds gin_pending_list_limit, 4 MB by
-- default. That merge runs inside whichever statement fills the list: on the embedded store, one
-- reply's final save in a few hundred took 0.7-1.2 s, and every other reply's stream waited
-- behind it. At 256 kB the merges come sixteen times as often and each takes about a fifth as
-- long (150-215 ms at worst for a 2,500-word reply of unique words), for the same total work: bulk
-- inserts (imports) took as long as with 4 MB. A search reads the whole pending list, so a
-- shorter list is also a faster search.
ALTER INDEX "messages_text_tsv_idx" SET (gin_pending_list_limit = 256);
