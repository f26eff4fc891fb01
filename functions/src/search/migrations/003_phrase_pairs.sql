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

-- The pairs of a note's fields, field by field (no pair runs from one field into the next).
CREATE FUNCTION notenest_meta_pairs(
  title text, subject text, course text, college text, description text, uploader text
) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg(DISTINCT pr), '{}'))
    FROM unnest(ARRAY[title, subject, course, college, description, uploader]) AS f(v),
         notenest_pairs(to_tsvector('notenest_english', coalesce(f.v, ''))) AS pr
$$;

ALTER TABLE search_notes ADD COLUMN text_pairs tsvector NOT NULL DEFAULT ''::tsvector;
ALTER TABLE search_notes ADD COLUMN meta_pairs tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE search_notes n SET text_pairs = notenest_text_pairs(n.id)
 WHERE EXISTS (SELECT 1 FROM search_pages p WHERE p.note_id = n.id);
UPDATE search_notes SET meta_pairs = notenest_meta_pairs(title, subject, course, college,
                                                         description, uploader_name)
 WHERE title IS NOT NULL;
CREATE INDEX search_notes_text_pairs ON search_notes USING gin (text_pairs);
CREATE INDEX search_notes_meta_pairs ON search_notes USING gin (meta_pairs);
