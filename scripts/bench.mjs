#!/usr/bin/env node
/**
 * `npm run bench`: builds, starts a seeded stack (scripts/lib/stack.mjs) on a free loopback
 * address, and prints the figures of issue 11 next to their targets. Prints; asserts nothing (the
 * deterministic budgets are tests: web/src/app/bundle-budget.browser.test.ts).
 *
 *   JS per route       gzip (level 9) of every script Chromium fetched with the cache off, from
 *                      the navigation until network idle, as the route's user: signed out for /,
 *                      a demo student for /browse and /notes/:id, the admin for /admin-dashboard.
 *   Lighthouse         mobile (its default: simulated slow 4G, 4x CPU slowdown), LIGHTHOUSE_RUNS
 *                      (5) runs of /, /browse, /about, /sign-in and /notes/:id signed out, and
 *                      signed in of /notes/:id, /profile, /uploading-notes (a demo student) and
 *                      /admin-dashboard (the admin): median (min-max) of performance, LCP, TBT,
 *                      CLS next to the targets (scripts/lib/lighthouse-bench.mjs), with
 *                      /usr/bin/chromium.
 *   Firestore reads    documents the page received from Firestore during one Browse page view
 *                      and one note view, as the student: every response from the Firestore
 *                      emulator's port is read in Chromium (DevTools protocol, streamed
 *                      responses included: WebChannel's hanging GETs), and each document in it
 *                      counts one read (runQuery/batchGet results, Listen documentChange),
 *                      each aggregation result one. Reads the functions make for the page's
 *                      /api calls are not in it.
 *   Search p50         5,000 more approved notes are added to the stack, then Browse searches are
 *                      timed in Chromium from Enter in the search box until the list has loaded.
 *
 *   Documents          (issue 16) the time to read each fixture made by real tools and a 10 MB
 *                      text (text, OCR for scans, thumbnail) with the functions' own reader,
 *                      per file and per MB.
 *   Scale              (issue 18) the stack grows by SCALE_NOTES notes (default 20,000) and
 *                      SCALE_USERS users (2,000); then every admin list call, Browse through the
 *                      facade, admin statistics and a burst of 50 concurrent calls are timed, with
 *                      the documents each call read (X-Firestore-Reads: the facade counts them
 *                      when NOTENEST_READ_METER=1, which the bench sets), and each admin screen's
 *                      first page is timed in Chromium, next to their bounds.
 *   Search             (issue 28) SEARCH_BENCH_NOTES (10,000) notes of ~2,000 Zipf words are
 *                      added and indexed (PostgreSQL, production's engine, where Debian's server
 *                      is installed; else PGlite); GET /api/notes?search= is timed for each query kind
 *                      (rare word, most common word, two words, phrase, prefix, typo, two
 *                      filters): p50/p95 next to the targets, indexing time and index size per
 *                      note, and the old Firestore search's figures (only with --only=search).
 *   Likes              (issue 29) 50 readers like one note at once through the facade, then all
 *                      unlike: p50/p95 next to the 1 s target, answers, and the count's exactness.
 *   Duplicates         (issue 30) the exact (a get by SHA-256) and near (LSH bands) duplicate
 *                      lookups timed with 100 and with 10,000 notes' index documents: same reads.
 *
 *   --only=lighthouse-browse     only Lighthouse on /browse, LIGHTHOUSE_RUNS times (default 3),
 *                                printing each run and the median (for iterating on /browse)
 *   --only=lighthouse            only the Lighthouse figures of every route
 *   --only=scale                 only the scale figures
 *   --only=documents             only the document figures (no stack)
 *   --only=likes                 only the likes figures
 *   --only=duplicates            only the duplicate lookups (scripts/lib/duplicates-bench.mjs):
 *                                exact and near, with 100 and 10,000 notes' index documents
 *   --only=search                only the search figures (scripts/lib/search-bench.mjs;
 *                                SEARCH_BENCH_NOTES, default 10,000; SEARCH_BENCH_DATA=<dir>
 *                                keeps the filled stack's data there for the next run;
 *                                the index on a throwaway cluster of Debian's PostgreSQL,
 *                                production's engine, where it is installed, else PGlite;
 *                                SEARCH_BENCH_ENGINE=pglite|postgres chooses)
 *   LIGHTHOUSE_JSON_DIR=<dir>    also write each Lighthouse report (JSON) there
 *   LIGHTHOUSE_ROUTES=/sign-in,/about   only these routes (labels as printed)
 *   LIGHTHOUSE_BUSY=1            that many processes spin the CPU during the Lighthouse runs
 *   NOTENEST_BENCH_BUILD=never   skip the build (workspaces already built)
 *   CHROME_PATH / CHROMIUM_PATH  the Chromium binary (default /usr/bin/chromium)
 */
