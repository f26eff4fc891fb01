-- Quoted phrases through indexes. A phrase's words are in thousands of notes when they are
-- common ("of the", "data structure"), and checking each candidate's positions reads its whole
-- vector (~60 µs a note: ~400 ms for two common words at 10,000 notes). text_pairs holds every
-- pair of words that are next to each other in the file's text ('oper system'), so a phrase's
-- pairs are looked up in a GIN index first and only the few notes that have them all are
-- checked; a two-word phrase is its pair, and needs no check at all. Built from each page's
-- positions, so it covers the whole text, past the first ~8,000 words that search_notes.tsv keeps
-- positions for. meta_pairs holds the same for the note's own fields, so that neither side of a
-- phrase's "in the fields or in the text" needs a vector read to decide (a phrase looked up in
-- meta_tsv's index must be checked note by note).
--
-- A pair is kept as a 32-bit hash, not as text: a long document has ~100,000 distinct pairs
-- ("line 12345", "12345 of" ...), past tsvector's 1 MB, which would fail its indexing (and its
-- retries) for ever; as integers it is 400 KB. Two pairs with one hash only make a note a
-- candidate it is not: a phrase of three or more words has its positions checked anyway, and a
-- two-word phrase (decided by its pair alone) could list a wrong note once in ~4 billion pairs.

-- A pair "lexeme lexeme" as the int the pair columns hold: md5 (stable across PostgreSQL
-- versions and servers, unlike hashtext), its first 32 bits.
CREATE FUNCTION notenest_pair_hash(pair text) RETURNS int
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ('x' || left(md5(pair), 8))::bit(32)::int
$$;

-- The hashes of pairs given as text: a phrase's pairs, looked up with `@>`.
CREATE FUNCTION notenest_pair_hashes(pairs text[]) RETURNS int[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT notenest_pair_hash(p)), '{}') FROM unnest(pairs) AS p
$$;

-- The adjacent pairs of a vector, "lexeme lexeme" (lexemes hold no space), in no order.
CREATE FUNCTION notenest_pairs(v tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH p AS (SELECT u.lexeme, unnest(u.positions) AS pos FROM unnest(v) AS u)
  SELECT DISTINCT a.lexeme || ' ' || b.lexeme FROM p a JOIN p b ON b.pos = a.pos + 1
$$;

-- The pairs of a note's pages.
CREATE FUNCTION notenest_text_pairs(note text) RETURNS int[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT notenest_pair_hash(pr)), '{}')
    FROM search_pages p, notenest_pairs(p.tsv) AS pr
   WHERE p.note_id = note
$$;

-- The pairs of a note's fields, field by field (no pair runs from one field into the next).
CREATE FUNCTION notenest_meta_pairs(
  title text, subject text, course text, college text, description text, uploader text
) RETURNS int[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT notenest_pair_hash(pr)), '{}')
    FROM unnest(ARRAY[title, subject, course, college, description, uploader]) AS f(v),
         notenest_pairs(to_tsvector('notenest_english', coalesce(f.v, ''))) AS pr
$$;

ALTER TABLE search_notes ADD COLUMN text_pairs int[] NOT NULL DEFAULT '{}';
ALTER TABLE search_notes ADD COLUMN meta_pairs int[] NOT NULL DEFAULT '{}';
UPDATE search_notes n SET text_pairs = notenest_text_pairs(n.id)
 WHERE EXISTS (SELECT 1 FROM search_pages p WHERE p.note_id = n.id);
UPDATE search_notes SET meta_pairs = notenest_meta_pairs(title, subject, course, college,
                                                         description, uploader_name)
 WHERE title IS NOT NULL;
CREATE INDEX search_notes_text_pairs ON search_notes USING gin (text_pairs);
CREATE INDEX search_notes_meta_pairs ON search_notes USING gin (meta_pairs);
