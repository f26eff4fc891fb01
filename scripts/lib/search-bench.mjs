/* global fetch, performance, URLSearchParams */
/**
 * `npm run bench -- --only=search` (issue 28, item 6): the search engine through the facade.
 * Fills the running stack with SEARCH_BENCH_NOTES (10,000) notes of ~2,000 words each (the Zipf
 * notes of search-bench-notes.mjs): the note documents are written to Firestore with the triggers
 * paused, then indexed with the functions' own code (functions/lib/search-tools.js: reindexAll
 * for the fields, indexNoteText for each note's pages, as the seed does). Then times
 * `GET /api/notes?search=` (Hosting's rewrite, the Functions emulator, the search index, the notes
 * read back from Firestore) for each query kind, and prints p50/p95 next to the targets, with the
 * indexing time and index size per note and the old Firestore search's figures beside them.
 * Prints; asserts nothing (functions/src/search/*.test.ts are the tests).
 *
 *   SEARCH_BENCH_NOTES=2000   fewer notes (a quicker run)
 *   SEARCH_BENCH_RUNS=30      timed searches per query kind (after 3 warm-ups)
 *   SEARCH_BENCH_DATA=<dir>   the stack's data folder, kept: a later run with the same folder
 *                             skips the fill (10+ minutes) and times the searches on it
 *   SEARCH_BENCH_ENGINE=pglite|postgres   the index's engine: by default Debian's PostgreSQL where
 *                             it is installed (production's engine; a throwaway cluster,
 *                             filled each run), else PGlite (the local default)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import pg from 'pg';
import { indexEntries } from './index-entries.mjs';
import { WORDS_PER_NOTE, benchCorpus, quantile } from './search-bench-notes.mjs';
import { PROJECT, ROOT, withTriggersPaused } from './stack.mjs';

export const SEARCH_BENCH_NOTES = Number(process.env.SEARCH_BENCH_NOTES ?? 10_000);
const RUNS = Number(process.env.SEARCH_BENCH_RUNS ?? 30);
const TARGET = { p50: 50, p95: 150, pdf: 200 };

// The old search, for comparison (Firestore `searchTerms` array-contains, two ranked tiers):
// issue 28 "Why": "a search over 20,000 notes takes about 3 s on the emulator".
const BEFORE_SEARCH = 'about 3 s over 20,000 notes (issue 28, emulator)';
// Index entries per note on the old indexes: scripts/lib/index-entries.mjs over the
// firestore.indexes.json of before issue 28 for a note with 1,000 terms and 40 title terms
// (issue 28, item 4).
const BEFORE_INDEX_ENTRIES = 18_702;

/**
 * Indexes the stack's notes from Firestore with the functions' reindexAll (lib/search-tools.js,
 * built by `npm run build`), as the paused triggers would have: for notes written by a bench
 * with the triggers paused (`text: false`: their fields only). Then `more(tools)` (the search
 * bench's texts), then the tools' client is closed. Resolves to the notes indexed.
 */
