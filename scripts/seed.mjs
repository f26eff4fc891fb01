#!/usr/bin/env node
/**
 * Seeds the demo data (scripts/lib/demo-data.mjs) into the emulators through the Admin SDK:
 * Auth accounts (the admin with custom claim role=admin), users/, notes/ with their files in
 * Storage (download tokens, fileUrl = the emulator download URL), the files' records and
 * thumbnails as uploads get them (notes/{id}/files/), likes, comments, saved notes and
 * meta/filterOptions; then indexes the notes in the search index (SEARCH_DATABASE_URL, with the
 * functions' own code: functions/lib/search-tools.js), as the triggers it pauses would have.
 *
 *   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 FIREBASE_STORAGE_EMULATOR_HOST=127.0.0.1:9199 \
 *   FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 node scripts/seed.mjs [--force]
 *
 * Emulators only: it refuses to run unless all three *_EMULATOR_HOST variables are set.
 * Skips when Firestore already holds users or notes (the data of an earlier run is kept), unless
 * --force. Idempotent: fixed ids, fixed timestamps and set() overwrite, so a forced re-run writes
 * the same documents again (it does not remove documents created since).
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { lshBandKeys, usernameKey } from '@notenest/shared';
import { BUCKET, PROJECT_ID, buildDemoData, downloadUrl } from './lib/demo-data.mjs';

// google-auth-library would otherwise probe the GCE metadata server.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const HOST_VARS = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
];

const ts = (d) => Timestamp.fromDate(d);

async function mapLimit(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function upsertAccount(auth, a) {
  const props = {
    email: a.email,
    password: a.password,
    displayName: a.username,
    emailVerified: true,
    disabled: false,
  };
  try {
    await auth.createUser({ uid: a.uid, ...props });
  } catch (err) {
    if (err?.code !== 'auth/uid-already-exists' && err?.code !== 'auth/email-already-exists')
      throw err;
    await auth.updateUser(a.uid, props);
  }
  await auth.setCustomUserClaims(a.uid, a.role === 'admin' ? { role: 'admin' } : null);
}

/**
 * The records of the seeded files (`notes/{noteId}/files/{key}`: verdict, thumbnail) made
 * by the functions' own code (functions/lib/documents.js, built with the functions: the
 * readNoteFile the note-file trigger runs), so demo files are what uploaded ones are: the token
 * rotation of a note leaving public view finds its thumbnail, a re-index reads no file again.
 * The thumbnail is stored where the trigger stores it, with a token derived from the file's own
 * (seeded, fixed) one, so a re-seed writes the same URLs. `generations`: file path -> the
 * generation just stored. Resolves to file path -> { key, record (without readAt), text (for the
 * search index) }; without the build (a bare `node scripts/seed.mjs`), none.
 */
async function readFiles(bucket, files, generations) {
  const out = new Map();
  let reader;
  try {
    reader = await import('../functions/lib/documents.js');
  } catch (err) {
    console.warn(
      `seed: no file records or thumbnails (functions/lib/documents.js: ${err.message})`,
    );
    return out;
  }
  await mapLimit(files, 4, async (f) => {
    const saveThumbnail = async (path, data, contentType, source) => {
      const hex = createHash('sha256').update(`${f.token}:thumbnail`).digest('hex');
      const token = [0, 8, 12, 16, 20].map((at, i, a) => hex.slice(at, a[i + 1] ?? 32)).join('-');
      await bucket.file(path).save(data, {
        resumable: false,
        metadata: {
          contentType,
          // derivedFrom as the trigger's saveDerivedWithToken writes it.
          metadata: { firebaseStorageDownloadTokens: token, derivedFrom: source },
        },
      });
      return downloadUrl(`http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST}`, path, token);
    };
    const { record, text } = await reader.readNoteFile(
      f.path,
      generations.get(f.path),
      f.bytes,
      f.contentType,
      saveThumbnail,
    );
    out.set(f.path, { key: reader.fileRecordKey(f.path), record, text });
  });
  return out;
}

/**
 * Writes the demo data. Options: `force` (seed even when data exists), `log` (line sink).
 * Emulator hosts come from the environment (see above). Resolves to a summary.
 */
