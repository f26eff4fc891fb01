-- The search index (functions/src/search): derived from Firestore, rebuilt by `npm run reindex`.
-- Runs on PGlite (PostgreSQL 18, wasm), Debian's PostgreSQL 15 and Cloud SQL for PostgreSQL alike:
-- nothing here may need a superuser beyond CREATE EXTENSION of two trusted contrib modules.

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- English stemming WITHOUT a stop list: "between", "about" or "it" must stay searchable (every
-- word of a file finds its note), and a stop word in a query must not silently vanish from the AND.
CREATE TEXT SEARCH DICTIONARY notenest_english_stem (TEMPLATE = snowball, Language = english);

-- Both configurations fold diacritics first (unaccent is a filtering dictionary: "résumé" goes on
-- to the stemmer as "resume"). Number-like tokens ("CS101", "2024") keep the simple mapping of
-- the built-in configuration, so codes match exactly.
CREATE TEXT SEARCH CONFIGURATION notenest_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION notenest_english
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH unaccent, notenest_english_stem;

-- Exact (unstemmed) forms, for the note's own fields only: a title that says "Operating" ranks
-- above one that says "operation", and prefixes ("operati") match the word as written.
CREATE TEXT SEARCH CONFIGURATION notenest_simple (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION notenest_simple
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH unaccent, simple;

-- The weighted vector of a note's own fields: title A, subject and course B, college, description
-- and uploader C; each in the English (stemmed) and the simple (exact) forms.
CREATE FUNCTION notenest_meta_tsv(
  title text, subject text, course text, college text, description text, uploader text
) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT
    setweight(to_tsvector('notenest_english', coalesce(title, ''))
           || to_tsvector('notenest_simple', coalesce(title, '')), 'A')
 || setweight(to_tsvector('notenest_english', concat_ws(' ', subject, course))
           || to_tsvector('notenest_simple', concat_ws(' ', subject, course)), 'B')
 || setweight(to_tsvector('notenest_english', concat_ws(' ', college, description, uploader))
           || to_tsvector('notenest_simple', concat_ws(' ', college, description, uploader)), 'C')
$$;

-- One row per note. A row made by the file's text before the note's fields arrived has
-- title NULL and is never listed (see searcher.ts).
CREATE TABLE search_notes (
  id text PRIMARY KEY,
  uploader_id text,
  uploader_name text,
  title text,
  subject text,
  course text,
  college text,
  description text,
  semester int,
  approved boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  like_count int NOT NULL DEFAULT 0,
  download_count int NOT NULL DEFAULT 0,
  -- Generation of the stored file whose text is indexed (NULL: none yet). An older one never
  -- replaces a newer one (trigger events may arrive late or twice).
  file_generation bigint,
  text_chars int NOT NULL DEFAULT 0,
  -- True when part of the text is in tsv without positions (see notenest_text_tsv): a phrase
  -- that tsv does not match may still be on a page.
  partial_positions boolean NOT NULL DEFAULT false,
  -- The note's fields alone (small, stored inline): the first ranking tier, and cheap to rank.
  meta_tsv tsvector NOT NULL DEFAULT ''::tsvector,
  -- meta_tsv || every page's text (weight D): what a search must match, all words of it.
  tsv tsvector NOT NULL DEFAULT ''::tsvector,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_notes_tsv ON search_notes USING gin (tsv);
CREATE INDEX search_notes_meta_tsv ON search_notes USING gin (meta_tsv);
CREATE INDEX search_notes_created ON search_notes (created_at DESC, id);
CREATE INDEX search_notes_liked ON search_notes (like_count DESC, created_at DESC, id);
CREATE INDEX search_notes_downloaded ON search_notes (download_count DESC, created_at DESC, id);

-- The file's text, one row per PDF page (page = its number) or per chunk of a file without pages
-- (page NULL); long pages are cut into chunks too (seq orders them). Its vector names the page of
-- a hit, carries the snippet, and checks quoted phrases (positions stay exact per row, where a
-- whole long file's would pass tsvector's 16,383 limit).
CREATE TABLE search_pages (
  note_id text NOT NULL,
  seq int NOT NULL,
  page int,
  body text NOT NULL,
  -- White-space separated tokens in body (the parser makes at least as many positions).
  words int NOT NULL,
  tsv tsvector NOT NULL,
  PRIMARY KEY (note_id, seq)
);

-- Every distinct word (unaccented, lower case, letters only, 3-40 long) ever indexed: what typos
-- are corrected to, "Did you mean" is made of, and a prefix being typed is completed from.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops);
CREATE INDEX search_words_prefix ON search_words (word text_pattern_ops);

-- Notes removed from the index: a late or repeated event for one never brings it back
-- (Firestore never reuses a document id).
CREATE TABLE search_removed (id text PRIMARY KEY, removed_at timestamptz NOT NULL DEFAULT now());

-- The file-text part of a note's vector: its pages' vectors in order. Positions are kept for the
-- first ~8,000 words only: tsvector positions stop at 16,383 (a hyphenated word takes three), and
-- past it adjacency would be wrong. The rest is stripped: still matched, not ranked by proximity,
-- and a phrase there is checked on its page (search_notes.partial_positions says so). A
-- tsvector must stay under 1 MB, so a text with more than 60,000 distinct words (a data dump,
-- not lecture notes) keeps its first 60,000 in the note's vector (its pages still hold them all).
CREATE FUNCTION notenest_text_tsv(note text) RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
  acc tsvector := '';
  n int := 0;
  p record;
BEGIN
  FOR p IN SELECT tsv, words FROM search_pages WHERE note_id = note ORDER BY seq LOOP
    n := n + p.words;
    IF n <= 8000 THEN
      acc := acc || p.tsv;
    ELSE
      acc := acc || strip(p.tsv);
    END IF;
    EXIT WHEN length(acc) > 60000;
  END LOOP;
  RETURN acc;
END
$$;

-- Whether a page of the note's file has the phrase. A function (not inlined, as it holds a
-- subquery) so the phrase is checked page by page for each note that has all its words; an
-- EXISTS in the query itself is planned as a scan of every page of every note.
CREATE FUNCTION notenest_pages_match(note text, q tsquery) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM search_pages WHERE note_id = note AND tsv @@ q)
$$;
