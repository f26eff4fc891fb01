/**
 * Every document in the database has the shape its schema (`DOCUMENT_SCHEMAS` in
 * `@notenest/shared`, one per collection of docs/data-model.md) says: whatever the facade, the
 * triggers, the seed and this run's other tests wrote. A field added to a writer but not to the
 * data model, or a type that drifted, fails here with the document's path.
 *
 * It first walks one student's whole journey through the facade (sign-up, a PDF note read by the
 * trigger, approval, a like, a comment and its edit, a save), so each collection has documents
 * even when this file runs first.
 */
import { DOCUMENT_SCHEMAS } from '@notenest/shared';
import {
  getFirestore,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from './firebase.js';
import { approve, createPdfNote, makeCast, noteForm, type Cast } from './testing/api-fixtures.js';
import { eventually } from './testing/stack.js';

let cast: Cast;

beforeAll(async () => {
  cast = await makeCast('data-model', {
    alice: 'Dana Model',
    bob: 'Dev Model',
    admin: 'Admin Model',
  });
});

/** The schema whose path pattern matches `path` (`{x}` is one segment), or undefined. */
function schemaFor(path: string) {
  const segments = path.split('/');
  return Object.entries(DOCUMENT_SCHEMAS).find(([pattern]) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((p, i) => p.startsWith('{') || p === segments[i])
    );
  })?.[1];
}

/**
 * Every document under `refs` (subcollections included), read; ids that only hold subcollections
 * (listDocuments lists them too) come as snapshots that do not exist. A hundred at a time: their
 * reads in one call, their subcollections listed side by side, then the level below them (a
 * document at a time, the walk waited on two calls per document of the run, one after another).
 */
async function* walk(db: Firestore, refs: DocumentReference[]): AsyncGenerator<DocumentSnapshot> {
  for (let i = 0; i < refs.length; i += 100) {
    const chunk = refs.slice(i, i + 100);
    const [snaps, subs] = await Promise.all([
      db.getAll(...chunk),
      Promise.all(chunk.map((ref) => ref.listCollections())),
    ]);
    yield* snaps;
    const below = await Promise.all(subs.flat().map((sub) => sub.listDocuments()));
    yield* walk(db, below.flat());
  }
}

describe('the data model', () => {
  it('holds for every document in the database', async () => {
    const { call, alice, bob } = cast;
    const noteId = await createPdfNote(cast, 'eigenvalues and eigenvectors');
    await approve(cast, noteId);
    const db = getFirestore(adminApp());
    await eventually(
      async () => (await db.doc(`notes/${noteId}`).get()).data()!,
      (d) => d['fileStatus'] === 'ok' && typeof d['thumbnailUrl'] === 'string',
      { what: 'the file read by the trigger' },
    );
    // A TXT file too: its record has no page count (pages: null), unlike a PDF's.
    const txt = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm(
        { subjectName: 'Model Studies', courseName: 'B.Sc Models' },
        { name: 'model.txt', data: Buffer.from('matrices and vectors'), type: 'text/plain' },
      ),
    });
    expect(txt.status).toBe(201);
    const txtId = (txt.body as { note: { _id: string } }).note._id;
    await eventually(
      async () => (await db.doc(`notes/${txtId}`).get()).get('fileStatus'),
      (status) => status === 'ok',
      { what: 'the TXT file read by the trigger' },
    );
    expect((await call('PUT', `/api/notes/${noteId}/like`, { token: bob.token })).status).toBe(200);
    const added = await call('POST', `/api/notes/${noteId}/comment`, {
      token: bob.token,
      json: { text: 'Clear, thanks' },
    });
    expect(added.status).toBe(201);
    const commentId = (added.body as { comment: { _id: string } }).comment._id;
    expect(
      (
        await call('PUT', `/api/notes/comments/${noteId}/${commentId}`, {
          token: bob.token,
          json: { text: 'Very clear, thanks' },
        })
      ).status,
    ).toBe(200);
    expect((await call('POST', `/api/notes/archive/${noteId}`, { token: bob.token })).status).toBe(
      200,
    );
    await eventually(
      async () => (await db.doc(`notes/${noteId}`).get()).get('commentsCount'),
      (n) => n === 1,
      { what: 'commentsCount 1' },
    );

    const problems: string[] = [];
    const seen = new Set<string>();
    const roots = await db.listCollections();
    for (const root of roots) {
      for await (const snap of walk(db, await root.listDocuments())) {
        // listDocuments also lists ids that only hold subcollections.
        if (!snap.exists) continue;
        const ref = snap.ref;
        const schema = schemaFor(ref.path);
        const pattern = ref.path.replace(/[^/]+(\/|$)/g, (m, end: string, at: number) =>
          at === 0 ? m : `*${end}`,
        );
        seen.add(pattern);
        if (!schema) {
          problems.push(`${ref.path}: no schema for this collection`);
          continue;
        }
        const r = schema.safeParse(snap.data());
        if (!r.success)
          problems.push(
            `${ref.path}: ${r.error.issues.map((i) => `${i.path.join('.') || '(doc)'} ${i.message}${'keys' in i ? ': ' + String(i.keys) : ''}`).join('; ')}`,
          );
      }
    }
    expect(problems).toEqual([]);
    // The journey above wrote each of these; a walk that saw none of them proved nothing.
    for (const path of [
      `users/${alice.uid}`,
      `users/${bob.uid}/saved/${noteId}`,
      `users/${bob.uid}/limits/comment`,
      `notes/${noteId}`,
      `notes/${noteId}/comments/${commentId}`,
      `notes/${noteId}/likes/${bob.uid}`,
      'meta/filterOptions',
    ])
      expect((await db.doc(path).get()).exists, path).toBe(true);
    expect([...seen].length).toBeGreaterThan(5);
  });
});
