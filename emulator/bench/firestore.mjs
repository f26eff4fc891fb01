// Firestore figures: cold start of the CLI, sequential admin writes per second, a filter +
// orderBy + limit 24 query over 10,000 documents (p50/p95), and browser setDoc -> onSnapshot
// round trip (two pages, one Firestore instance each; streaming and forced long-polling).
import { emulatorDir, ms, now, pct, PROJECT, startCli, stopCli } from './lib.mjs';
// The test harness's own launcher and bundle server, built to dist/testing/ by `npm run build`.
import { launchChromium } from '../dist/testing/chromium.js';
import { serveBundle } from '../dist/testing/serve-bundle.js';

const FIRESTORE_ONLY = ['--only', 'firestore', '--firestore-port', '0'];

export async function coldStart() {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const { child, startMs } = await startCli(FIRESTORE_ONLY);
    times.push(startMs);
    await stopCli(child);
  }
  console.log(
    `cold start (spawn -> ready line): median ${ms(pct(times, 50))}  [${times.map(ms).join(', ')}]`,
  );
}

async function adminDb(hostPort) {
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: PROJECT }, `bench-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ host: hostPort, ssl: false });
  return db;
}

async function sequentialWrites(db) {
  const coll = db.collection('bench-writes');
  for (let i = 0; i < 50; i++) await coll.doc(`warm${i}`).set({ i });
  const n = 1000;
  const t0 = now();
  for (let i = 0; i < n; i++)
    await coll.doc(`d${i}`).set({ i, text: `document ${i}`, at: new Date() });
  const dt = now() - t0;
  console.log(
    `sequential admin writes: ${((n / dt) * 1000).toFixed(0)} writes/s  (${n} set() calls in ${ms(dt)})`,
  );
}

async function queryOver10k(db) {
  const coll = db.collection('bench-query');
  const t0 = now();
  for (let b = 0; b < 20; b++) {
    const batch = db.batch();
    for (let j = 0; j < 500; j++) {
      const i = b * 500 + j;
      batch.set(coll.doc(`doc${String(i).padStart(5, '0')}`), {
        category: `c${i % 10}`,
        score: (i * 7919) % 10007,
        title: `item ${i}`,
        tags: [`t${i % 7}`],
      });
    }
    await batch.commit();
  }
  const seedMs = now() - t0;
  const q = coll.where('category', '==', 'c3').orderBy('score', 'desc').limit(24);
  for (let i = 0; i < 10; i++) await q.get();
  const times = [];
  let size = 0;
  for (let i = 0; i < 200; i++) {
    const s = now();
    size = (await q.get()).size;
    times.push(now() - s);
  }
  console.log(
    `query where(category==c3).orderBy(score desc).limit(24) over 10,000 docs (admin): ` +
      `p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}  (${size} results; seeding took ${ms(seedMs)})`,
  );
}

async function browserRoundTrip(hostPort) {
  const served = await serveBundle({
    contents:
      "import * as fs from 'firebase/firestore'; import * as app from 'firebase/app'; globalThis.fb = { fs, app };",
    resolveDir: emulatorDir,
    prefix: 'nn-bench-',
  });
  const browser = await launchChromium().catch(async (e) => {
    await served.close();
    throw e;
  });
  const [host, port] = [
    hostPort.slice(0, hostPort.lastIndexOf(':')),
    Number(hostPort.slice(hostPort.lastIndexOf(':') + 1)),
  ];

  async function openPage(longPolling, name) {
    // one context per page: each has its own connection pool (Chrome allows 6 per host)
    const page = await (await browser.newContext()).newPage();
    await page.goto(served.url);
    await page.waitForFunction(() => 'fb' in globalThis);
    await page.evaluate(
      ({ host, port, longPolling, name, project }) => {
        const { fs, app } = globalThis.fb;
        const a = app.initializeApp({ projectId: project, apiKey: 'fake' }, name);
        const db = longPolling
          ? fs.initializeFirestore(a, { experimentalForceLongPolling: true })
          : fs.getFirestore(a);
        fs.connectFirestoreEmulator(db, host, port);
        globalThis.db = db;
      },
      { host, port, longPolling, name, project: PROJECT },
    );
    return page;
  }

  async function measure(longPolling) {
    const writer = await openPage(longPolling, 'writer');
    const reader = await openPage(longPolling, 'reader');
    const path = `bench-rt/${longPolling ? 'lp' : 'stream'}`;
    const waiters = new Map();
    await reader.exposeFunction('__seen', (i) => waiters.get(i)?.());
    await reader.evaluate((path) => {
      const { fs } = globalThis.fb;
      fs.onSnapshot(fs.doc(globalThis.db, path), { includeMetadataChanges: true }, (s) => {
        if (s.exists() && !s.metadata.fromCache) globalThis.__seen(s.get('i'));
      });
    }, path);
    const times = [];
    for (let i = 0; i < 35; i++) {
      const seen = new Promise((r) => waiters.set(i, r));
      const t0 = now();
      await writer.evaluate(
        ({ path, i }) => {
          const { fs } = globalThis.fb;
          void fs.setDoc(fs.doc(globalThis.db, path), { i });
        },
        { path, i },
      );
      await seen;
      if (i >= 5) times.push(now() - t0); // the first few include connection setup
    }
    await writer.context().close();
    await reader.context().close();
    return times;
  }

  try {
    const stream = await measure(false);
    console.log(
      `browser setDoc -> onSnapshot in another page (streaming): p50 ${ms(pct(stream, 50))}, p95 ${ms(pct(stream, 95))}`,
    );
    const lp = await measure(true);
    console.log(
      `browser setDoc -> onSnapshot in another page (long-polling): p50 ${ms(pct(lp, 50))}, p95 ${ms(pct(lp, 95))}`,
    );
  } finally {
    await browser.close();
    await served.close();
  }
}

/** Everything after the cold start, against one CLI child. */
export async function firestoreBench() {
  const { child, firestore: hostPort } = await startCli(FIRESTORE_ONLY);
  try {
    const db = await adminDb(hostPort);
    await sequentialWrites(db);
    await queryOver10k(db);
    await db.terminate();
    await browserRoundTrip(hostPort);
  } finally {
    await stopCli(child);
  }
}
