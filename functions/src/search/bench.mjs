#!/usr/bin/env node
/**
 * Search bench (issue 28): indexes SEARCH_BENCH_NOTES (10,000) notes of ~2,000 words each (a
 * 50,000-word Zipf vocabulary, cut into 400-word pages), then times each query kind through the
 * module (search() over `pg`, as the functions call it) and prints p50/p95 next to the targets,
 * with indexing time and index size per note, and a 36-page PDF's text indexed.
 *
 *   node functions/src/search/bench.mjs [--server=pglite|debian] [--notes=N] [--runs=N]
 *
 * pglite (default): PGlite over its socket (scripts/lib/search-db.mjs), the local default.
 * debian: a throwaway cluster of Debian's PostgreSQL (functions/src/search/testing).
 * The module is TypeScript: it is bundled with esbuild first (into node_modules/.cache).
 * CPU heavy (minutes): not part of any test run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const functionsDir = path.resolve(here, '..', '..');
const arg = (name, dflt) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const SERVER = arg('server', 'pglite');
const NOTES = Number(arg('notes', process.env.SEARCH_BENCH_NOTES ?? 10_000));
const RUNS = Number(arg('runs', 40));
const WORDS_PER_NOTE = 2_000;
const PAGE_WORDS = 400;
const VOCABULARY = 50_000;

// Deterministic randomness (mulberry32), so two runs index the same notes and ask the same.
let seed = 0x5eed;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

/** Pronounceable, distinct words: the vocabulary, most frequent first. */
function vocabulary() {
  const c = 'bcdfghjklmnprstvwz';
  const v = 'aeiou';
  const seen = new Set();
  const out = [];
  while (out.length < VOCABULARY) {
    const syllables = 1 + Math.floor(random() * 4) + (out.length > 1000 ? 1 : 0);
    let w = '';
    for (let i = 0; i < syllables; i++) w += pick(c) + pick(v);
    if (random() < 0.4) w += pick(c);
    if (w.length >= 3 && !seen.has(w)) {
      seen.add(w);
      out.push(w);
    }
  }
  return out;
}

const words = vocabulary();
// Zipf (s = 1): word k (1-based) drawn with probability proportional to 1/k.
const cdf = [];
let sum = 0;
for (let k = 1; k <= VOCABULARY; k++) cdf.push((sum += 1 / k));
function zipfWord() {
  const x = random() * sum;
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return words[lo];
}
const SUBJECTS = [
  'Physics',
  'Chemistry',
  'Mathematics',
  'Biology',
  'Computer Science',
  'Economics',
  'History',
  'Literature',
  'Mechanics',
  'Electronics',
  'Statistics',
  'Law',
];
const COURSES = ['B.Tech', 'B.Sc', 'BCA', 'MCA', 'B.Com', 'BA', 'M.Sc', 'MBA', 'B.Pharm', 'BBA'];
const COLLEGES = [
  'North College',
  'South Institute',
  'East University',
  'West Academy',
  'Central College',
  'Hill Institute',
  'River University',
  'Lake College',
];

function note(i) {
  const text = [];
  for (let p = 0; p < WORDS_PER_NOTE / PAGE_WORDS; p++) {
    const page = [];
    for (let j = 0; j < PAGE_WORDS; j++) page.push(zipfWord());
    text.push(page.join(' '));
  }
  const title = Array.from(
    { length: 3 + Math.floor(random() * 3) },
    () => words[100 + Math.floor(random() * 5000)],
  ).join(' ');
  return {
    fields: {
      id: `bench-${String(i).padStart(6, '0')}`,
      title,
      subject: pick(SUBJECTS),
      course: pick(COURSES),
      college: pick(COLLEGES),
      description: Array.from({ length: 12 }, zipfWord).join(' '),
      uploaderName: `student${Math.floor(random() * 500)}`,
      semester: 1 + Math.floor(random() * 8),
      approved: random() < 0.95,
      createdAt: new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 7e10)),
      likeCount: Math.floor(random() * 100),
      downloadCount: Math.floor(random() * 500),
    },
    text,
  };
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;