/* global fetch, performance, document, MutationObserver, KeyboardEvent */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { PROJECT, ROOT, startStack, takenPorts, withTriggersPaused } from './lib/stack.mjs';
import { debianPostgresMissing } from './lib/debian-postgres.mjs';
import { growStack, measureCalls, measureColdStart, measureScreens } from './lib/scale-bench.mjs';
import { documentsFigures } from './lib/documents-bench.mjs';
import { likeBurstFigures } from './lib/likes-bench.mjs';
import { duplicateLookupFigures } from './lib/duplicates-bench.mjs';
import { indexStackNotes, searchFigures } from './lib/search-bench.mjs';
import { lighthouse as lighthouseRun, lighthouseFigures } from './lib/lighthouse-bench.mjs';

process.env.METADATA_SERVER_DETECTION ??= 'none';
const CHROME = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
const FIRESTORE_PORT = 8080;
const SEARCH_NOTES = 5000;
const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const TARGETS = {
  js: { '/': 90, '/browse': 170 },
  lighthouse: { '/': 0.95, '/browse': 0.95 },
};

function build() {
  if (process.env.NOTENEST_BENCH_BUILD === 'never') return;
  log('building');
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('build failed');
}

async function freeHost() {
  for (let i = 0; i < 20; i++) {
    const n = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
    const host = `127.${n(1, 254)}.${n(0, 255)}.${n(1, 254)}`;
    if (!(await takenPorts(host)).length) return host;
  }
  throw new Error('no free loopback address');
}

// ---------------------------------------------------------------------------------------------
// Browser helpers

