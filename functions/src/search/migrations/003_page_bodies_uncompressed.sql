-- A page's text kept uncompressed. A snippet finds its window in the page and makes its headline
-- from a slice of it (searcher.ts, decorate): with the text compressed, each of those reads
-- decompressed the whole page first (~40 µs for 3 KB on PGlite), two or three times a hit.
-- Uncompressed, `substr` reads only its slice. Measured on the bench's 10,000 notes (PGlite, the
-- same data before and after, 20 snippets): a rare word's 16-17 ms -> 10-14, a typo's 10-11 ->
-- 7-8; the most common word's and two words' within noise. The cost: the pages' text takes its
-- full size (3.1 KB a page there, ~5 KB more a note, ~4% of the index). Pages written before
-- this keep their compressed text until their note's text is indexed again (`npm run reindex`
-- rewrites them all).
ALTER TABLE search_pages ALTER COLUMN body SET STORAGE EXTERNAL;