export async function indexStackNotes(stack, log, more = async () => {}, { text = true } = {}) {
  // The tools reach the emulators and the index as the functions do: through the environment.
  Object.assign(process.env, stack.emulatorEnv, { GCLOUD_PROJECT: PROJECT });
  const tools = await import(pathToFileURL(path.join(ROOT, 'functions/lib/search-tools.js')).href);
  try {
    const t = performance.now();
    const { notes } = await tools.reindexAll({ concurrency: 4, text });
    log(
      `search index: ${notes} notes' fields indexed in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    await more(tools);
    return notes;
  } finally {
    await tools.closeSearchDb();
  }
}

/**
 * How many bench notes the stack's search index holds with their texts (0 before its tables
 * exist): a stack whose index was empty at its start has the notes' fields only (the seed's
 * reindex).
 */
async function benchNotesIndexed(stack) {
  const pool = new pg.Pool({ connectionString: stack.emulatorEnv.SEARCH_DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query(
      `SELECT CASE WHEN to_regclass('search_notes') IS NULL THEN 0
                   ELSE (SELECT count(*) FROM search_notes
                         WHERE id LIKE 'bench-%' AND text_chars > 0) END::int AS n`,
    );
    return rows[0].n;
  } finally {
    await pool.end();
  }
}

/** The Firestore fields of a bench note (search-bench-notes.mjs's fields) over a seeded note's. */
function noteDocument(template, f) {
  return {
    ...template,
    title: f.title,
    subjectName: f.subject,
    courseName: f.course,
    collegeName: f.college,
    description: f.description,
    uploaderName: f.uploaderName,
    semester: f.semester,
    approved: f.approved,
    createdAt: f.createdAt,
    updatedAt: f.createdAt,
    likesCount: f.likeCount,
    downloadCount: f.downloadCount,
    commentsCount: 0,
  };
}

/** The durations (ms) an answer's Server-Timing gives (functions/src/http/server-timing.ts). */
function serverTiming(header) {
  const steps = {};
  for (const m of (header ?? '').matchAll(/([\w-]+);dur=([\d.]+)/g)) steps[m[1]] = Number(m[2]);
  return steps;
}

async function json(url) {
  const t = performance.now();
  const res = await fetch(url);
  const body = await res.json().catch(() => null);
  const ms = performance.now() - t;
  return { status: res.status, body, ms, steps: serverTiming(res.headers.get('server-timing')) };
}

const ms = (x) => `${x.toFixed(0)} ms`;
const stepMs = (x) => (x === null ? '-' : ms(x));

/**
 * Writes the bench notes to Firestore (triggers paused) and indexes their fields, then their
 * texts timed one by one, and a 36-page PDF's text 5 times. On a stack whose data already holds
 * them (SEARCH_BENCH_DATA, a kept fill) their fields are indexed again, and of the texts only
 * the timings are made again: the first 200 notes' and the PDF's, each under a newer
 * generation. Resolves to the timings and the seeded note the bench notes copy.
 */
async function fillSearchBench(stack, log) {
  const N = SEARCH_BENCH_NOTES;
  const app = initializeApp({ projectId: PROJECT }, `search-${stack.host}`);
  const filled = performance.now();
  let seeded;
  let written;
  // The bench notes in the index already (a kept PGlite's; a PostgreSQL cluster starts empty).
  const kept = (await benchNotesIndexed(stack)) >= N;
  try {
    const db = getFirestore(app);
    db.settings({ host: stack.emulatorEnv.FIRESTORE_EMULATOR_HOST, ssl: false });
    seeded = (
      await db.collection('notes').where('approved', '==', true).limit(1).get()
    ).docs[0]?.data();
    if (!seeded) throw new Error('no approved seeded note to copy');
    written = (await db.doc(`notes/${benchCorpus().note(N - 1).fields.id}`).get()).exists;
    if (written) log(`Firestore holds the ${N} bench notes already: not written again`);
    else {
      // No file of their own: their text is written to the index below, not read from Storage.
      const { filePath: _path, fileType: _type, ...template } = seeded;
      log(`writing ${N} notes to Firestore (triggers paused)`);
      await withTriggersPaused(stack.host, async () => {
        // The fields only: a corpus of its own, so the texts below are the same notes' (same seed).
        const fields = benchCorpus();
        const writer = db.bulkWriter();
        for (let i = 0; i < N; i++) {
          const { fields: f } = fields.note(i);
          void writer.set(db.doc(`notes/${f.id}`), noteDocument(template, f));
          if (i % 1000 === 999) await writer.flush();
        }
        await writer.close();
      });
    }
  } finally {
    await deleteApp(app);
  }
  const inFirestore = performance.now();

  // The fields, then each note's text (2,000 words in 5 pages) timed one by one.
  const corpus = benchCorpus();
  const texts = [];
  const perNote = [];
  const pdf = [];
  // Generations newer than any a kept fill holds (an older one never replaces a newer one):
  // microseconds, as Storage's generations and the index's own (search-sync.ts) are.
  let generation = kept ? Date.now() * 1000 : 1;
  const indexTexts = async (tools) => {
    for (let i = 0; i < (kept ? 200 : N); i++) {
      const n = corpus.note(i);
      if (i < 200) texts.push(n.text);
      const t = performance.now();
      await tools.indexNoteText(n.fields.id, String(generation), { pages: n.text, paged: true });
      perNote.push(performance.now() - t);
      if (i % 1000 === 999) log(`  texts of ${i + 1} notes indexed`);
    }
    // A 36-page PDF's text (18,000 words) replacing a note's, a newer generation each time.
    const pages = corpus.pdfPages();
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      await tools.indexNoteText('bench-000000', String(++generation), { pages, paged: true });
      pdf.push(performance.now() - t);
    }
  };
  // The fields always (a kept fill's too: as this code indexes them), then the texts.
  log(
    kept
      ? "indexing the notes' fields; timing 200 notes' texts and the PDF"
      : `indexing ${N} notes`,
  );
  // A kept fill's texts are the index's alone (no file holds them): its fields only.
  await indexStackNotes(stack, log, indexTexts, { text: !kept });
  const indexed = performance.now();
  return {
    seeded,
    texts,
    perNote,
    pdf,
    // What this run filled (null: kept from an earlier run).
    fill: {
      firestoreMs: written ? null : inFirestore - filled,
      indexMs: kept ? null : indexed - inFirestore,
    },
  };
}

export async function searchFigures(stack, rows, { log }) {
  const N = SEARCH_BENCH_NOTES;
  const { seeded, texts, perNote, pdf, fill } = await fillSearchBench(stack, log);
  const corpus = benchCorpus();

  const pool = new pg.Pool({ connectionString: stack.emulatorEnv.SEARCH_DATABASE_URL, max: 1 });
  let bytes;
  let notesInIndex;
  let engine;
  try {
    // What autovacuum does after a bulk load (scripts/lib/search-db.mjs runs it for PGlite every
    // minute): the dead rows of the fill gone from the indexes, and statistics for the planner.
    // Done now so that no autovacuum runs among the timed searches.
    await pool.query('VACUUM (ANALYZE)');
    const { rows: r } = await pool.query(
      `SELECT (SELECT count(*) FROM search_notes)::int AS notes,
              (SELECT sum(pg_total_relation_size(c))
                 FROM unnest(ARRAY['search_notes', 'search_pages', 'search_words',
                                   'search_cards']::regclass[]) c
              )::bigint AS bytes,
              version() AS version`,
    );
    bytes = Number(r[0].bytes);
    notesInIndex = r[0].notes;
    // "PostgreSQL 17.5 on x86_64-pc-linux-gnu, ..." (PGlite: "... on wasm32 ..."); its first words.
    engine = `${stack.searchEngine === 'postgres' ? "Debian's PostgreSQL" : 'PGlite'}: ${r[0].version.split(',')[0]}`;
  } finally {
    await pool.end();
  }

  // Searches through the facade.
  const kinds = corpus.queryKinds(texts);
  const url = (req) => {
    const p = new URLSearchParams({ search: req.q, limit: '20' });
    if (req.filters?.subject) p.set('subject', req.filters.subject);
    if (req.filters?.semester) p.set('semester', String(req.filters.semester));
    return `${stack.url}/api/notes?${p}`;
  };
  const timed = async (label, make) => {
    const times = [];
    const totals = [];
    const steps = { search: [], read: [] };
    for (let r = 0; r < RUNS + 3; r++) {
      const res = await json(make());
      if (res.status !== 200)
        throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      if (r < 3) continue; // warm-up
      times.push(res.ms);
      totals.push(res.body.total ?? res.body.notes.length);
      for (const step of Object.keys(steps))
        if (res.steps[step] !== undefined) steps[step].push(res.steps[step]);
    }
    return {
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      matches: quantile(totals, 0.5),
      // Medians of the function's own steps: the index, and the read-back (services/note-search.ts).
      search: steps.search.length ? quantile(steps.search, 0.5) : null,
      read: steps.read.length ? quantile(steps.read, 0.5) : null,
    };
  };
  log(`timing searches through the facade (${engine})`);
  rows.push(['search index: engine', engine, '(printed)']);
  // The facade's own share: a list without a search (Firestore, no search index).
  const plain = await timed('list', () => `${stack.url}/api/notes?limit=20`);
  rows.push([
    'GET /api/notes?limit=20 (no search: the facade and Firestore alone)',
    `p50 ${ms(plain.p50)}, p95 ${ms(plain.p95)}`,
    '(reference)',
  ]);
  for (const [kind, make] of Object.entries(kinds)) {
    const f = await timed(kind, () => url(make()));
    const ok = f.p50 <= TARGET.p50 && f.p95 <= TARGET.p95;
    rows.push([
      `search: ${kind} (${f.matches} matches, median)`,
      `p50 ${ms(f.p50)}, p95 ${ms(f.p95)} (median steps: index ${stepMs(f.search)}, read-back ${stepMs(f.read)})   before: ${BEFORE_SEARCH}`,
      `p50 <= ${TARGET.p50} ms, p95 <= ${TARGET.p95} ms ${ok ? 'OK' : 'MISSED'}`,
    ]);
  }

  const pdfMs = quantile(pdf, 0.5);
  rows.push([
    `search index: fill (${N} notes x ${WORDS_PER_NOTE} words)`,
    [
      [fill.firestoreMs, 'Firestore'],
      [fill.indexMs, 'index'],
    ]
      .map(([t, what]) => (t === null ? `${what} kept` : `${(t / 1000).toFixed(0)} s ${what}`))
      .join(' + '),
    '(printed)',
  ]);
  rows.push([
    'search index: a note text (2,000 words, 5 pages)',
    `p50 ${perNote.length ? ms(quantile(perNote, 0.5)) : '-'}, p95 ${perNote.length ? ms(quantile(perNote, 0.95)) : '-'}`,
    '(printed)',
  ]);
  rows.push([
    "search index: a 36-page PDF's text (18,000 words), median of 5",
    ms(pdfMs),
    `<= ${TARGET.pdf} ms ${pdfMs <= TARGET.pdf ? 'OK' : 'MISSED'}`,
  ]);
  rows.push([
    'search index: size per note (tables, indexes, vocabulary)',
    `${(bytes / notesInIndex / 1024).toFixed(1)} KiB (${notesInIndex} notes, ${(bytes / 2 ** 20).toFixed(0)} MiB)`,
    '(printed)',
  ]);
  // Firestore index entries of a seeded note now (no search fields), against the old figure.
  const config = JSON.parse(readFileSync(path.join(ROOT, 'firestore.indexes.json'), 'utf8'));
  // Timestamps as Dates: index-entries.mjs counts a time as one value, not as a map.
  const asStored = Object.fromEntries(
    Object.entries(seeded).map(([k, v]) => [k, typeof v?.toDate === 'function' ? v.toDate() : v]),
  );
  const entries = indexEntries(config, 'notes', asStored);
  rows.push([
    'Firestore index entries per note',
    `${entries.total} (${entries.single} single-field + ${entries.composite} composite)   before: ${BEFORE_INDEX_ENTRIES}`,
    '< 40,000 per document',
  ]);
}
