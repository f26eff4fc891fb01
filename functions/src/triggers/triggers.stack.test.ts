/**
 * The triggers that keep derived data, on the run's stack: a note written straight to Firestore
 * (no facade call) reaches the search index with its file's words and gets exact counters, and a
 * file that lands after its note is read when it arrives. Nothing here calls the facade to make them happen.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp, bucketName } from '../firebase.js';
import {
  directNote,
  ids,
  makeCast,
  searchFinds,
  searchIds,
  type Cast,
} from '../testing/api-fixtures.js';
import { noteFileRecord } from '../services/note-files.js';
import { downloadUrl } from '../services/storage.js';
import { eventually, makePdf } from '../testing/stack.js';

const TAG = 'api-triggers';
let cast: Cast;
let call: Cast['call'];
let bob: Cast['bob'];
/** The student whose notes are written straight to Firestore. */
let uploader: { uid: string; username: string };

beforeAll(async () => {
  cast = await makeCast(TAG, {
    alice: 'Tia Triggers',
    bob: 'Tom Triggers',
    admin: 'Admin Triggers',
  });
  ({ call, bob } = cast);
  uploader = { uid: bob.uid, username: 'Tom Triggers' };
});

describe('triggers', () => {
  it('triggers: a note written directly (no facade call) is indexed with the words of its DOCX and gets exact counters', async () => {
    const db = getFirestore(adminApp());
    const ref = db.collection('notes').doc();
    const path = `notes/${bob.uid}/${ref.id}/thermo.docx`;
    // A DOCX made by LibreOffice (test/fixtures/documents), saved with no content type: its
    // name says DOCX and its bytes agree.
    const docx = readFileSync(
      new URL('../../../test/fixtures/documents/libreoffice.docx', import.meta.url),
    );
    await getStorage(adminApp()).bucket(bucketName()).file(path).save(docx);
    const notesBefore = (await db.doc(`users/${bob.uid}`).get()).get('notesCount') as number;
    await ref.set(
      directNote(uploader, {
        title: 'Thermodynamics',
        subjectName: 'Thermodynamics',
        fileName: 'thermo.docx',
        filePath: path,
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        fileSize: docx.length,
      }),
    );
    await ref.collection('comments').add({
      text: 'x',
      authorId: bob.uid,
      username: uploader.username,
      commentedAt: FieldValue.serverTimestamp(),
    });
    await eventually(
      async () => (await ref.get()).data()!,
      (d) => d['fileStatus'] === 'ok' && d['commentsCount'] === 1,
      { what: 'the DOCX read and commentsCount 1' },
    );
    // Pending: in the index (the admin search finds a word of the DOCX), not for readers.
    await searchFinds(cast, 'splay', ref.id, { admin: true });
    expect(await searchIds(cast, 'splay')).not.toContain(ref.id);
    await eventually(
      async () => (await db.doc(`users/${bob.uid}`).get()).get('notesCount'),
      (n) => n === notesBefore + 1,
      { what: `notesCount ${notesBefore + 1}` },
    );
    // Approved directly (as an admin's client would): searchable through the spec's search call.
    await ref.update({ approved: true });
    await eventually(
      async () => (await call('GET', '/api/filter-options')).body.colleges as string[],
      (c) => c.includes('NIT Trichy'),
      { what: 'the college in the filter options' },
    );
    expect(ids((await call('GET', '/api/notes?search=splay')).body.notes)).toContain(ref.id);
    // The routes that existed only for follow-up calls are gone.
    expect((await call('POST', `/api/notes/${ref.id}/index`, { token: bob.token })).status).toBe(
      404,
    );
    expect((await call('POST', `/api/notes/${ref.id}/recount`, { token: bob.token })).status).toBe(
      404,
    );
    expect((await call('POST', `/api/user/recount/${bob.uid}`, { token: bob.token })).status).toBe(
      404,
    );
    await ref.update({ approved: false });
  });

  it('storage trigger: a note written before its file lands is indexed when the file arrives', async () => {
    const db = getFirestore(adminApp());
    const ref = db.collection('notes').doc();
    const path = `notes/${bob.uid}/${ref.id}/late.txt`;
    await ref.set(
      directNote(uploader, {
        title: 'Late upload',
        subjectName: 'Fluid Mechanics',
        fileUrl: 'https://example.com/late',
        fileName: 'late.txt',
        filePath: path,
        fileType: 'text/plain',
        fileSize: 10,
      }),
    );
    // Indexed by its fields first (the file is not there yet).
    await searchFinds(cast, 'Late upload', ref.id, { admin: true });
    expect(await searchIds(cast, 'bernoulli', { admin: true })).not.toContain(ref.id);
    await getStorage(adminApp())
      .bucket(bucketName())
      .file(path)
      .save(Buffer.from('Bernoulli equation'), { contentType: 'text/plain' });
    await searchFinds(cast, 'bernoulli', ref.id, { admin: true });
  });

  it('a refused file is quarantined without its download token: its link no longer serves', async () => {
    const path = `notes/${bob.uid}/quarantine${Date.now()}/fake.pdf`;
    const token = randomUUID();
    const files = getStorage(adminApp()).bucket(bucketName());
    const bytes = Buffer.from('plain text posing as a PDF');
    // Says PDF, is not: the reader refuses it and moves it to quarantine/.
    await files.file(path).save(bytes, {
      contentType: 'application/pdf',
      metadata: { metadata: { firebaseStorageDownloadTokens: token } },
    });
    // The file trigger reads it when it lands (services/note-files.ts).
    const quarantined = files.file(`quarantine/${path}`);
    await eventually(
      async () => (await quarantined.exists())[0] && !(await files.file(path).exists())[0],
      (done) => done,
      { what: 'the file moved to quarantine/' },
    );
    // Kept for an admin, bytes and all, under metadata that names where it came from...
    expect((await quarantined.download())[0]).toEqual(bytes);
    const [meta] = await quarantined.getMetadata();
    expect(meta.metadata?.['firebaseStorageDownloadTokens']).toBeUndefined();
    expect(meta.metadata?.['quarantinedFrom']).toBe(path);
    // ...and the uploader's token does not open it (no rule reaches quarantine/ either).
    expect((await fetch(downloadUrl(`quarantine/${path}`, token))).status).toBe(403);
  });

  it('readers of one file at the same time agree on its thumbnail link, which works', async () => {
    const path = `notes/${bob.uid}/concurrent${Date.now()}/both.pdf`;
    await getStorage(adminApp())
      .bucket(bucketName())
      .file(path)
      .save(await makePdf(['Two readers at once']), { contentType: 'application/pdf' });
    // The file trigger reads it too: three readers race for the one thumbnail.
    const [a, b] = await Promise.all([noteFileRecord(path), noteFileRecord(path)]);
    expect(a?.thumbnailUrl).toBeTruthy();
    expect(b?.thumbnailUrl).toBe(a?.thumbnailUrl);
    const served = await fetch(a!.thumbnailUrl!);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // What the record keeps (whoever wrote it last) is that same link.
    const again = await noteFileRecord(path);
    expect(again?.thumbnailUrl).toBe(a?.thumbnailUrl);
  });
});
