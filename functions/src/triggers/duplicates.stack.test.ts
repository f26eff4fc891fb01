/**
 * Duplicate uploads on the run's stack (services/duplicates.ts): the same PDF through the facade
 * twice is refused with the link to the note that has it; the same file uploaded straight to
 * Storage (as the web SDK does, no facade) marks its note duplicateOf, which the admin cannot
 * approve, so it is never listed; a lightly edited copy of a long text is flagged similarTo for
 * Pending Approvals and still approvable; an unrelated text is not flagged.
 */
import { randomUUID } from 'node:crypto';
import { DUPLICATE_MESSAGES } from '@notenest/shared';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp, bucketName } from '../firebase.js';
import { directNote, makeCast, noteForm, type Cast } from '../testing/api-fixtures.js';
import { eventually, makePdf } from '../testing/stack.js';

let cast: Cast;
const db = () => getFirestore(adminApp());

beforeAll(async () => {
  cast = await makeCast('api-dups', {
    alice: 'Dia Duplicates',
    bob: 'Dev Duplicates',
    admin: 'Admin Duplicates',
  });
});

async function upload(
  who: 'alice' | 'bob',
  title: string,
  file: { name: string; data: Buffer; type: string },
) {
  return cast.call('POST', '/api/uploading/create', {
    token: cast[who].token,
    form: noteForm({ title, subjectName: 'Duplicate Studies' }, file),
  });
}

/** The note's duplicate markers once the triggers have read its file and checked it. */
async function checked(
  noteId: string,
  what: string,
  done: (d: FirebaseFirestore.DocumentData) => boolean,
) {
  return eventually(async () => (await db().doc(`notes/${noteId}`).get()).data()!, done, { what });
}

