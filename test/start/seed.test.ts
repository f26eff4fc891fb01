/**
 * The seed creates exactly what the README promises: run against the run's Google Firestore
 * emulator (globalSetup; this file alone uses the project demo-notenest there), our Storage
 * emulator (in-process, the project's rules loaded) and the Auth emulator from firebase-tools,
 * on free ports, then every promise is checked against what they hold.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  followKey,
  lshBandKeys,
  noteFileRecordSchema,
  validateNoteInput,
  type FollowKind,
} from '@notenest/shared';
// Built by `npm run build` (npm test builds every workspace first).
import { startEmulator, type RunningEmulator } from '../../emulator/dist/index.js';
// The note trigger's handler (what `noteWritten` runs), against this file's emulators.
import { onNoteChange } from '../../functions/src/triggers/notes.js';
import { closeSearchDb } from '../../functions/src/services/search-db.js';
import { startSearchDb } from '../../scripts/lib/search-db.mjs';
import {
  ADMIN_PASSWORD,
  BUCKET,
  NOTE_COUNT,
  PENDING_COUNT,
  STUDENT_PASSWORD,
  buildDemoData,
} from '../../scripts/lib/demo-data.mjs';
import { extractPdfText } from '../../scripts/lib/pdf.mjs';
import { seed } from '../../scripts/seed.mjs';
import {
  PROJECT,
  ROOT,
  checkPdfStructure,
  signIn,
  startAuthEmulator,
  type AuthEmulator,
} from './support.js';

let emulator: RunningEmulator;
let auth: AuthEmulator;
let app: App;
let db: Firestore;
let firstRun: Awaited<ReturnType<typeof seed>>;
let searchDb: Awaited<ReturnType<typeof startSearchDb>> | undefined;
let searchDir: string | undefined;

type Doc = { path: string; id: string; data: Record<string, any> };
const all = async (q: FirebaseFirestore.Query): Promise<Doc[]> =>
  (await q.get()).docs.map((d) => ({ path: d.ref.path, id: d.id, data: d.data() }));

/** Every document the seed writes, path -> data as JSON (timestamps as ISO strings). */
async function snapshotAll(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const groups = ['users', 'saved', 'notes', 'likes', 'comments', 'meta'];
  for (const g of groups) {
    for (const d of await all(db.collectionGroup(g))) {
      out[d.path] = JSON.stringify(d.data, (_k, v) =>
        v && typeof v === 'object' && typeof v.toDate === 'function' ? v.toDate().toISOString() : v,
      );
    }
  }
  return out;
}

const HOST_VARS = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'SEARCH_DATABASE_URL',
] as const;
const savedEnv = Object.fromEntries(HOST_VARS.map((v) => [v, process.env[v]]));

