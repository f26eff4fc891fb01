-- Quoted phrases through an index. A phrase's words are in thousands of notes when they are
-- common ("of the", "data structure"), and checking each candidate's positions reads its whole
-- vector (~60 µs a note: ~400 ms for two common words at 10,000 notes). text_pairs holds every
-- pair of words that are next to each other in the file's text ('oper system'), so a phrase's
-- pairs are looked up in a GIN index first and only the few notes that have them all are
-- checked. Built from each page's positions, so it covers the whole text, past the first ~8,000
-- words that search_notes.tsv keeps positions for.

-- The adjacent pairs of a vector, "lexeme lexeme" (lexemes hold no space), in no order.
CREATE FUNCTION notenest_pairs(v tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH p AS (SELECT u.lexeme, unnest(u.positions) AS pos FROM unnest(v) AS u)
  SELECT DISTINCT a.lexeme || ' ' || b.lexeme FROM p a JOIN p b ON b.pos = a.pos + 1
$$;

-- The pairs of a note's pages, as one vector (no positions).
CREATE FUNCTION notenest_text_pairs(note text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT pr), '{}'))
    FROM search_pages p, notenest_pairs(p.tsv) AS pr
   WHERE p.note_id = note
$$;

ALTER TABLE search_notes ADD COLUMN text_pairs tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE search_notes n SET text_pairs = notenest_text_pairs(n.id)
 WHERE EXISTS (SELECT 1 FROM search_pages p WHERE p.note_id = n.id);
CREATE INDEX search_notes_text_pairs ON search_notes USING gin (text_pairs);