/** A TXT note of `words` through the facade; resolves to its id. */
async function uploadText(who: 'alice' | 'bob', title: string, name: string, words: string[]) {
  const r = await upload(who, title, {
    name,
    data: Buffer.from(words.join(' ')),
    type: 'text/plain',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.note._id as string;
}

/** Waits for the note's text signature: the last step of its duplicate check. */
function signatureIndexed(noteId: string) {
  return eventually(
    async () => (await db().doc(`nearHashes/${noteId}`).get()).exists,
    (exists) => exists,
    { what: `the signature of ${noteId} indexed` },
  );
}

/** A long text of varied words (a few pages of notes), `seed` telling texts apart. */
function longText(words: number, seed: number): string[] {
  const out: string[] = [];
  let x = seed;
  for (let i = 0; i < words; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(`w${(x >>> 4) % 5000}`);
  }
  return out;
}

describe('duplicate uploads', () => {
  let pdf: Buffer;
  let originalId: string;

  it('facade: the same PDF uploaded twice is refused with the link to the note that has it', async () => {
    pdf = await makePdf([`Dup study ${randomUUID()}`]);
    const first = await upload('alice', 'Thermodynamics Unit 1', {
      name: 'thermo.pdf',
      data: pdf,
      type: 'application/pdf',
    });
    expect(first.status).toBe(201);
    originalId = first.body.note._id as string;
    // The facade claims the hash at once: one document, by the file's SHA-256.
    const hashes = await db().collection('fileHashes').where('noteId', '==', originalId).get();
    expect(hashes.docs.map((d) => d.data())).toMatchObject([
      { noteId: originalId, uploaderId: cast.alice.uid },
    ]);

    // Alice again (her own pending note: linked).
    const again = await upload('alice', 'Thermodynamics again', {
      name: 'copy.pdf',
      data: pdf,
      type: 'application/pdf',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: DUPLICATE_MESSAGES.alreadyShared('Thermodynamics Unit 1'),
      noteId: originalId,
    });
    // Bob cannot read Alice's pending note: told it awaits review, without its id.
    const bobs = await upload('bob', 'My thermo', {
      name: 'thermo.pdf',
      data: pdf,
      type: 'application/pdf',
    });
    expect(bobs.status).toBe(409);
    expect(bobs.body).toEqual({ success: false, message: DUPLICATE_MESSAGES.awaitingReview });
    // Approved: linked for everyone.
    const review = await cast.call('PUT', `/api/admin/notes/${originalId}/review`, {
      token: cast.admin.token,
      json: { approved: true },
    });
    expect(review.status).toBe(200);
    const afterApproval = await upload('bob', 'My thermo', {
      name: 'thermo.pdf',
      data: pdf,
      type: 'application/pdf',
    });
    expect(afterApproval.status).toBe(409);
    expect(afterApproval.body).toMatchObject({
      message: 'This file is already shared as Thermodynamics Unit 1',
      noteId: originalId,
    });
    // Nothing of the refused uploads was stored: still one note of that title's file.
    const bobsNotes = await db().collection('notes').where('uploaderId', '==', cast.bob.uid).get();
    expect(bobsNotes.docs.filter((d) => d.get('title') === 'My thermo')).toEqual([]);
    // An update of the note with its own file again is no duplicate.
    const sameFile = await cast.call('POST', `/api/uploading/update/${originalId}`, {
      token: cast.alice.token,
      form: noteForm(
        { title: 'Thermodynamics Unit 1', subjectName: 'Duplicate Studies' },
        { name: 'thermo.pdf', data: pdf, type: 'application/pdf' },
      ),
    });
    expect(sameFile.status, JSON.stringify(sameFile.body)).toBe(200);
    await cast.call('PUT', `/api/admin/notes/${originalId}/review`, {
      token: cast.admin.token,
      json: { approved: true },
    });
  });

  it('direct SDK upload: a note whose file is already shared is marked duplicateOf, cannot be approved, is never listed', async () => {
    const ref = db().collection('notes').doc();
    const path = `notes/${cast.bob.uid}/${ref.id}/thermo.pdf`;
    await getStorage(adminApp())
      .bucket(bucketName())
      .file(path)
      .save(pdf, { contentType: 'application/pdf' });
    await ref.set(
      directNote(
        { uid: cast.bob.uid, username: 'Dev Duplicates' },
        {
          title: 'Thermo copy',
          subjectName: 'Duplicate Studies',
          fileName: 'thermo.pdf',
          filePath: path,
          fileType: 'application/pdf',
          fileSize: pdf.length,
        },
      ),
    );
    const note = await checked(ref.id, 'the copy marked duplicateOf', (d) => !!d['duplicateOf']);
    expect(note).toMatchObject({
      duplicateOf: originalId,
      duplicateOfTitle: 'Thermodynamics Unit 1',
      approved: false,
    });
    // The hash stays the first note's.
    const hashes = await db().collection('fileHashes').where('noteId', '==', ref.id).get();
    expect(hashes.size).toBe(0);
    // The admin's review refuses it, with the reason; Pending Approvals shows the mark.
    const review = await cast.call('PUT', `/api/admin/notes/${ref.id}/review`, {
      token: cast.admin.token,
      json: { approved: true },
    });
    expect(review.status).toBe(409);
    expect(review.body.message).toBe(DUPLICATE_MESSAGES.cannotApprove('Thermodynamics Unit 1'));
    expect((await ref.get()).get('approved')).toBe(false);
    const pending = await cast.call('GET', '/api/admin/notes/pending?limit=100', {
      token: cast.admin.token,
    });
    const row = (pending.body as { _id: string; duplicateOf: unknown }[]).find(
      (n) => n._id === ref.id,
    );
    expect(row?.duplicateOf).toEqual({ noteId: originalId, title: 'Thermodynamics Unit 1' });
    // Not listed: a reader's detail, Browse and search do not show it.
    expect((await cast.call('GET', `/api/uploading/get/${ref.id}`)).status).toBe(404);
    const browse = await cast.call('GET', '/api/notes?limit=100');
    expect((browse.body.notes as { _id: string }[]).map((n) => n._id)).not.toContain(ref.id);

    // The original deleted: its hash goes with it, and the same file may be shared again.
    const del = await cast.call('DELETE', `/api/admin/notes/${originalId}`, {
      token: cast.admin.token,
      json: {},
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await db().collection('fileHashes').where('noteId', '==', originalId).get()).size).toBe(
      0,
    );
    // Its copy may now be approved (the original is gone).
    const approveCopy = await cast.call('PUT', `/api/admin/notes/${ref.id}/review`, {
      token: cast.admin.token,
      json: { approved: true },
    });
    expect(approveCopy.status).toBe(200);
    await cast.call('DELETE', `/api/admin/notes/${ref.id}`, { token: cast.admin.token, json: {} });
  });

  it('near: a lightly edited copy of a long text is flagged similarTo; an unrelated one is not', async () => {
    const words = longText(1500, 42);
    const originalNote = await uploadText('alice', 'Fluid Mechanics Notes', 'fluids.txt', words);
    await signatureIndexed(originalNote);

    const edited = [...words];
    for (const i of [10, 400, 800, 1200, 1490]) edited[i] = 'edited';
    const copyId = await uploadText('bob', 'Fluids (my notes)', 'fluids-mine.txt', edited);
    const flagged = await checked(copyId, 'the copy flagged similarTo', (d) => !!d['similarTo']);
    expect(flagged['similarTo']).toMatchObject({
      noteId: originalNote,
      title: 'Fluid Mechanics Notes',
    });
    expect(flagged['similarTo'].score).toBeGreaterThanOrEqual(0.9);
    expect(flagged['duplicateOf']).toBeUndefined();
    // Flagged, never refused: the admin may approve it.
    const review = await cast.call('PUT', `/api/admin/notes/${copyId}/review`, {
      token: cast.admin.token,
      json: { approved: true },
    });
    expect(review.status).toBe(200);
    expect(review.body.similarTo).toMatchObject({ noteId: originalNote });

    const otherId = await uploadText('bob', 'Hydraulics', 'hydraulics.txt', longText(1500, 7));
    // Waits for its check to finish (the signature is written last), then: no flag.
    await signatureIndexed(otherId);
    const plain = (await db().doc(`notes/${otherId}`).get()).data()!;
    expect(plain['similarTo']).toBeUndefined();
    expect(plain['duplicateOf']).toBeUndefined();
  });
});
