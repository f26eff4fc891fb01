/**
 * Search (issue 28): every word of every note and of its file, forgiving typos, ranked, with
 * snippets. PostgreSQL full-text search, derived from Firestore (the source of truth) and kept by
 * the triggers; `npm run reindex` can rebuild it from Firestore at any time.
 *
 * WHERE IT LIVES
 *   Local (npm start, test stacks): an embedded PGlite with its data in the data folder beside the
 *   emulators' exports, served over the PostgreSQL wire protocol by scripts/lib/search-db.mjs
 *   (startSearchDb({ dataDir }) -> { url, stop }); the functions get its URL as
 *   SEARCH_DATABASE_URL. Production: Cloud SQL for PostgreSQL (15 or newer) through the Cloud SQL
 *   Node.js Connector (config.ts). Tests also run on Debian's PostgreSQL server
 *   (scripts/lib/debian-postgres.mjs), so the production path is proven on a real server.
 *
 * POINTING IT AT CLOUD SQL
 *   1. Create a PostgreSQL instance and a database and user, e.g. `notenest`/`notenest`; enable
 *      the Cloud SQL Admin API; grant the functions' service account roles/cloudsql.client.
 *   2. firebase functions:secrets:set SEARCH_DB_PASSWORD
 *   3. Set the params (functions/.env.<project>, or answer `firebase deploy`'s prompt):
 *        SEARCH_INSTANCE_CONNECTION_NAME=<project>:<region>:<instance>
 *        SEARCH_DB_USER=notenest   SEARCH_DB_NAME=notenest
 *      and bind the secret to the functions that use search (`secrets: [SEARCH_DB_PASSWORD]`).
 *   Without an instance name, the environment variable SEARCH_DATABASE_URL (a postgres:// URL)
 *   is used instead (functions/.env.<project>, or the environment; not a param: see config.ts).
 *   The schema is migrations/NNN_*.sql, applied by migrate() at start (idempotent, advisory
 *   lock: several instances may start at once); the user needs CREATE on the database, and
 *   CREATE EXTENSION of pg_trgm and unaccent (allowed to Cloud SQL's default user).
 *
 * WHAT IS STORED (migrations/001_search_schema.sql)
 *   search_notes: one row per note, its fields, and two vectors: meta_tsv (title A, subject and
 *   course B, college, description and uploader C; English stems AND exact forms, diacritics
 *   folded) and tsv = meta_tsv || the file's text (D), GIN-indexed. search_pages: the file's text
 *   per PDF page (or per 16,000-character chunk), with its vector: names the page of a hit,
 *   makes the snippet, checks quoted phrases. search_words: the vocabulary (pg_trgm GiST index)
 *   for typos, "Did you mean" and completions. search_removed: ids removed for good.
 *
 * WRITING (indexer.ts), all idempotent: upsertNote(fields), upsertNoteText(id, generation,
 *   pages) - an older file generation never replaces a newer one -, setVisibility(id, approved)
 *   (hides at once), removeNote(id).
 *
 * READING (searcher.ts): search({ q, filters, sort, limit, page | cursor, includePending })
 *   -> { hits: [{ id, rank, snippet, page }], total, didYouMean?, nextCursor }, and
 *   suggestions(typed) for the search box. A query's words must all match (AND); "quoted words"
 *   match as a phrase; the last word also matches as a prefix while typing; English stemming plus
 *   exact forms and codes ("CS101"); diacritics folded; a word of 5+ letters that no note has is
 *   read as any known word one edit away (a word of a-z letters: its one-edit neighbours looked
 *   up in the vocabulary by equality, ~2 ms; other scripts: a trigram search); when nothing
 *   matches, didYouMean offers a corrected query that does. Relevance first (matches in the
 *   note's own fields, then by ts_rank_cd with the weights above and length normalisation; past
 *   RANK_ALL_MAX matches, each tier scores its RANK_POOL most liked and lists the rest by likes,
 *   so a word in every note is not scored in every note); newest / mostLiked / mostDownloaded on
 *   request. Readers see approved notes only; includePending (admins) shows pending ones too,
 *   and filters.approved narrows to one kind (the review list). The snippet is HTML: the text
 *   escaped, the matched words in <mark>.
 *
 * The database must use a UTF-8 encoding and character type (Cloud SQL's default, en_US.UTF8;
 * PGlite's C.UTF-8): under plain C, PostgreSQL's parser takes every non-ASCII character for a
 * letter, and a word beside a typographic quote or dash is not found.
 *
 * Tests: search.test.ts and real-documents.test.ts (the same suites on PGlite over its socket
 * and on Debian's PostgreSQL), query-text.test.ts. Figures: `node src/search/bench.mjs` from
 * functions/ (the module), `npm run bench -- --only=search` (through the facade).
 */
export { migrate, readMigrations, MIGRATIONS_DIR } from './migrate.js';
export {
  upsertNote,
  upsertNoteText,
  setVisibility,
  removeNote,
  MAX_TEXT_CHARS,
  type IndexedNote,
  type NoteTextOptions,
} from './indexer.js';
export {
  search,
  decorateHits,
  suggestions,
  SearchInputError,
  RANK_ALL_MAX,
  SEARCH_SORTS,
  type SearchSort,
  type SearchFilters,
  type SearchRequest,
  type SearchHit,
  type SearchResult,
  type SearchOptions,
  type Undecorated,
} from './searcher.js';
export { pgPoolClient, pgliteClient, type SqlClient, type SqlQueryable } from './sql-client.js';
export {
  openSearchDb,
  searchDbConfigFromParams,
  SearchUnavailableError,
  type SearchDbConfig,
} from './config.js';