export async function seed({ force = false, log = (line) => console.log(line) } = {}) {
  const missing = HOST_VARS.filter((v) => !process.env[v]);
  if (missing.length) {
    throw new Error(`seed: emulators only; set ${missing.join(', ')} (npm start does)`);
  }
  const app = initializeApp({ projectId: PROJECT_ID, storageBucket: BUCKET }, `seed-${Date.now()}`);
  // The files read (path -> record and text) when this run seeded; null when it kept the data.
  let seededFiles = null;
  let summary;
  try {
    summary = await writeDemoData(app, { force, log });
    if (summary.seeded) seededFiles = summary.files;
  } finally {
    await deleteApp(app);
  }
  // After the seed's own app is gone: the search tools use the functions' default app.
  await indexSearch(summary.seeded ? seededFiles : null, log);
  if (!summary.seeded) return summary;
  const { files: _read, fileCount, ...rest } = summary;
  return { ...rest, files: fileCount };
}

/**
 * The search index after a seed (`files`: what writeDemoData read) or a kept start (null): the
 * files' text as just read, then every note's fields from Firestore (lib/search-tools.js
 * reindexAll, which reads no file again whose text the index has). On a kept start, only an
 * empty index is filled (data from before the search index, or its folder removed). Skipped,
 * with a line saying so, without SEARCH_DATABASE_URL or the functions' build.
 */
async function indexSearch(files, log) {
  if (!process.env.SEARCH_DATABASE_URL) {
    log('seed: no SEARCH_DATABASE_URL: the search index is not filled (npm run reindex does)');
    return;
  }
  let tools;
  try {
    tools = await import('../functions/lib/search-tools.js');
  } catch (err) {
    log(`seed: the search index is not filled (functions/lib/search-tools.js: ${err.message})`);
    return;
  }
  try {
    if (!files && !(await tools.searchIndexEmpty())) return;
    const started = Date.now();
    for (const { record, text } of files?.values() ?? []) {
      await tools.indexNoteText(record.noteId, record.generation, text);
    }
    const { notes } = await tools.reindexAll();
    log(`seed: search index: ${notes} notes in ${Date.now() - started} ms`);
  } finally {
    await tools.closeSearchDb();
  }
}