beforeAll(async () => {
  const firestoreHost = inject('firestoreHost');
  // The search database, as a stack has it: the seed fills it, the note trigger keeps it.
  searchDir = mkdtempSync(path.join(os.tmpdir(), 'notenest-seed-search-'));
  searchDb = await startSearchDb({ dataDir: searchDir });
  process.env['SEARCH_DATABASE_URL'] = searchDb.url;
  auth = await startAuthEmulator();
  emulator = await startEmulator({
    storage: { host: '127.0.0.1', port: 0 },
    projectId: PROJECT,
    firestoreHost,
    rules: { storage: path.join(ROOT, 'storage.rules') },
    log: () => {},
  });
  process.env['FIRESTORE_EMULATOR_HOST'] = firestoreHost;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${emulator.storage.port}`;
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = auth.host;
  firstRun = await seed({ log: () => {} });
  app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, 'seed-test');
  db = getFirestore(app);
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await closeSearchDb();
  await Promise.all([emulator?.stop(), auth?.stop(), searchDb?.stop()]);
  if (searchDir) rmSync(searchDir, { recursive: true, force: true });
  for (const v of HOST_VARS) {
    if (savedEnv[v] === undefined) delete process.env[v];
    else process.env[v] = savedEnv[v];
  }
});

describe('seed', () => {
  it('keeps the README promises (accounts, passwords, numbers)', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`| admin@notenest.dev | \`${ADMIN_PASSWORD}\` |`);
    for (let i = 1; i <= 6; i++)
      expect(readme).toContain(`| student${i}@notenest.dev | \`${STUDENT_PASSWORD}\` |`);
    const prose = readme.replace(/\s+/g, ' ');
    expect(prose).toContain('64 notes (48 approved, 16 pending)');
    expect(prose).toContain(
      '6 colleges, 6 courses, 18 subjects, semesters 1-6 and all four batches',
    );
    expect(firstRun).toMatchObject({ seeded: true, accounts: 7, notes: 64, approved: 48 });
  });

  it('creates one admin and six students with profiles per the data model', async () => {
    const users = await all(db.collection('users'));
    expect(users).toHaveLength(7);
    for (const u of users) {
      // The demo student with follows also has their count and last key (issue 32).
      const follows = u.data['followCount'] ? ['followCount', 'lastFollowKey'] : [];
      expect(Object.keys(u.data).sort()).toEqual(
        [
          'avatar',
          'createdAt',
          'email',
          'notesCount',
          'role',
          'searchTerms',
          'username',
          ...follows,
        ].sort(),
      );
      expect(u.data['username'].length).toBeGreaterThanOrEqual(2);
      expect(u.data['avatar']).toBeNull();
    }
    expect(users.filter((u) => u.data['role'] === 'admin').map((u) => u.data['email'])).toEqual([
      'admin@notenest.dev',
    ]);
    expect(users.filter((u) => u.data['role'] === 'user')).toHaveLength(6);
    // Each username is claimed for its user under its lower-case key (unique whatever the case).
    const claims = await all(db.collection('usernames'));
    expect(claims.map((c) => [c.id, c.data['uid']]).sort()).toEqual(
      users.map((u) => [String(u.data['username']).toLowerCase(), u.id]).sort(),
    );
  });

  it('gives a demo student two follows, counted on their profile, each with approved notes', async () => {
    const users = await all(db.collection('users'));
    const followers = users.filter((u) => u.data['followCount']);
    expect(followers.map((u) => u.id)).toEqual(['demo-student-1']);
    const follows = await all(db.collection('users/demo-student-1/follows'));
    expect(follows).toHaveLength(2);
    expect(followers[0]!.data['followCount']).toBe(follows.length);
    const notes = (await all(db.collection('notes'))).filter((n) => n.data['approved']);
    for (const f of follows) {
      const { kind, name } = f.data as { kind: FollowKind; name: string };
      expect(f.id).toBe(followKey(kind, name));
      const field = { subject: 'subjectName', course: 'courseName', college: 'collegeName' }[kind];
      // Notes of other students: what the Following feed shows.
      expect(
        notes.some((n) => n.data[field] === name && n.data['uploaderId'] !== 'demo-student-1'),
      ).toBe(true);
    }
  });

  it('lets every demo account sign in; only the admin has the role=admin claim', async () => {
    const users = await all(db.collection('users'));
    for (const u of users) {
      const password = u.data['role'] === 'admin' ? ADMIN_PASSWORD : STUDENT_PASSWORD;
      const r = await signIn(auth.host, u.data['email'], password);
      expect(r.localId).toBe(u.id);
      expect(r.claims['role']).toBe(u.data['role'] === 'admin' ? 'admin' : undefined);
    }
    await expect(signIn(auth.host, 'student1@notenest.dev', 'wrong-password')).rejects.toThrow(
      /INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/,
    );
  });

  it('creates 64 notes (48 approved, 16 pending) across 6 colleges, courses from COURSES', async () => {
    const notes = await all(db.collection('notes'));
    expect(notes).toHaveLength(NOTE_COUNT);
    expect(notes.filter((n) => n.data['approved'] === false)).toHaveLength(PENDING_COUNT);
    const distinct = (k: string) => new Set(notes.map((n) => n.data[k])).size;
    expect(distinct('collegeName')).toBe(6);
    expect(distinct('courseName')).toBe(6);
    expect(distinct('subjectName')).toBe(18);
    expect([...new Set(notes.map((n) => n.data['semester']))].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(distinct('batch')).toBe(4);
    // Every student has approved and pending notes.
    for (let i = 1; i <= 6; i++) {
      const mine = notes.filter((n) => n.data['uploaderId'] === `demo-student-${i}`);
      expect(mine.some((n) => n.data['approved'])).toBe(true);
      expect(mine.some((n) => !n.data['approved'])).toBe(true);
    }
  });

  it('writes notes that pass the shared validator and carry exactly the documented fields', async () => {
    const users = new Map((await all(db.collection('users'))).map((u) => [u.id, u.data]));
    for (const n of await all(db.collection('notes'))) {
      const d = n.data;
      expect(Object.keys(d).sort()).toEqual(
        [
          'approved',
          'batch',
          'collegeName',
          'commentsCount',
          'courseName',
          'createdAt',
          'description',
          'downloadCount',
          'fileName',
          'filePath',
          'fileSize',
          'fileType',
          'fileStatus',
          'fileUrl',
          'likesCount',
          'thumbnailUrl',
          'semester',
          'subjectName',
          'title',
          'updatedAt',
          'uploaderId',
          'uploaderName',
          // When an admin approved it (the Following feed's order): approved notes only.
          ...(d['approved'] ? ['approvedAt'] : []),
        ].sort(),
      );
      if (d['approved'])
        expect((d['approvedAt'] as Timestamp).toMillis()).toBeGreaterThanOrEqual(
          (d['createdAt'] as Timestamp).toMillis(),
        );
      const v = validateNoteInput({ ...d, confirmed: true }, 'create');
      expect(v.ok ? null : v.errors, n.id).toBeNull();
      expect(d['uploaderName']).toBe(users.get(d['uploaderId'])?.['username']);
      expect(d['filePath']).toBe(`notes/${d['uploaderId']}/${n.id}/${d['fileName']}`);
      if (!d['approved']) expect(d['downloadCount']).toBe(0);
    }
  });

  it("stores each note's file in Storage with its type, size and download token", async () => {
    const notes = await all(db.collection('notes'));
    const [files] = await getStorage(app).bucket(BUCKET).getFiles({ prefix: 'notes/' });
    // Each note's file, and its first-page thumbnail beside it (made by the functions' reader).
    expect(files.map((f) => f.name).sort()).toEqual(
      notes
        .flatMap((n) => {
          const path = n.data['filePath'] as string;
          const slash = path.lastIndexOf('/');
          return [path, `${path.slice(0, slash)}/.thumbnails/${path.slice(slash + 1)}.webp`];
        })
        .sort(),
    );
    const types = new Set<string>();
    for (const n of notes) {
      const d = n.data;
      const res = await fetch(d['fileUrl']);
      expect(res.status, d['fileUrl']).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBe(d['fileSize']);
      const [meta] = await getStorage(app).bucket(BUCKET).file(d['filePath']).getMetadata();
      expect(meta.contentType).toBe(d['fileType']);
      expect(Number(meta.size)).toBe(d['fileSize']);
      types.add(d['fileType']);
      let text: string;
      if (d['fileType'] === 'application/pdf') {
        expect(d['fileName']).toMatch(/\.pdf$/);
        expect(checkPdfStructure(bytes)).toEqual([]);
        text = extractPdfText(bytes);
      } else {
        expect(d['fileType']).toBe('text/plain');
        expect(d['fileName']).toMatch(/\.txt$/);
        text = bytes.toString('utf8');
      }
      expect(text).toContain(d['title']);
      // The thumbnail: a small WebP served by its token URL.
      expect(d['fileStatus']).toBe('ok');
      const thumb = await fetch(d['thumbnailUrl']);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      const webp = Buffer.from(await thumb.arrayBuffer());
      expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(webp.length).toBeLessThan(20_000);
    }
    expect([...types].sort()).toEqual(['application/pdf', 'text/plain']);
    // Without the token, storage.rules decide: a pending note's file is refused to a signed-out
    // reader, an approved note's file is public.
    const noToken = (d: Record<string, any>) => d['fileUrl'].replace(/&token=[^&]+/, '');
    const pending = notes.find((n) => !n.data['approved'])!.data;
    const approved = notes.find((n) => n.data['approved'])!.data;
    expect((await fetch(noToken(pending))).status).toBe(403);
    expect((await fetch(noToken(approved))).status).toBe(200);
  });

  it('records each file as the note-file trigger does (notes/{id}/files), matching its note', async () => {
    const bucket = getStorage(app).bucket(BUCKET);
    for (const n of await all(db.collection('notes'))) {
      const d = n.data;
      const records = await all(db.collection(`notes/${n.id}/files`));
      // One per stored file: the note's own (thumbnails are not note files).
      expect(
        records.map((r) => r.data['path']),
        n.id,
      ).toEqual([d['filePath']]);
      const record = noteFileRecordSchema.parse(records[0]!.data);
      const [meta] = await bucket.file(d['filePath']).getMetadata();
      // Of the stored generation, so the trigger and the indexer take it as read, not read again.
      expect(record.generation).toBe(String(meta.generation));
      expect(record).toMatchObject({ noteId: n.id, verdict: 'ok', reason: null });
      const slash = d['filePath'].lastIndexOf('/');
      expect(record.thumbnailPath).toBe(
        `${d['filePath'].slice(0, slash)}/.thumbnails/${d['filePath'].slice(slash + 1)}.webp`,
      );
      expect(record.thumbnailUrl).toBe(d['thumbnailUrl']);
      expect(d['fileStatus']).toBe(record.verdict);
    }
  });

  it('claims each file for duplicate checks as the triggers do (fileHashes, nearHashes)', async () => {
    const notes = await all(db.collection('notes'));
    const hashes = await all(db.collection('fileHashes'));
    const near = await all(db.collection('nearHashes'));
    for (const n of notes) {
      const [record] = await all(db.collection(`notes/${n.id}/files`));
      const sha256 = record!.data['sha256'] as string;
      const hash = hashes.find((h) => h.id === sha256);
      expect(hash?.data, n.id).toMatchObject({ noteId: n.id, uploaderId: n.data['uploaderId'] });
      const signature = near.find((h) => h.id === n.id)?.data;
      expect(signature?.['minhash'], n.id).toEqual(record!.data['minhash']);
      expect(signature?.['bands'], n.id).toEqual(lshBandKeys(record!.data['minhash'] as number[]));
    }
    // Nothing but the seeded notes' own.
    expect(hashes).toHaveLength(notes.length);
    expect(near).toHaveLength(notes.length);
  });

  it('keeps counters equal to the documents (likes, comments, notesCount)', async () => {
    const notes = await all(db.collection('notes'));
    const likes = await all(db.collectionGroup('likes'));
    const comments = await all(db.collectionGroup('comments'));
    const uids = new Set((await all(db.collection('users'))).map((u) => u.id));
    let totalLikes = 0;
    let totalComments = 0;
    for (const n of notes) {
      const mine = likes.filter((l) => l.path.startsWith(`notes/${n.id}/likes/`));
      const said = comments.filter((c) => c.path.startsWith(`notes/${n.id}/comments/`));
      expect(n.data['likesCount'], n.id).toBe(mine.length);
      expect(n.data['commentsCount'], n.id).toBe(said.length);
      for (const l of mine) {
        expect(uids.has(l.id)).toBe(true);
        expect(l.id).not.toBe(n.data['uploaderId']);
        expect(Object.keys(l.data).sort()).toEqual(['createdAt', 'uid']);
        expect(l.data['uid']).toBe(l.id);
      }
      for (const c of said) {
        expect(Object.keys(c.data).sort()).toEqual(['authorId', 'commentedAt', 'text', 'username']);
        expect(uids.has(c.data['authorId'])).toBe(true);
      }
      totalLikes += mine.length;
      totalComments += said.length;
    }
    expect(totalLikes).toBeGreaterThan(50);
    expect(totalComments).toBeGreaterThan(30);
    for (const u of await all(db.collection('users'))) {
      const count = (
        await db.collection('notes').where('uploaderId', '==', u.id).count().get()
      ).data().count;
      expect(u.data['notesCount'], u.id).toBe(count);
    }
  });

  it('saves approved notes for students, private under users/{uid}/saved', async () => {
    const saved = await all(db.collectionGroup('saved'));
    expect(saved.length).toBeGreaterThanOrEqual(18);
    const notes = new Map((await all(db.collection('notes'))).map((n) => [n.id, n.data]));
    const savers = new Set<string>();
    for (const s of saved) {
      const [, uid, , noteId] = s.path.split('/');
      savers.add(uid!);
      expect(s.data['noteId']).toBe(noteId);
      expect(Object.keys(s.data).sort()).toEqual(['noteId', 'savedAt']);
      expect(notes.get(noteId!)?.['approved']).toBe(true);
      expect(notes.get(noteId!)?.['uploaderId']).not.toBe(uid);
    }
    expect(savers.size).toBe(6);
  });

  it('builds meta/filterOptions from the approved notes', async () => {
    const approved = (await all(db.collection('notes').where('approved', '==', true))).map(
      (n) => n.data,
    );
    const meta = (await db.doc('meta/filterOptions').get()).data()!;
    const distinct = (k: string) => [...new Set(approved.map((n) => n[k]))];
    expect(meta['subjects']).toEqual(distinct('subjectName').sort());
    expect(meta['courses']).toEqual(distinct('courseName').sort());
    expect(meta['colleges']).toEqual(distinct('collegeName').sort());
    expect(meta['semesters']).toEqual(distinct('semester').sort((a, b) => a - b));
    expect(meta['colleges'].length).toBeGreaterThanOrEqual(5);
  });

  it('is deterministic and idempotent: skips when data exists, --force rewrites the same', async () => {
    const before = await snapshotAll();
    expect(Object.keys(before).length).toBeGreaterThan(250);
    expect(await seed({ log: () => {} })).toEqual({ seeded: false });
    const again = await seed({ force: true, log: () => {} });
    expect(again).toMatchObject({ seeded: true, notes: 64 });
    expect(await snapshotAll()).toEqual(before);
    // The plan itself is a pure function: two builds agree byte for byte on the files.
    const [a, b] = [buildDemoData(), buildDemoData()];
    expect(a.files.map((f) => f.bytes.toString('base64'))).toEqual(
      b.files.map((f) => f.bytes.toString('base64')),
    );
  });

  // Last: it changes a seeded note (the idempotency check above compares the data as seeded).
  it("withdraws a seeded note's file and thumbnail links when an admin sets it back to pending", async () => {
    const ref = db.doc('notes/demo-note-01');
    const before = (await ref.get()).data()!;
    expect(before['approved']).toBe(true);
    expect((await fetch(before['thumbnailUrl'])).status).toBe(200);
    expect((await fetch(before['fileUrl'])).status).toBe(200);

    await ref.update({ approved: false });
    await onNoteChange(ref.id, { before, after: (await ref.get()).data() });

    const after = (await ref.get()).data()!;
    // Links shared while it was public stop working, the thumbnail's too ...
    expect((await fetch(before['thumbnailUrl'])).status).toBe(403);
    expect((await fetch(before['fileUrl'])).status).toBe(403);
    // ... and the note, which its uploader and admins still read, carries the new ones.
    expect(after['thumbnailUrl']).not.toBe(before['thumbnailUrl']);
    expect((await fetch(after['thumbnailUrl'])).status).toBe(200);
    expect((await fetch(after['fileUrl'])).status).toBe(200);
  });
});
