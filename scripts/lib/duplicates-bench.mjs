/**
 * `npm run bench`, duplicates (issue 30 item 3): both duplicate lookups are index reads whose cost
 * does not grow with the number of notes. The stack's Firestore is filled with 100, then 10,000,
 * hash documents (`fileHashes/{sha256}`) and text signatures (`nearHashes/{noteId}`: random
 * MinHash signatures with their LSH band keys, what functions/src/services/duplicates.ts writes);
 * at each size the lookups the facade and the triggers make are timed (p50, p95 of LOOKUPS) with
 * the documents they read: the exact one is one get by hash; the near one is one
 * `array-contains-any` query on the 16 band keys, reading only the notes sharing a band (a
 * lightly edited copy of one stored signature: 1 candidate), the query of
 * services/duplicates.ts similarNoteOf. Firestore serves that query from the bands' automatic
 * array-contains index, its cost the documents it returns; the Firestore emulator has no
 * indexes and scans the collection (measured: 19 s a query at 10,000 signatures on 2 cores),
 * so the near lookup's figure that carries over is its reads, and it runs NEAR_LOOKUPS times.
 */
/* global performance */
import { createHash, randomBytes } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { LSH_BANDS, MINHASH_SIZE, lshBandKeys, minhashSimilarity } from '@notenest/shared';
import { PROJECT } from './stack.mjs';

const SIZES = [100, 10_000];
const LOOKUPS = 50;
const NEAR_LOOKUPS = 3;
/** services/duplicates.ts MAX_CANDIDATES + 1. */
const CANDIDATE_LIMIT = 11;

const sha = (s) => createHash('sha256').update(s).digest('hex');
/** A random signature: what any text's looks like to the index (uniform 32-bit minima). */
const randomSignature = () => {
  const bytes = randomBytes(4 * MINHASH_SIZE);
  return Array.from({ length: MINHASH_SIZE }, (_, i) => bytes.readUInt32LE(4 * i));
};

/** Writes documents n0..n1-1 of each collection, 400 to a batch. */
async function fill(db, from, to, signatures) {
  for (let i = from; i < to; i += 400) {
    const batch = db.batch();
    for (let j = i; j < Math.min(to, i + 400); j++) {
      const noteId = `dupbench-${j}`;
      batch.set(db.doc(`fileHashes/${sha(noteId)}`), {
        noteId,
        uploaderId: 'dupbench',
        createdAt: new Date(),
      });
      const minhash = signatures[j] ?? randomSignature();
      batch.set(db.doc(`nearHashes/${noteId}`), {
        noteId,
        bands: lshBandKeys(minhash),
        minhash,
        createdAt: new Date(),
      });
    }
    await batch.commit();
  }
}

async function timed(fn, times = LOOKUPS) {
  const ms = [];
  let reads = 0;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    reads = await fn(i);
    ms.push(performance.now() - t);
  }
  return { ms, reads };
}

export async function duplicateLookupFigures(stack, rows, { log, percentile }) {
  const app = initializeApp({ projectId: PROJECT }, `dups-${stack.host}`);
  try {
    const db = getFirestore(app);
    db.settings({ host: stack.emulatorEnv.FIRESTORE_EMULATOR_HOST, ssl: false });
    // The note the near lookups look for: its signature stored, a copy with 4 of 128 minima
    // changed looked up (about a 97% similar text).
    const target = randomSignature();
    const copy = [...target];
    for (const i of [3, 40, 77, 120]) copy[i] = (copy[i] + 1) >>> 0;
    let filled = 0;
    const figures = [];
    for (const size of SIZES) {
      log(`duplicates: ${size} hash documents and signatures`);
      await fill(db, filled, size, { 0: target });
      filled = size;
      const exact = await timed(async (i) => {
        // Half of them a shared file, half not: the form's and the facade's check.
        const id = i % 2 ? sha(`dupbench-${(i * 7919) % size}`) : sha(`absent-${i}`);
        await db.doc(`fileHashes/${id}`).get();
        return 1;
      });
      const near = await timed(async () => {
        const snap = await db
          .collection('nearHashes')
          .where('bands', 'array-contains-any', lshBandKeys(copy))
          .limit(CANDIDATE_LIMIT)
          .get();
        if (
          !snap.docs.some(
            (d) => d.id === 'dupbench-0' && minhashSimilarity(copy, d.get('minhash')) >= 0.9,
          )
        )
          throw new Error('the near lookup did not find the stored copy');
        return snap.size;
      }, NEAR_LOOKUPS);
      figures.push({ size, exact, near });
      rows.push([
        `Exact duplicate lookup, ${size.toLocaleString('en')} hashes`,
        `p50 ${percentile(exact.ms, 50).toFixed(1)} ms, p95 ${percentile(exact.ms, 95).toFixed(1)} ms, ${exact.reads} read`,
        '1 get by hash',
      ]);
      rows.push([
        `Near duplicate lookup, ${size.toLocaleString('en')} signatures`,
        `p50 ${percentile(near.ms, 50).toFixed(1)} ms, p95 ${percentile(near.ms, 95).toFixed(1)} ms, ${near.reads} read`,
        `1 query on ${LSH_BANDS} band keys, <= ${CANDIDATE_LIMIT} read (the emulator scans)`,
      ]);
    }
    const [small, large] = figures;
    const ratio = (k) => percentile(large[k].ms, 50) / percentile(small[k].ms, 50);
    rows.push([
      `Duplicate lookups, ${SIZES[1].toLocaleString('en')} vs ${SIZES[0]} notes`,
      `exact x${ratio('exact').toFixed(2)}, near x${ratio('near').toFixed(2)} (p50); reads ${small.exact.reads} -> ${large.exact.reads}, ${small.near.reads} -> ${large.near.reads}`,
      'same reads (exact: same time; near: the emulator scans, Firestore uses the index)',
    ]);
  } finally {
    await deleteApp(app);
  }
}