/** Signs in on /sign-in; `origin` for a page without a baseURL (a browser reached over CDP). */
async function signIn(page, email, password, origin = '') {
  await page.goto(`${origin}/sign-in`);
  const form = page.locator('form[aria-label="Sign in"]');
  await form.locator('input[type="email"]').fill(email, { timeout: 30_000 });
  await form.locator('input[type="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((u) => !/^\/sign-?in$/.test(u.pathname), { timeout: 30_000 });
  // Let the landing page (/profile, /admin-dashboard) finish loading, so none of its scripts
  // arrives while the next route is being measured (the header's notification bell keeps a
  // listen stream open on signed-in pages: network idle may never come).
  await settled(page);
}

/**
 * Network idle, or, on a page holding a Firestore listen stream open (the note page), which never
 * idles, a quiet moment after the wait: whatever it loads lazily has been requested by then.
 */
async function settled(page) {
  await page
    .waitForLoadState('networkidle', { timeout: 10_000 })
    .catch(() => page.waitForTimeout(2_000));
}

/**
 * Opens `route` with the HTTP cache off (a first visit's JS, even after signing in on the same
 * page) and returns the scripts fetched until network idle, with their gzip sizes.
 */
async function scriptsOf(page, route, ready) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map();
  const onResponse = (res) => {
    if (res.request().resourceType() !== 'script') return;
    // The app's own scripts only: the note page's PDF preview opens Chromium's built-in viewer,
    // whose ~240 extension scripts (chrome-extension://) are the browser's, not ours.
    if (!/^https?:/.test(res.url())) return;
    // A body Chromium no longer holds (the page navigated on, e.g. a redirect) is fetched again:
    // the assets are immutable files of web/dist.
    const body = res
      .body()
      .catch(() => fetch(res.url()).then(async (r) => Buffer.from(await r.arrayBuffer())));
    scripts.set(
      res.url(),
      body.then((b) => gzipSync(b, { level: 9 }).length),
    );
  };
  page.on('response', onResponse);
  await page.goto(route, { waitUntil: 'load' });
  if (ready) await ready(page);
  await settled(page);
  page.off('response', onResponse);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const sizes = await Promise.all([...scripts.values()]);
  return { files: scripts.size, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/** Documents in one Firestore response body (REST JSON or WebChannel frames). */
function documentsIn(body) {
  const count = (re) => (body.match(re) ?? []).length;
  return (
    count(/"documentChange"\s*:/g) +
    count(/"found"\s*:/g) +
    // runQuery answers [{ "document": {...}, "readTime": ... }, ...]
    count(/\{\s*"document"\s*:/g) +
    count(/"aggregateFields"\s*:/g)
  );
}

/** Firestore documents the page received while `fn` ran (see the header). */
async function reads(page, fn) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const firestore = new Set();
  const bodies = new Map();
  const append = (id, text) => bodies.set(id, (bodies.get(id) ?? '') + text);
  const b64 = (data) => Buffer.from(data, 'base64').toString('utf8');
  cdp.on('Network.responseReceived', (e) => {
    if (!new URL(e.response.url).port.endsWith(String(FIRESTORE_PORT))) return;
    firestore.add(e.requestId);
    // Streamed bodies (WebChannel) arrive in dataReceived events once streaming is on.
    cdp
      .send('Network.streamResourceContent', { requestId: e.requestId })
      .then((r) => append(e.requestId, b64(r.bufferedData ?? '')))
      .catch(() => {});
  });
  cdp.on('Network.dataReceived', (e) => {
    if (firestore.has(e.requestId) && e.data) append(e.requestId, b64(e.data));
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!firestore.has(e.requestId) || bodies.has(e.requestId)) return;
    cdp
      .send('Network.getResponseBody', { requestId: e.requestId })
      .then((r) => append(e.requestId, r.base64Encoded ? b64(r.body) : r.body))
      .catch(() => {});
  });
  await fn();
  await new Promise((r) => setTimeout(r, 500));
  await cdp.detach();
  let total = 0;
  for (const body of bodies.values()) total += documentsIn(body);
  return total;
}

// ---------------------------------------------------------------------------------------------
// 5,000 notes for the search timing

const WORDS = [
  'algorithms',
  'thermodynamics',
  'microeconomics',
  'databases',
  'networks',
  'compilers',
  'statistics',
  'genetics',
  'organic',
  'calculus',
  'electronics',
  'marketing',
  'accounting',
  'optics',
  'recursion',
  'probability',
  'sorting',
  'graphs',
  'kinetics',
  'circuits',
];

async function addSearchNotes(stack) {
  const app = initializeApp({ projectId: PROJECT }, `bench-${stack.host}`);
  try {
    const db = getFirestore(app);
    db.settings({ host: stack.emulatorEnv.FIRESTORE_EMULATOR_HOST, ssl: false });
    const template = (await db.collection('notes').where('approved', '==', true).limit(1).get())
      .docs[0];
    if (!template) throw new Error('no approved seeded note to copy');
    const base = template.data();
    const writer = db.bulkWriter();
    for (let i = 0; i < SEARCH_NOTES; i++) {
      const a = WORDS[i % WORDS.length];
      const b = WORDS[Math.floor(i / WORDS.length) % WORDS.length];
      const fields = {
        title: `${a} ${b} notes ${i}`,
        description: `Lecture notes on ${a} and ${b}.`,
        subjectName: base.subjectName,
        courseName: base.courseName,
        collegeName: base.collegeName,
      };
      const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000);
      void writer.set(db.collection('notes').doc(`bench-${String(i).padStart(5, '0')}`), {
        ...base,
        ...fields,
        createdAt,
        updatedAt: createdAt,
        likesCount: i % 50,
        downloadCount: i % 200,
      });
    }
    await writer.close();
  } finally {
    await deleteApp(app);
  }
}

