/**
 * The facade's note routes (routes/notes.ts) on the run's stack: multipart create and update with
 * files in Storage, the note page's read, saved notes. Derived data (search terms, counters,
 * filter options) is written by triggers after the call that caused it, so tests wait for it
 * (`eventually`).
 */
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp, bucketName } from '../firebase.js';
import {
  approve,
  createApprovedNote,
  createPdfNote,
  ids,
  makeCast,
  noteForm,
  sorted,
  searchFinds,
  searchIds,
  type Cast,
} from '../testing/api-fixtures.js';
import { eventually, makePdf } from '../testing/stack.js';

const TAG = 'api-notes';
let cast: Cast;
let call: Cast['call'];
let alice: Cast['alice'];
let bob: Cast['bob'];
let admin: Cast['admin'];

beforeAll(async () => {
  cast = await makeCast(TAG, { alice: 'Nia Notes', bob: 'Ned Notes', admin: 'Admin Notes' });
  ({ call, alice, bob, admin } = cast);
});

describe('notes', () => {
  it('create needs a token and validates like the upload form', async () => {
    const notesBefore = (await getFirestore(adminApp()).collection('notes').count().get()).data()
      .count;
    expect((await call('POST', '/uploading/create', { form: noteForm({}) })).status).toBe(401);
    const noFile = await call('POST', '/uploading/create', {
      token: alice.token,
      form: noteForm({}),
    });
    expect(noFile).toMatchObject({
      status: 400,
      body: { success: false, message: 'Please select a file or provide a file URL' },
    });
    const noTitle = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({ title: '', fileUrl: 'https://x.io/a.pdf' }),
    });
    expect(noTitle.body.message).toBe('Title is required');
    const sem = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({ semester: '9', fileUrl: 'https://x.io/a.pdf' }),
    });
    expect(sem.body.message).toBe('Semester must be a whole number from 1 to 8');
    const exe = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({}, { name: 'a.exe', data: Buffer.from('MZ') }),
    });
    expect(exe.body.message).toBe('Only .pdf, .doc, .docx and .txt files are accepted');
    const fake = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({}, { name: 'a.pdf', data: Buffer.from('hello') }),
    });
    expect(fake).toMatchObject({
      status: 400,
      body: { message: 'The file content does not match its type' },
    });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    const tooBig = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({}, { name: 'big.txt', data: big }),
    });
    expect(tooBig).toEqual({
      status: 413,
      body: { success: false, message: 'The file is larger than 10 MB' },
    });
    const other = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({ uploader: bob.uid, fileUrl: 'https://x.io/a.pdf' }),
    });
    expect(other.status).toBe(403);
    const conf = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm({ confirmed: 'false', fileUrl: 'https://x.io/a.pdf' }),
    });
    expect(conf.status).toBe(400);
    const ref = await getFirestore(adminApp()).collection('notes').count().get();
    expect(ref.data().count).toBe(notesBefore);
  });

  it('create stores the PDF in Storage with a token, indexes its words, counts the upload', async () => {
    const secret = 'zythum';
    const pdf = await makePdf([`Fermentation science: ${secret} explained`]);
    const r = await call('POST', '/api/uploading/create', {
      token: alice.token,
      form: noteForm(
        { uploader: alice.uid },
        { name: 'os notes.pdf', data: pdf, type: 'application/pdf' },
      ),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ success: true, message: 'Note created successfully' });
    const note = r.body.note;
    const noteId = note._id as string;
    expect(note).toMatchObject({
      title: 'Compiler Design Unit 3',
      semester: 3,
      approved: false,
      uploaderId: alice.uid,
      uploaderName: 'Nia Notes',
      uploader: { _id: alice.uid, username: 'Nia Notes' },
      fileName: 'os notes.pdf',
      fileType: 'application/pdf',
      fileSize: pdf.length,
      likesCount: 0,
      commentsCount: 0,
      downloadCount: 0,
    });
    const file = await fetch(note.fileUrl);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    const [exists] = await getStorage(adminApp())
      .bucket(bucketName())
      .file(`notes/${alice.uid}/${noteId}/os notes.pdf`)
      .exists();
    expect(exists).toBe(true);
    // The file's words reach the search index from the triggers (read where it lands); pending,
    // so the admin search finds it.
    await searchFinds(cast, secret, noteId, { admin: true });
    await eventually(
      async () =>
        (await getFirestore(adminApp()).doc(`users/${alice.uid}`).get()).get('notesCount'),
      (n) => n === 1,
      { what: "alice's notesCount 1" },
    );
  });

  it('a pending note is the uploader’s and admins’ only', async () => {
    const secret = 'quokkas';
    const noteId = await createPdfNote(cast, `Marsupials: ${secret}`);
    expect((await call('GET', `/uploading/get/${noteId}`)).status).toBe(404);
    expect((await call('GET', `/uploading/get/${noteId}`, { token: bob.token })).status).toBe(404);
    expect(
      (await call('GET', `/uploading/get/${noteId}`, { token: alice.token })).body.note._id,
    ).toBe(noteId);
    expect((await call('GET', `/api/uploading/get/${noteId}`, { token: admin.token })).status).toBe(
      200,
    );
    // Not in Browse until approved (the admin search finds it: it is indexed).
    await searchFinds(cast, secret, noteId, { admin: true });
    expect((await call('GET', `/notes?search=${secret}`)).body).toEqual({
      success: true,
      notes: [],
      total: 0,
      nextCursor: null,
    });
    expect(
      ids((await call('GET', `/api/user/uploads/${alice.uid}`, { token: alice.token })).body),
    ).toContain(noteId);
    expect((await call('GET', `/api/user/uploads/${alice.uid}`)).body).toEqual([]);
  });

  it('update: owner only; a new file replaces the old one, the note goes back to pending, re-indexed', async () => {
    const secret = 'wombats';
    const subject = 'Zymology Lab';
    const noteId = await createPdfNote(cast, `Burrowing: ${secret}`, {
      title: 'OS Unit 3',
      subjectName: subject,
    });
    const browseBefore = ids((await call('GET', '/api/notes')).body.notes);
    const optionsBefore = (await call('GET', '/api/filter-options')).body as { subjects: string[] };
    await searchFinds(cast, secret, noteId, { admin: true });
    await approve(cast, noteId);
    await eventually(
      async () => (await call('GET', '/api/filter-options')).body.subjects as string[],
      (subjects) => subjects.includes(subject),
      { what: 'the subject in the filter options' },
    );
    expect(
      (await call('POST', `/uploading/update/${noteId}`, { token: bob.token, form: noteForm({}) }))
        .status,
    ).toBe(403);
    const txt = Buffer.from('Quasiparticle lecture notes');
    const r = await call('POST', `/api/uploading/update/${noteId}`, {
      token: alice.token,
      form: noteForm(
        { title: 'OS Unit 3 v2', subjectName: subject },
        { name: 'v2.txt', data: txt, type: 'text/plain' },
      ),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Note updated successfully',
      note: { title: 'OS Unit 3 v2', approved: false, fileName: 'v2.txt', fileType: 'text/plain' },
    });
    const folder = `notes/${alice.uid}/${noteId}/`;
    const objects = async () =>
      (await getStorage(adminApp()).bucket(bucketName()).getFiles({ prefix: folder }))[0]
        .map((f) => f.name)
        .sort();
    // The old file and its thumbnail are gone; the new one's thumbnail follows from the trigger.
    await eventually(
      objects,
      (names) =>
        JSON.stringify(names) ===
        JSON.stringify([`${folder}.thumbnails/v2.txt.webp`, `${folder}v2.txt`]),
      { what: 'only v2.txt and its thumbnail in the folder' },
    );
    // The new file's words replace the old file's in the index.
    await searchFinds(cast, 'quasiparticle', noteId, { admin: true });
    await searchFinds(cast, secret, noteId, { admin: true, found: false });
    // Pending again: out of Browse and out of the filter options.
    expect(ids((await call('GET', '/api/notes')).body.notes)).toEqual(browseBefore);
    await eventually(
      async () => (await call('GET', '/api/filter-options')).body.subjects as string[],
      (subjects) => JSON.stringify(subjects) === JSON.stringify(sorted(optionsBefore.subjects)),
      { what: 'the subject gone from the filter options' },
    );
    // Without a file the note keeps its current one.
    const keep = await call('POST', `/api/uploading/update/${noteId}`, {
      token: alice.token,
      form: noteForm({ title: 'OS Unit 3 v3', subjectName: subject }),
    });
    expect(keep.body.note).toMatchObject({ title: 'OS Unit 3 v3', fileName: 'v2.txt' });
    await searchFinds(cast, 'v3', noteId, { admin: true });
    expect(await searchIds(cast, 'quasiparticle', { admin: true })).toContain(noteId);
  });

  it('archive, archived list and remove-archive', async () => {
    const noteId = await createApprovedNote(cast, { title: 'Saved For Later' });
    expect((await call('POST', `/notes/archive/${noteId}`)).status).toBe(401);
    expect((await call('POST', `/notes/archive/${noteId}`, { token: bob.token })).body).toEqual({
      success: true,
      message: 'Note archived successfully',
    });
    expect(
      (await call('GET', `/api/notes/archived/${bob.uid}`, { token: bob.token })).body.map(
        (n: { _id: string }) => n._id,
      ),
    ).toEqual([noteId]);
    expect(
      (await call('GET', `/api/notes/archived/${bob.uid}`, { token: alice.token })).status,
    ).toBe(403);
    // Private to the owner: an admin is refused too.
    expect(await call('GET', `/api/notes/archived/${bob.uid}`, { token: admin.token })).toEqual({
      status: 403,
      body: { success: false, message: 'You can only see your own saved notes' },
    });
    // Ids Firestore reserves are a bad request, not a server error.
    for (const bad of ['__proto__', '__name__'])
      expect(
        (await call('POST', `/api/notes/remove-archive/${bad}`, { token: bob.token })).status,
      ).toBe(400);
    expect(
      (await call('POST', `/api/notes/remove-archive/${noteId}`, { token: bob.token })).body
        .success,
    ).toBe(true);
    expect(
      (await call('GET', `/api/notes/archived/${bob.uid}`, { token: bob.token })).body,
    ).toEqual([]);
  });

  it('create with a file URL instead of a file; JSON errors never 5xx', async () => {
    const r = await call('POST', '/uploading/create', {
      token: bob.token,
      form: noteForm({ fileUrl: 'https://example.com/n.pdf', fileName: 'n.pdf' }),
    });
    expect(r.status).toBe(201);
    expect(r.body.note).toMatchObject({
      fileUrl: 'https://example.com/n.pdf',
      fileName: 'n.pdf',
      fileType: null,
    });
    const broken = await call('POST', '/uploading/create', {
      token: bob.token,
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      form: undefined,
    });
    expect(broken.status).toBe(400);
  });
});