/** Writes the demo data (see seed); `files` in the summary: path -> what was read of it. */
async function writeDemoData(app, { force, log }) {
  const db = getFirestore(app);
  const auth = getAuth(app);
  const bucket = getStorage(app).bucket(BUCKET);

  if (!force) {
    const [users, notes] = await Promise.all([
      db.collection('users').limit(1).get(),
      db.collection('notes').limit(1).get(),
    ]);
    if (!users.empty || !notes.empty) {
      log('seed: Firestore already has data; keeping it (node scripts/seed.mjs --force re-seeds)');
      const { users: accounts } = await auth.listUsers(1);
      if (!accounts.length) {
        log('seed: warning: the Auth emulator has no accounts (was its export removed?)');
      }
      return { seeded: false };
    }
  }

  const started = Date.now();
  const data = buildDemoData({
    storageOrigin: `http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST}`,
  });

  await mapLimit(data.accounts, 4, (a) => upsertAccount(auth, a));

  const generations = new Map();
  await mapLimit(data.files, 8, async (f) => {
    const file = bucket.file(f.path);
    await file.save(f.bytes, {
      resumable: false,
      contentType: f.contentType,
      metadata: {
        contentType: f.contentType,
        // Opened in the browser, as uploads are (functions' saveWithToken).
        contentDisposition: 'inline',
        metadata: { firebaseStorageDownloadTokens: f.token },
      },
    });
    generations.set(f.path, String(file.metadata.generation));
  });

  // Each file read as the note-file trigger reads it (paused while seeding): its record, and
  // the note's verdict and thumbnail from it as the indexer takes them.
  const read = await readFiles(bucket, data.files, generations);
  for (const n of data.notes) {
    const file = read.get(n.data.filePath);
    if (!file) continue;
    const { verdict, thumbnailUrl } = file.record;
    Object.assign(n.data, {
      fileStatus: verdict,
      thumbnailUrl: verdict === 'ok' ? thumbnailUrl : null,
    });
  }

  const writes = [];
  for (const p of data.profiles) {
    writes.push([db.doc(`users/${p.uid}`), { ...p.data, createdAt: ts(p.data.createdAt) }]);
    // The username's claim (usernames are unique whatever their case; docs/data-model.md).
    writes.push([db.doc(`usernames/${usernameKey(p.data.username)}`), { uid: p.uid }]);
  }
  for (const n of data.notes) {
    const note = n.data;
    writes.push([
      db.doc(`notes/${n.id}`),
      { ...note, createdAt: ts(note.createdAt), updatedAt: ts(note.updatedAt) },
    ]);
  }
  for (const n of data.notes) {
    const file = read.get(n.data.filePath);
    // Read when it was uploaded: the note's creation (a fixed time, so a re-seed agrees).
    if (file)
      writes.push([
        db.doc(`notes/${n.id}/files/${file.key}`),
        { ...file.record, readAt: ts(n.data.createdAt) },
      ]);
  }
  for (const l of data.likes) {
    writes.push([
      db.doc(`notes/${l.noteId}/likes/${l.uid}`),
      { createdAt: ts(l.data.createdAt), uid: l.uid },
    ]);
  }
  for (const c of data.comments) {
    writes.push([
      db.doc(`notes/${c.noteId}/comments/${c.id}`),
      { ...c.data, commentedAt: ts(c.data.commentedAt) },
    ]);
  }
  for (const s of data.saved) {
    writes.push([
      db.doc(`users/${s.uid}/saved/${s.noteId}`),
      { ...s.data, savedAt: ts(s.data.savedAt) },
    ]);
  }
  for (const f of data.follows) {
    writes.push([
      db.doc(`users/${f.uid}/follows/${f.key}`),
      { ...f.data, createdAt: ts(f.data.createdAt) },
    ]);
  }
  // The duplicate lookups' documents, as the triggers write them (functions/src/services/
  // duplicates.ts): a demo file uploaded again is refused as a copy of its seeded note, and a
  // near copy of a seeded text is flagged. The oldest note holds a hash (first writer wins).
  const claimed = new Set();
  for (const n of [...data.notes].sort((a, b) => a.data.createdAt - b.data.createdAt)) {
    const record = read.get(n.data.filePath)?.record;
    if (!record?.sha256 || record.verdict === 'refused' || claimed.has(record.sha256)) continue;
    claimed.add(record.sha256);
    const createdAt = ts(n.data.createdAt);
    writes.push([
      db.doc(`fileHashes/${record.sha256}`),
      { noteId: n.id, uploaderId: n.data.uploaderId, createdAt },
    ]);
    if (record.minhash)
      writes.push([
        db.doc(`nearHashes/${n.id}`),
        { noteId: n.id, bands: lshBandKeys(record.minhash), minhash: record.minhash, createdAt },
      ]);
  }
  for (const c of data.colleges) writes.push([db.doc(`colleges/${c.id}`), c.data]);
  writes.push([
    db.doc('meta/filterOptions'),
    { ...data.filterOptions, updatedAt: ts(data.filterOptions.updatedAt) },
  ]);
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const [ref, doc] of writes.slice(i, i + 400)) batch.set(ref, doc);
    await batch.commit();
  }

  const summary = {
    seeded: true,
    accounts: data.accounts.length,
    notes: data.notes.length,
    approved: data.notes.filter((n) => n.data.approved).length,
    fileCount: data.files.length,
    files: read,
    likes: data.likes.length,
    comments: data.comments.length,
    saved: data.saved.length,
    colleges: data.filterOptions.colleges.length,
    ms: Date.now() - started,
  };
  log(
    `seed: ${summary.accounts} accounts, ${summary.notes} notes (${summary.approved} approved) ` +
      `with files, ${summary.likes} likes, ${summary.comments} comments, ${summary.saved} saved ` +
      `notes across ${summary.colleges} colleges in ${summary.ms} ms`,
  );
  return summary;
}

function invokedDirectly() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--force');
  if (unknown.length) {
    console.error(`Unknown argument: ${unknown[0]}\nUsage: node scripts/seed.mjs [--force]`);
    process.exit(2);
  }
  seed({ force: args.includes('--force') }).then(
    () => process.exit(0),
    (err) => {
      console.error(err?.stack ?? String(err));
      process.exit(1);
    },
  );
}
