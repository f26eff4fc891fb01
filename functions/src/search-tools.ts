/**
 * lib/search-tools.js (functions/build.mjs): the search index's upkeep for scripts, with the
 * functions' own code. scripts/seed.mjs indexes the demo notes after seeding (its triggers are
 * paused), giving the text of the files it has just read; scripts/reindex.mjs (`npm run reindex`)
 * rebuilds the index from Firestore. Both reach the emulators through the *_EMULATOR_HOST
 * variables and the index through SEARCH_DATABASE_URL, and call closeSearchDb() when done.
 */
export {
  catchUpSearch,
  indexNoteText,
  reindexAll,
  searchIndexEmpty,
} from './services/search-sync.js';
export { closeSearchDb } from './services/search-db.js';