/** Milliseconds from Enter in the search box until the list is no longer busy. */
async function timeSearch(page, text) {
  const input = page.getByRole('combobox', { name: 'Search notes' });
  await input.fill(text);
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const list = document.querySelector('main [aria-busy]');
        const box = document.querySelector('input[role="combobox"]');
        if (!list || !box) return reject(new Error('no list or search box'));
        let started = 0;
        let busySeen = false;
        const observer = new MutationObserver((records) => {
          const busy = list.getAttribute('aria-busy') === 'true';
          if (busy || records.some((r) => r.oldValue === 'true')) busySeen = true;
          if (busySeen && !busy) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(list, {
          attributes: true,
          attributeFilter: ['aria-busy'],
          attributeOldValue: true,
        });
        setTimeout(() => reject(new Error('search did not finish in 30 s')), 30_000);
        started = performance.now();
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }),
  );
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

// ---------------------------------------------------------------------------------------------

const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const ONLY_CHOICES = [
  'lighthouse-browse',
  'lighthouse',
  'scale',
  'documents',
  'likes',
  'search',
  'duplicates',
];
if (ONLY !== undefined && !ONLY_CHOICES.includes(ONLY)) {
  console.error(`[bench] --only takes one of: ${ONLY_CHOICES.join(', ')}`);
  process.exit(2);
}

/** How Lighthouse starts Chromium (scripts/lib/lighthouse-bench.mjs). */
const LH = { chrome: CHROME, chromeArgs: CHROME_ARGS, log };

/**
 * Issue 20's routes (public ones signed out, the note page signed out and signed in) and issue
 * 31's signed-in app: /profile and /uploading-notes as a student, /admin-dashboard as the admin.
 */
async function lighthouseAll(stack, student, admin, rows) {
  const res = await fetch(`${stack.url}/api/notes?limit=1`);
  const noteId = (await res.json()).notes[0].id;
  await lighthouseFigures(
    {
      ...LH,
      root: ROOT,
      chromium,
      signIn: (page, email, password) => signIn(page, email, password, stack.url),
      // Every signed-in page has a Sign Out button (the header's, My Dashboard's or the admin
      // area's); a visitor on a guarded route gets the sign-in form instead.
      checkSignedIn: async (page, url) => {
        await page.goto(url);
        await page.getByRole('button', { name: 'Sign Out' }).first().waitFor({ timeout: 30_000 });
      },
    },
    [
      ['/', `${stack.url}/`],
      ['/browse', `${stack.url}/browse`],
      ['/about', `${stack.url}/about`],
      ['/sign-in', `${stack.url}/sign-in`],
      ['/notes/:id signed out', `${stack.url}/notes/${noteId}`],
      ['/notes/:id signed in', `${stack.url}/notes/${noteId}`, { signedIn: student }],
      ['/profile', `${stack.url}/profile`, { signedIn: student }],
      ['/uploading-notes', `${stack.url}/uploading-notes`, { signedIn: student }],
      ['/admin-dashboard', `${stack.url}/admin-dashboard`, { signedIn: admin }],
    ],
    rows,
  );
}

/** `--only=lighthouse-browse`: Lighthouse /browse a few times, each run and the median. */
async function lighthouseBrowseRuns(stack, rows) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS) || 3;
  const scores = [];
  for (let i = 1; i <= runs; i++) {
    log(`Lighthouse /browse, run ${i} of ${runs}`);
    const r = await lighthouseRun(ROOT, stack.url + '/browse', LH);
    scores.push(r.performance);
    rows.push([
      `Lighthouse mobile /browse #${i}`,
      `performance ${r.performance.toFixed(2)} (${r.detail})`,
      '',
    ]);
  }
  const median = percentile(scores, 50);
  const target = TARGETS.lighthouse['/browse'];
  rows.push([
    'Lighthouse mobile /browse median',
    median.toFixed(2),
    `performance >= ${target} ${median >= target ? 'OK' : 'UNDER'}`,
  ]);
}

