#!/usr/bin/env node
/**
 * Search bench (issue 28): indexes SEARCH_BENCH_NOTES (10,000) notes of ~2,000 words each (a
 * 50,000-word Zipf vocabulary, cut into 400-word pages), then times each query kind through the
 * module (search() over `pg`, as the functions call it) and prints p50/p95 next to the targets,
 * with indexing time and index size per note, and a 36-page PDF's text indexed.
 *
 *   node functions/src/search/bench.mjs [--server=pglite|debian] [--notes=N] [--runs=N]
 *     [--data=<dir>] [--kinds=phrase,typo]
 *
 * --data (PGlite): a kept data folder, indexed by the first run only. --kinds: those query kinds
 * only. The notes and queries are scripts/lib/search-bench-notes.mjs's.
 *
 * pglite (default): PGlite over its socket (scripts/lib/search-db.mjs), the local default.
 * debian: a throwaway cluster of Debian's PostgreSQL (scripts/lib/debian-postgres.mjs).
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
import { WORDS_PER_NOTE, benchCorpus, quantile } from '../../../scripts/lib/search-bench-notes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const functionsDir = path.resolve(here, '..', '..');
const arg = (name, dflt) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const SERVER = arg('server', 'pglite');
const NOTES = Number(arg('notes', process.env.SEARCH_BENCH_NOTES ?? 10_000));
const RUNS = Number(arg('runs', 40));
const DATA = arg('data', '');
const ONLY_KINDS = arg('kinds', '').split(',').filter(Boolean);
const { note, pdfPages, queryKinds } = benchCorpus();

const ms = (x) => `${x.toFixed(1)} ms`;

async function bundle() {
  const out = path.join(functionsDir, 'node_modules', '.cache', 'search-bench');
  mkdirSync(out, { recursive: true });
  await esbuild.build({
    absWorkingDir: functionsDir,
    entryPoints: { search: 'src/search/index.ts' },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return await import(pathToFileURL(path.join(out, 'search.js')).href);
}

async function startServer() {
  if (SERVER === 'debian') {
    const debian = await import('../../../scripts/lib/debian-postgres.mjs');
    const missing = debian.debianPostgresMissing();
    if (missing) throw new Error(missing);
    const s = await debian.startDebianPostgres();
    return { url: s.url, stop: s.stop, label: `Debian PostgreSQL ${s.version}` };
  }
  const { startSearchDb } = await import('../../../scripts/lib/search-db.mjs');
  // --data=<dir>: kept, and indexed once (iterating on queries without indexing again).
  const dir = DATA || mkdtempSync(path.join(os.tmpdir(), 'notenest-search-bench-'));
  const s = await startSearchDb({ dataDir: dir });
  return {
    url: s.url,
    label: 'PGlite 0.5 over pglite-socket',
    async stop() {
      await s.stop();
      if (!DATA) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const S = await bundle();
const server = await startServer();
const client = S.pgPoolClient(new pg.Pool({ connectionString: server.url, max: 2 }));
try {
  await S.migrate(client, path.join(here, 'migrations'));
  console.log(`search bench: ${server.label}, ${NOTES} notes x ${WORDS_PER_NOTE} words`);
  const { rows: had } = await client.query(
    "SELECT count(*)::int AS n FROM search_notes WHERE id LIKE 'bench-0%'",
  );
  const indexed = had[0].n >= NOTES;
  if (indexed) console.log(`  ${DATA} holds the notes already: indexing skipped`);

  // Indexing (the notes are made either way: the queries come next in the random sequence).
  const texts = [];
  const perNote = [];
  const started = performance.now();
  for (let i = 0; i < NOTES; i++) {
    const n = note(i);
    if (i < 200) texts.push(n.text);
    if (indexed) continue;
    const t = performance.now();
    await S.upsertNote(client, n.fields);
    await S.upsertNoteText(client, n.fields.id, 1, n.text);
    perNote.push(performance.now() - t);
    if ((i + 1) % 1000 === 0) {
      console.log(`  indexed ${i + 1} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  const fillSeconds = (performance.now() - started) / 1000;
  const analyze = performance.now();
  // What autovacuum does after a bulk load (for PGlite, scripts/lib/search-db.mjs): done now, so
  // that none runs among the timed searches.
  await client.exec('VACUUM (ANALYZE)');
  const analyzeMs = performance.now() - analyze;
  const { rows: size } = await client.query(
    `SELECT sum(pg_total_relation_size(c))::bigint AS bytes
       FROM unnest(ARRAY['search_notes', 'search_pages', 'search_words']::regclass[]) AS c`,
  );
  const bytesPerNote = Number(size[0].bytes) / NOTES;

  // A 36-page PDF's text (~500 words a page).
  const pdf36 = pdfPages();
  const pdfTimes = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    await S.upsertNoteText(client, 'bench-pdf', Date.now() * 1000 + r, pdf36);
    pdfTimes.push(performance.now() - t);
  }
  await S.upsertNote(client, {
    id: 'bench-pdf',
    title: 'A long PDF',
    approved: true,
    createdAt: new Date(),
  });

  // Queries.
  const rows = [];
  for (const [kind, make] of Object.entries(queryKinds(texts))) {
    const times = [];
    const totals = [];
    for (let r = 0; r < RUNS + 3; r++) {
      const req = make();
      if (ONLY_KINDS.length > 0 && !ONLY_KINDS.includes(kind)) continue;
      const t = performance.now();
      const res = await S.search(client, { ...req, limit: 20 });
      if (r >= 3) {
        times.push(performance.now() - t); // the first 3 warm the caches
        totals.push(res.total);
      }
    }
    if (times.length === 0) continue;
    rows.push({
      kind,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      matches: quantile(totals, 0.5),
    });
  }

  // What the local server's wrapping costs (sql-client.ts, ownTransactions: each plain statement
  // in a transaction of its own, as the functions do in URL mode): the same statement both ways.
  const plainPool = new pg.Pool({ connectionString: server.url, max: 1 });
  const wrapped = S.pgPoolClient(plainPool, { ownTransactions: true });
  const bare = S.pgPoolClient(plainPool);
  const statement = 'SELECT word FROM search_words WHERE word = ANY($1::text[])';
  const wrap = {};
  for (const [label, c] of [
    ['plain', bare],
    ['own transaction', wrapped],
    ['plain', bare],
    ['own transaction', wrapped],
  ]) {
    const times = [];
    for (let r = 0; r < 200; r++) {
      const t = performance.now();
      await c.query(statement, [['hucepen', 'zzzz']]);
      times.push(performance.now() - t);
    }
    wrap[label] = quantile(times, 0.5); // the second round of each counts (warm)
  }
  await plainPool.end();

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
    perNote.length === 0
      ? '| per note | (indexed by an earlier run) | |'
      : `| per note (fields + 2,000 words in 5 pages), p50 / p95 | ${ms(quantile(perNote, 0.5))} / ${ms(quantile(perNote, 0.95))} | |`,
  );
  console.log(
    `| all ${NOTES} notes | ${fillSeconds.toFixed(0)} s (VACUUM ANALYZE ${ms(analyzeMs)}) | |`,
  );
  console.log(
    `| a 36-page PDF's text (18,000 words), median of 5 | ${ms(pdf)} | <= 200 ms: ${pdf <= 200 ? 'ok' : 'MISSED'} |`,
  );
  console.log(
    `| a plain statement (vocabulary lookup), p50: alone / in its own transaction (URL mode) | ${ms(wrap['plain'])} / ${ms(wrap['own transaction'])} | |`,
  );
  console.log(
    `| index size per note (tables + indexes + vocabulary) | ${(bytesPerNote / 1024).toFixed(1)} KiB | |`,
  );
} finally {
  await client.close();
  await server.stop();
}