async function bundle() {
  const out = path.join(functionsDir, 'node_modules', '.cache', 'search-bench');
  mkdirSync(out, { recursive: true });
  await esbuild.build({
    absWorkingDir: functionsDir,
    entryPoints: { search: 'src/search/index.ts', debian: 'src/search/testing/debian-postgres.ts' },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return {
    search: await import(pathToFileURL(path.join(out, 'search.js')).href),
    debian: await import(pathToFileURL(path.join(out, 'debian.js')).href),
  };
}

async function startServer(debian) {
  if (SERVER === 'debian') {
    const missing = debian.debianPostgresMissing();
    if (missing) throw new Error(missing);
    const s = await debian.startDebianPostgres();
    return { url: s.url, stop: s.stop, label: `Debian PostgreSQL ${s.version}` };
  }
  const { startSearchDb } = await import('../../../scripts/lib/search-db.mjs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'notenest-search-bench-'));
  const s = await startSearchDb({ dataDir: dir });
  return {
    url: s.url,
    label: 'PGlite 0.5 over pglite-socket',
    async stop() {
      await s.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const { search: S, debian } = await bundle();
const server = await startServer(debian);
const client = S.pgPoolClient(new pg.Pool({ connectionString: server.url, max: 2 }));
try {
  await S.migrate(client, path.join(here, 'migrations'));
  console.log(`search bench: ${server.label}, ${NOTES} notes x ${WORDS_PER_NOTE} words`);

  // Indexing.
  const texts = [];
  const perNote = [];
  const started = performance.now();
  for (let i = 0; i < NOTES; i++) {
    const n = note(i);
    if (i < 200) texts.push(n.text);
    const t = performance.now();
    await S.upsertNote(client, n.fields);
    await S.upsertNoteText(client, n.fields.id, 1, n.text);
    perNote.push(performance.now() - t);
    if ((i + 1) % 1000 === 0) {
      console.log(`  indexed ${i + 1} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  const analyze = performance.now();
  await client.exec('ANALYZE');
  const analyzeMs = performance.now() - analyze;
  const { rows: size } = await client.query(
    `SELECT sum(pg_total_relation_size(c))::bigint AS bytes
       FROM unnest(ARRAY['search_notes', 'search_pages', 'search_words']::regclass[]) AS c`,
  );
  const bytesPerNote = Number(size[0].bytes) / NOTES;

  // A 36-page PDF's text (~500 words a page, 7-letter words on average as in real text).
  const pdfPages = Array.from({ length: 36 }, () =>
    Array.from({ length: 500 }, zipfWord).join(' '),
  );
  const pdfTimes = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    await S.upsertNoteText(client, 'bench-pdf', r + 1, pdfPages);
    pdfTimes.push(performance.now() - t);
  }
  await S.upsertNote(client, {
    id: 'bench-pdf',
    title: 'A long PDF',
    approved: true,
    createdAt: new Date(),
  });

  // Queries.
  const midWord = () => words[100 + Math.floor(random() * 2000)];
  const typoOf = (w) => {
    const at = Math.floor(w.length / 2);
    return w.slice(0, at) + (w[at] === 'q' ? 'x' : 'q') + w.slice(at + 1);
  };
  const kinds = {
    'rare word': () => ({ q: `${words[20_000 + Math.floor(random() * 20_000)]} ` }),
    'most common word': () => ({ q: `${words[0]} ` }),
    'two words': () => ({ q: `${midWord()} ${midWord()} ` }),
    phrase: () => {
      const page = pick(pick(texts)).split(' ');
      const at = Math.floor(random() * (page.length - 1));
      return { q: `"${page[at]} ${page[at + 1]}"` };
    },
    prefix: () => ({ q: midWord().slice(0, 4) }),
    typo: () => {
      let w = midWord();
      while (w.length < 7) w = words[100 + Math.floor(random() * 5000)];
      return { q: `${typoOf(w)} ` };
    },
    'two filters': () => ({
      q: `${midWord()} `,
      filters: { subject: pick(SUBJECTS), semester: 1 + Math.floor(random() * 8) },
    }),
  };
  const rows = [];
  for (const [kind, make] of Object.entries(kinds)) {
    const times = [];
    const totals = [];
    for (let r = 0; r < RUNS + 3; r++) {
      const req = make();
      const t = performance.now();
      const res = await S.search(client, { ...req, limit: 20 });
      if (r >= 3) {
        times.push(performance.now() - t); // the first 3 warm the caches
        totals.push(res.total);
      }
    }
    rows.push({
      kind,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      matches: quantile(totals, 0.5),
    });
  }

  console.log('');
  console.log('| query | p50 | p95 | matches (median) | target |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const ok = r.p50 <= 50 && r.p95 <= 150 ? 'ok' : 'MISSED';
    console.log(
      `| ${r.kind} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.matches} | p50 <= 50 ms, p95 <= 150 ms: ${ok} |`,
    );
  }
  const pdf = quantile(pdfTimes, 0.5);
  console.log('');
  console.log('| indexing | figure | target |');
  console.log('| --- | --- | --- |');
  console.log(
    `| per note (fields + 2,000 words in 5 pages), p50 / p95 | ${ms(quantile(perNote, 0.5))} / ${ms(quantile(perNote, 0.95))} | |`,
  );
  console.log(
    `| all ${NOTES} notes | ${((performance.now() - started) / 1000).toFixed(0)} s (ANALYZE ${ms(analyzeMs)}) | |`,
  );
  console.log(
    `| a 36-page PDF's text (18,000 words), median of 5 | ${ms(pdf)} | <= 200 ms: ${pdf <= 200 ? 'ok' : 'MISSED'} |`,
  );
  console.log(
    `| index size per note (tables + indexes + vocabulary) | ${(bytesPerNote / 1024).toFixed(1)} KiB | |`,
  );
} finally {
  await client.close();
  await server.stop();
}