async function main() {
  const t0 = Date.now();
  build();
  if (ONLY === 'documents') {
    // No stack needed: the reader runs in this process.
    const rows = [];
    await documentsFigures(ROOT, rows, log);
    printRows(rows, t0);
    return;
  }
  const host = await freeHost();
  // A kept search fill (scripts/lib/search-bench.mjs): the folder the stack imports and exports.
  const keptData = ONLY === 'search' ? process.env.SEARCH_BENCH_DATA : undefined;
  const dataDir = keptData
    ? path.resolve(keptData)
    : await mkdtemp(path.join(os.tmpdir(), 'nn-bench-'));
  log(`starting a seeded stack on ${host}`);
  // The facade reports the documents each call read (functions/src/http/read-meter.ts).
  process.env.NOTENEST_READ_METER = '1';
  // The search bench's engine: PostgreSQL, production's, where Debian's server is installed;
  // else (or SEARCH_BENCH_ENGINE=pglite) PGlite, the local default.
  const searchEngine =
    ONLY === 'search'
      ? (process.env.SEARCH_BENCH_ENGINE ?? (debianPostgresMissing() ? 'pglite' : 'postgres'))
      : 'pglite';
  const stack = await startStack({ host, dataDir, searchEngine });
  const { buildDemoData } = await import('./lib/demo-data.mjs');
  const { accounts } = buildDemoData();
  const student = accounts.find((a) => a.role !== 'admin');
  const admin = accounts.find((a) => a.role === 'admin');
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  const rows = [];
  const newPage = async () => (await browser.newContext({ baseURL: stack.url })).newPage();
  try {
    if (ONLY === 'lighthouse-browse') {
      await lighthouseBrowseRuns(stack, rows);
      printRows(rows, t0);
      return;
    }
    if (ONLY === 'lighthouse') {
      await lighthouseAll(stack, student, admin, rows);
      printRows(rows, t0);
      return;
    }
    if (ONLY === 'likes') {
      await likeBurstFigures(stack, rows, { log, percentile });
      printRows(rows, t0);
      return;
    }
    if (ONLY === 'search') {
      await searchFigures(stack, rows, { log });
      printRows(rows, t0);
      return;
    }
    if (ONLY === 'duplicates') {
      await duplicateLookupFigures(stack, rows, { log, percentile });
      printRows(rows, t0);
      return;
    }
    if (ONLY === 'scale') {
      await scaleFigures(stack, admin, newPage, rows);
      printRows(rows, t0);
      return;
    }
    // JS per route and reads per view
    log('JS per route, reads per view');
    const cards = (p) => p.locator('article[data-note-id]').first().waitFor({ timeout: 30_000 });
    const home = await newPage();
    const js = {};
    js['/'] = await scriptsOf(home, '/', (p) => p.locator('h1').first().waitFor());
    await home.context().close();

    const studentPage = await newPage();
    await signIn(studentPage, student.email, student.password);
    const browseReads = await reads(studentPage, async () => {
      js['/browse'] = await scriptsOf(studentPage, '/browse', cards);
    });
    const noteId = await studentPage
      .locator('article[data-note-id]')
      .first()
      .getAttribute('data-note-id');
    const noteReads = await reads(studentPage, async () => {
      js['/notes/:id'] = await scriptsOf(studentPage, `/notes/${noteId}`, (p) =>
        p.locator('main h1').first().waitFor({ timeout: 30_000 }),
      );
    });
    await studentPage.context().close();

    const adminPage = await newPage();
    await signIn(adminPage, admin.email, admin.password);
    js['/admin-dashboard'] = await scriptsOf(adminPage, '/admin-dashboard', (p) =>
      p.locator('h1').first().waitFor({ timeout: 30_000 }),
    );
    await adminPage.context().close();

    for (const [route, m] of Object.entries(js)) {
      const target = TARGETS.js[route];
      rows.push([
        `JS ${route}`,
        `${kb(m.bytes)} gzip in ${m.files} files`,
        target ? `<= ${target} KB ${m.bytes / 1024 <= target ? 'OK' : 'OVER'}` : '(no budget)',
      ]);
    }
    // The app's page size, read from its source so the target follows it.
    const BROWSE_PAGE_SIZE = Number(
      /export const BROWSE_PAGE_SIZE = (\d+)/.exec(
        readFileSync(path.join(ROOT, 'web/src/features/browse/api/browse-api.ts'), 'utf8'),
      )?.[1],
    );
    rows.push([
      'Firestore reads, Browse page',
      String(browseReads),
      `<= ${BROWSE_PAGE_SIZE + 2} (page size ${BROWSE_PAGE_SIZE} + 2) ${browseReads <= BROWSE_PAGE_SIZE + 2 ? 'OK' : 'OVER'}`,
    ]);
    rows.push(['Firestore reads, note view', String(noteReads), '(no target)']);

    // Lighthouse, one run at a time (it measures CPU time)
    await lighthouseAll(stack, student, admin, rows);

    await likeBurstFigures(stack, rows, { log, percentile });

    // Search over 5,000 more notes
    log(`adding ${SEARCH_NOTES} notes`);
    // With triggers running, 5,000 trigger runs (and as many recounts of one uploader) would
    // compete with the searches being timed: they are paused, and the notes indexed after.
    await withTriggersPaused(stack.host, () => addSearchNotes(stack));
    await indexStackNotes(stack, log);
    const searchPage = await newPage();
    await searchPage.goto('/browse');
    await cards(searchPage);
    const times = [];
    const terms = [
      ...WORDS.slice(0, 10),
      'algorithms sorting',
      'notes 42',
      'graphs kinetics',
      'zzzz',
    ];
    await timeSearch(searchPage, 'warmup');
    for (const term of terms) times.push(await timeSearch(searchPage, term));
    await searchPage.context().close();
    rows.push([
      `Browse search over ${SEARCH_NOTES}+ notes`,
      `p50 ${percentile(times, 50).toFixed(0)} ms, p90 ${percentile(times, 90).toFixed(0)} ms (${times.length} searches)`,
      '(printed, no target)',
    ]);
    log('timing document reading');
    await documentsFigures(ROOT, rows, log);
    await scaleFigures(stack, admin, newPage, rows);
    // Last: its 10,000 signatures make the emulator's scans of nearHashes slow for any note
    // whose file a trigger reads afterwards (the emulator has no indexes; Firestore has).
    await duplicateLookupFigures(stack, rows, { log, percentile });
  } finally {
    await browser.close().catch(() => {});
    await stack.stop({ timeoutMs: 60_000 });
    if (!keptData) await rm(dataDir, { recursive: true, force: true });
  }

  printRows(rows, t0);
}

/** Issue 18: grow the stack, then reads and latency of every list call and admin screen. */
async function scaleFigures(stack, admin, newPage, rows) {
  await measureColdStart(ROOT, rows);
  await growStack(stack, log);
  log('timing the facade calls');
  await measureCalls(stack, admin, rows);
  log('timing the admin screens');
  const page = await newPage();
  await signIn(page, admin.email, admin.password);
  await measureScreens(page, rows);
  await page.context().close();
}

function printRows(rows, t0) {
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log('\nNoteNest bench (issue 11)\n');
  for (const [name, value, target] of rows)
    console.log(`  ${name.padEnd(width)}  ${value}${target ? `   [${target}]` : ''}`);
  console.log(`\n  took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(`[bench] ${err?.stack ?? err}`);
  process.exit(1);
});
