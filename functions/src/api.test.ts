/**
 * The facade end to end for students: auth, profile, notes (multipart create/update with files in
 * Storage), note page, saved notes, comments, likes, Browse search and suggestions, indexing after
 * a direct write (by the triggers). Real emulators: a whole stack (firebase-tools' Auth,
 * Functions, Hosting and Google's Firestore emulator, our Storage emulator) holding the demo
 * data: the notes here use a college, course and subject of their own, and list checks compare
 * with what was listed before. Derived data (search terms, counters, filter options) is written
 * by triggers after the call that caused it, so tests wait for it (`eventually`).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { adminApp, bucketName } from './firebase.js';
import {
  client,
  createAccount,
  eventually,
  makePdf,
  signIn,
  startStack,
  type Account,
  type Stack,
} from './testing/stack.js';

const TAG = 'api';
let stack: Stack;
let call: ReturnType<typeof client>;
let alice: Account;
let bob: Account;
let admin: Account;

/** Distinct values sorted as meta/filterOptions sorts them. */
function sorted<T extends string | number>(list: T[]): T[] {
  return [...new Set(list)].sort((a, b) =>
    typeof a === 'number' ? a - (b as number) : String(a).localeCompare(String(b), 'en'),
  );
}
const withValue = <T extends string | number>(list: T[], value: T) => sorted([...list, value]);
const ids = (notes: { _id: string }[]) => notes.map((n) => n._id);

/**
 * A pending note of Bob's as a client writes it straight to Firestore (no facade), with the
 * fields given; no searchTerms, zero counters.
 */
function directNote(fields: Record<string, unknown>) {
  return {
    description: '',
    collegeName: 'NIT Trichy',
    courseName: 'B.Tech Mechanical Engineering',
    batch: '2021-2025',
    semester: 4,
    fileUrl: 'https://example.com/x',
    uploaderId: bob.uid,
    uploaderName: 'Bobby Sen',
    approved: false,
    likesCount: 0,
    downloadCount: 0,
    commentsCount: 0,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
    ...fields,
  };
}

function noteForm(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const form = new FormData();
  const defaults = {
    title: 'Compiler Design Unit 3',
    description: 'Parsing and code generation',
    collegeName: 'IIT Delhi',
    courseName: 'M.Tech CSE',
    subjectName: 'Compiler Design',
    batch: '2022-2026',
    semester: '3',
    confirmed: 'true',
  };
  for (const [k, v] of Object.entries({ ...defaults, ...fields })) form.set(k, v);
  if (file)
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? '' }), file.name);
  return form;
}

beforeAll(async () => {
  stack = await startStack();
  call = client(stack);
  [alice, bob, admin] = await Promise.all([
    createAccount(stack, TAG, 'Alice Rao'),
    createAccount(stack, TAG, 'Bob Sen'),
    createAccount(stack, TAG, 'Admin Api'),
  ]);
  await getAuth(adminApp()).setCustomUserClaims(admin.uid, { role: 'admin' });
  await getFirestore(adminApp()).doc(`users/${admin.uid}`).update({ role: 'admin' });
  admin.token = (await signIn(stack.authHost, admin.email, admin.password)).token;
});

afterAll(async () => {
  await stack?.stop();
});

describe('auth', () => {
  it('signup validates and refuses a taken email', async () => {
    expect(
      await call('POST', '/api/auth/signup', {
        json: { username: 'x', email: 'a@b.co', password: 'secret1' },
      }),
    ).toEqual({
      status: 400,
      body: { success: false, message: 'Username must be 2 to 40 characters' },
    });
    const bad = await call('POST', '/auth/signup', {
      json: { username: 'Xy', email: 'nope', password: 'secret1' },
    });
    expect(bad.status).toBe(400);
    const short = await call('POST', '/auth/signup', {
      json: { username: 'Xy', email: 'x@y.co', password: '123' },
    });
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const dup = await call('POST', '/api/auth/signup', {
      json: { username: 'Again', email: alice.email, password: 'secret123' },
    });
    expect(dup).toEqual({
      status: 409,
      body: { success: false, message: 'An account with this email already exists' },
    });
  });

  it('signup creates the profile; signin answers the user with role and a working token', async () => {
    const r = await call('POST', '/api/auth/signin', {
      json: { email: alice.email, password: alice.password },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      _id: alice.uid,
      id: alice.uid,
      username: 'Alice Rao',
      email: alice.email,
      role: 'user',
      avatar: null,
      notesCount: 0,
    });
    expect(typeof r.body.createdAt).toBe('string');
    const me = await call('GET', `/api/notes/archived/${alice.uid}`, { token: r.body.token });
    expect(me).toEqual({ status: 200, body: [] });
  });

  it('signin refuses wrong passwords and bad input', async () => {
    expect(
      await call('POST', '/api/auth/signin', {
        json: { email: alice.email, password: 'wrong-pass' },
      }),
    ).toEqual({
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    });
    expect((await call('POST', '/api/auth/signin', { json: { email: alice.email } })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/auth/signin', { json: [] })).status).toBe(400);
  });

  it('google upserts a profile from a verified token only', async () => {
    expect(
      (await call('POST', '/api/auth/google', { json: { name: 'G', email: 'g@x.co' } })).status,
    ).toBe(401);
    expect((await call('POST', '/api/auth/google', { token: 'garbage', json: {} })).status).toBe(
      401,
    );
    const user = await getAuth(adminApp()).createUser({
      email: `gina.${TAG}@example.test`,
      password: 'secret123',
    });
    const { token } = await signIn(stack.authHost, `gina.${TAG}@example.test`, 'secret123');
    const r = await call('POST', '/api/auth/google', {
      token,
      json: {
        name: 'Gina Google',
        email: `gina.${TAG}@example.test`,
        photo: 'https://example.com/g.png',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      _id: user.uid,
      username: 'Gina Google',
      avatar: 'https://example.com/g.png',
      role: 'user',
    });
    const again = await call('POST', '/api/auth/google', { token, json: { name: 'Other' } });
    expect(again.body.username).toBe('Gina Google');
  });

  it('signout answers success with or without a token and revokes refresh tokens', async () => {
    expect(await call('GET', '/api/auth/signout')).toEqual({
      status: 200,
      body: { success: true, message: 'User has been signed out' },
    });
    const user = await getAuth(adminApp()).createUser({
      email: `out.${TAG}@example.test`,
      password: 'secret123',
    });
    const { token } = await signIn(stack.authHost, `out.${TAG}@example.test`, 'secret123');
    expect((await call('GET', '/api/auth/signout', { token })).body.success).toBe(true);
    const record = await getAuth(adminApp()).getUser(user.uid);
    expect(record.tokensValidAfterTime).toBeTruthy();
  });
});

describe('profile', () => {
  it('needs the owner', async () => {
    expect(
      (await call('POST', `/api/user/update/${alice.uid}`, { json: { username: 'Hacker' } }))
        .status,
    ).toBe(401);
    expect(
      await call('POST', `/api/user/update/${alice.uid}`, {
        token: bob.token,
        json: { username: 'Hacker' },
      }),
    ).toEqual({
      status: 403,
      body: { success: false, message: 'You can only update your own profile' },
    });
    expect(
      (await call('POST', '/api/user/update/bad$id', { token: bob.token, json: {} })).status,
    ).toBe(400);
  });

  it('multipart avatar: stored under avatars/{uid}/ with a token URL; non-images refused', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    form.set('username', 'Alice Rao');
    const r = await call('POST', `/api/user/update/${alice.uid}`, { token: alice.token, form });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      _id: alice.uid,
    });
    expect(r.body.avatar).toMatch(
      new RegExp(`/v0/b/${bucketName()}/o/avatars%2F${alice.uid}%2F.*token=`),
    );
    const img = await fetch(r.body.avatar);
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);

    const bad = new FormData();
    bad.set('avatar', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'x.svg');
    const refused = await call('POST', `/api/user/update/${alice.uid}`, {
      token: alice.token,
      form: bad,
    });
    expect(refused.status).toBe(400);
  });

  it('password change works on the next sign-in', async () => {
    const acc = await createAccount(stack, TAG, 'Pat Pw');
    const r = await call('POST', `/api/user/update/${acc.uid}`, {
      token: acc.token,
      json: { password: 'newpass99' },
    });
    expect(r.status).toBe(200);
    const again = await signIn(stack.authHost, acc.email, 'newpass99');
    expect(again).toMatchObject({ uid: acc.uid });
    // A password change revokes the sessions from before it (Auth's validSince, to the second):
    // the next call goes with the new sign-in's token.
    expect(
      (
        await call('POST', `/api/user/update/${acc.uid}`, {
          token: again.token,
          json: { email: alice.email },
        })
      ).status,
    ).toBe(409);
  });
});

describe('notes', () => {
  let noteId: string;
  const secret = 'zymurgy';
  // Browse before the note is approved (the demo data, in the `via-emulators` project).
  let browseBefore: string[];
  let optionsBefore: {
    subjects: string[];
    courses: string[];
    semesters: number[];
    colleges: string[];
  };

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
    noteId = note._id;
    expect(note).toMatchObject({
      title: 'Compiler Design Unit 3',
      semester: 3,
      approved: false,
      uploaderId: alice.uid,
      uploaderName: 'Alice Rao',
      uploader: { _id: alice.uid, username: 'Alice Rao' },
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
    // The file's words arrive from the note-file trigger (read where it lands).
    await eventually(
      async () =>
        ((await getFirestore(adminApp()).doc(`notes/${noteId}`).get()).get('searchTerms') ??
          []) as string[],
      (t) => t.includes(secret),
      { what: `the PDF's word ${secret} in searchTerms` },
    );
    await eventually(
      async () =>
        (await getFirestore(adminApp()).doc(`users/${alice.uid}`).get()).get('notesCount'),
      (n) => n === 1,
      { what: "alice's notesCount 1" },
    );
  });

  it('a pending note is the uploader’s and admins’ only', async () => {
    expect((await call('GET', `/uploading/get/${noteId}`)).status).toBe(404);
    expect((await call('GET', `/uploading/get/${noteId}`, { token: bob.token })).status).toBe(404);
    expect(
      (await call('GET', `/uploading/get/${noteId}`, { token: alice.token })).body.note._id,
    ).toBe(noteId);
    expect((await call('GET', `/api/uploading/get/${noteId}`, { token: admin.token })).status).toBe(
      200,
    );
    // Not in Browse until approved.
    expect((await call('GET', `/notes?search=${secret}`)).body).toEqual({
      success: true,
      notes: [],
    });
    expect(
      (await call('GET', `/api/user/uploads/${alice.uid}`, { token: alice.token })).body,
    ).toHaveLength(1);
    expect((await call('GET', `/api/user/uploads/${alice.uid}`)).body).toEqual([]);
  });

  it('Browse finds an approved note by a word only inside its PDF, with filters', async () => {
    browseBefore = ids((await call('GET', '/api/notes')).body.notes);
    optionsBefore = (await call('GET', '/api/filter-options')).body;
    const review = await call('PUT', `/api/admin/notes/${noteId}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    expect(review.body).toMatchObject({ success: true, _id: noteId, approved: true });
    const hit = await call('GET', `/notes?search=${secret.toUpperCase()}`);
    expect(hit.body.notes.map((n: { _id: string }) => n._id)).toEqual([noteId]);
    expect(
      (
        await call(
          'GET',
          '/api/notes?search=zymu%20fermentation&subject=Compiler%20Design&semester=3',
        )
      ).body.notes,
    ).toHaveLength(1);
    expect((await call('GET', '/api/notes?search=zymurgy&semester=4')).body.notes).toHaveLength(0);
    expect((await call('GET', '/api/notes?search=zymurgy&college=Other')).body.notes).toHaveLength(
      0,
    );
    expect((await call('GET', '/api/notes?course=M.Tech%20CSE')).body.notes).toHaveLength(1);
    expect((await call('GET', '/api/notes?search=zymurgy%20chemistry')).body.notes).toHaveLength(0);
    expect((await call('GET', `/notes?search=${noteId}`)).body.notes[0]._id).toBe(noteId);
    expect((await call('GET', '/api/notes?semester=nine')).status).toBe(400);
    expect((await call('GET', '/api/notes?sort=random')).status).toBe(400);
    const sugg = await call('GET', '/search-suggestions?query=compil');
    expect(sugg.body).toEqual({
      success: true,
      suggestions: ['Compiler Design Unit 3', 'Compiler Design'],
    });
    expect((await call('GET', '/api/search-suggestions?q=o')).body.suggestions).toEqual([]);
    const options = await eventually(
      () => call('GET', '/api/filter-options'),
      (o) => o.body.subjects.includes('Compiler Design'),
      { what: 'the subject in the filter options' },
    );
    expect(options.body).toMatchObject({
      subjects: withValue(optionsBefore.subjects, 'Compiler Design'),
      semesters: withValue(optionsBefore.semesters, 3),
      colleges: withValue(optionsBefore.colleges, 'IIT Delhi'),
    });
  });

  it('comments: add, edit by the author only, delete by the author or an admin, exact count', async () => {
    expect((await call('POST', `/notes/${noteId}/comment`, { json: { text: 'hi' } })).status).toBe(
      401,
    );
    expect(
      (await call('POST', `/notes/${noteId}/comment`, { token: bob.token, json: { text: '   ' } }))
        .body.message,
    ).toBe('Comment text is required');
    expect(
      (
        await call('POST', `/notes/${noteId}/comment`, {
          token: bob.token,
          json: { text: 'x'.repeat(1001) },
        })
      ).status,
    ).toBe(400);
    const a = await call('POST', `/notes/${noteId}/comment`, {
      token: bob.token,
      json: { text: ' Great notes ' },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      success: true,
      commentsCount: 1,
      comment: { text: 'Great notes', username: 'Bob Sen', authorId: bob.uid },
    });
    const cid = a.body.comment._id;
    const b = await call('POST', `/api/notes/${noteId}/comment`, {
      token: alice.token,
      json: { text: 'Thanks' },
    });
    expect(b.body.commentsCount).toBe(2);
    expect(
      (
        await call('PUT', `/notes/comments/${noteId}/${cid}`, {
          token: alice.token,
          json: { text: 'edited' },
        })
      ).status,
    ).toBe(403);
    const edit = await call('PUT', `/api/notes/comments/${noteId}/${cid}`, {
      token: bob.token,
      json: { text: 'Great notes!' },
    });
    expect(edit.body).toMatchObject({
      success: true,
      message: 'Comment updated successfully',
      comment: { text: 'Great notes!' },
    });
    expect(edit.body.comment.editedAt).toBeTruthy();
    expect(
      (
        await call('DELETE', `/notes/comments/${noteId}/${b.body.comment._id}`, {
          token: bob.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('DELETE', `/notes/comments/${noteId}/nope`, { token: bob.token })).status,
    ).toBe(404);
    const del = await call('DELETE', `/notes/comments/${noteId}/${b.body.comment._id}`, {
      token: admin.token,
    });
    expect(del.body).toEqual({
      success: true,
      message: 'Comment deleted successfully',
      commentsCount: 1,
    });
    const page = await eventually(
      () => call('GET', `/uploading/get/${noteId}`),
      (p) => p.body.note.commentsCount === 1,
      { what: 'the stored commentsCount 1' },
    );
    expect(page.body.note.comments.map((c: { text: string }) => c.text)).toEqual(['Great notes!']);
  });

  it('comments added at the same time are all counted (recounts do not overwrite each other)', async () => {
    const before = (
      await eventually(
        () => call('GET', `/uploading/get/${noteId}`),
        (p) => p.body.note.commentsCount === p.body.note.comments.length,
      )
    ).body.note.commentsCount;
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `/notes/${noteId}/comment`, {
          token: i % 2 ? alice.token : bob.token,
          json: { text: `at once ${i}` },
        }),
      ),
    );
    expect(added.map((r) => r.status)).toEqual(Array(8).fill(201));
    const note = (
      await eventually(
        () => call('GET', `/uploading/get/${noteId}`),
        (p) => p.body.note.commentsCount === before + 8,
        { what: `commentsCount ${before + 8}` },
      )
    ).body.note;
    expect(note.comments).toHaveLength(before + 8);
  });

  it('like toggles one like per user', async () => {
    expect((await call('PUT', `/notes/${noteId}/like`)).status).toBe(401);
    expect((await call('PUT', `/notes/${noteId}/like`, { token: bob.token })).body).toMatchObject({
      success: true,
      liked: true,
      likesCount: 1,
    });
    expect(
      (await call('PUT', `/api/notes/${noteId}/like`, { token: alice.token })).body,
    ).toMatchObject({ liked: true, likesCount: 2 });
    expect((await call('PUT', `/notes/${noteId}/like`, { token: bob.token })).body).toMatchObject({
      liked: false,
      likesCount: 1,
    });
    expect(
      (await call('GET', `/uploading/get/${noteId}`, { token: alice.token })).body.note,
    ).toMatchObject({ likesCount: 1, liked: true });
    expect((await call('PUT', '/notes/missing123456/like', { token: bob.token })).status).toBe(404);
  });

  it('archive, archived list and remove-archive', async () => {
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

  it('username change rewrites uploaderName and comment usernames', async () => {
    const r = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'Bobby Sen' },
    });
    expect(r.body).toMatchObject({ success: true, username: 'Bobby Sen' });
    const page = await call('GET', `/uploading/get/${noteId}`);
    expect(page.body.note.comments[0].username).toBe('Bobby Sen');
    await call('POST', `/api/user/update/${alice.uid}`, {
      token: alice.token,
      json: { username: 'Alice R' },
    });
    expect((await call('GET', `/uploading/get/${noteId}`)).body.note.uploaderName).toBe('Alice R');
  });

  it('update: owner only; a new file replaces the old one, the note goes back to pending, re-indexed', async () => {
    expect(
      (await call('POST', `/uploading/update/${noteId}`, { token: bob.token, form: noteForm({}) }))
        .status,
    ).toBe(403);
    const txt = Buffer.from('Quasiparticle lecture notes');
    const r = await call('POST', `/api/uploading/update/${noteId}`, {
      token: alice.token,
      form: noteForm({ title: 'OS Unit 3 v2' }, { name: 'v2.txt', data: txt, type: 'text/plain' }),
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
    const terms = await eventually(
      async () =>
        ((await getFirestore(adminApp()).doc(`notes/${noteId}`).get()).get('searchTerms') ??
          []) as string[],
      (t) => t.includes('quasiparticle'),
      { what: 'terms of the new file' },
    );
    expect(terms).not.toContain(secret);
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
      form: noteForm({ title: 'OS Unit 3 v3' }),
    });
    expect(keep.body.note).toMatchObject({ title: 'OS Unit 3 v3', fileName: 'v2.txt' });
    expect(
      (await getFirestore(adminApp()).doc(`notes/${noteId}`).get()).get('searchTerms'),
    ).toContain('quasiparticle');
  });

  it('triggers: a note written directly (no facade call) gets terms from its DOCX and exact counters', async () => {
    const db = getFirestore(adminApp());
    const ref = db.collection('notes').doc();
    const path = `notes/${bob.uid}/${ref.id}/thermo.docx`;
    // A DOCX made by LibreOffice (test/fixtures/documents), saved with no content type: its
    // name says DOCX and its bytes agree.
    const docx = readFileSync(
      new URL('../../test/fixtures/documents/libreoffice.docx', import.meta.url),
    );
    await getStorage(adminApp()).bucket(bucketName()).file(path).save(docx);
    const notesBefore = (await db.doc(`users/${bob.uid}`).get()).get('notesCount') as number;
    await ref.set(
      directNote({
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
      username: 'Bobby Sen',
      commentedAt: FieldValue.serverTimestamp(),
    });
    await eventually(
      async () => (await ref.get()).data()!,
      (d) => (d['searchTerms'] ?? []).includes('splay') && d['commentsCount'] === 1,
      { what: 'terms from the DOCX and commentsCount 1' },
    );
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
      directNote({
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
    await eventually(
      async () => (await ref.get()).get('searchTerms') as string[] | undefined,
      (t) => !!t && t.includes('late') && !t.includes('bernoulli'),
      { what: 'terms from the fields only' },
    );
    await getStorage(adminApp())
      .bucket(bucketName())
      .file(path)
      .save(Buffer.from('Bernoulli equation'), { contentType: 'text/plain' });
    await eventually(
      async () => ((await ref.get()).get('searchTerms') ?? []) as string[],
      (t) => t.includes('bernoulli'),
      { what: 'terms of the file that landed' },
    );
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

describe('usernames and rate limits (issue 17)', () => {
  const db = () => getFirestore(adminApp());

  it('usernames are trimmed, never blank, and unique whatever their case', async () => {
    const blank = await call('POST', '/api/auth/signup', {
      json: { username: '    ', email: 'blank.name@example.test', password: 'secret123' },
    });
    expect(blank).toEqual({
      status: 400,
      body: { success: false, message: 'Username is required' },
    });
    // "Alice R" is Alice's (renamed above): taken in any case, and no account is made.
    const taken = await call('POST', '/api/auth/signup', {
      json: { username: '  ALICE r ', email: 'copycat@example.test', password: 'secret123' },
    });
    expect(taken).toEqual({
      status: 409,
      body: { success: false, message: 'This username is already taken' },
    });
    await expect(getAuth(adminApp()).getUserByEmail('copycat@example.test')).rejects.toThrow();
    // A rename to someone else's name is refused and changes nothing.
    const steal = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'alice r' },
    });
    expect(steal).toEqual({
      status: 409,
      body: { success: false, message: 'This username is already taken' },
    });
    expect((await db().doc(`users/${bob.uid}`).get()).get('username')).toBe('Bobby Sen');
    // A rename frees the old name; a change of case keeps the claim.
    const renamed = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: ' Bob S ' },
    });
    expect(renamed.body).toMatchObject({ success: true, username: 'Bob S' });
    expect((await db().doc('usernames/bob s').get()).get('uid')).toBe(bob.uid);
    expect((await db().doc('usernames/bobby sen').get()).exists).toBe(false);
    const recased = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'BOB S' },
    });
    expect(recased.body).toMatchObject({ success: true, username: 'BOB S' });
    expect((await db().doc('usernames/bob s').get()).get('uid')).toBe(bob.uid);
  });

  it('the 11th comment within a minute is refused with a clear message; the window ends', async () => {
    const acc = await createAccount(stack, TAG, 'Chatty Cat');
    const noteId = (await db().collection('notes').where('approved', '==', true).limit(1).get())
      .docs[0]!.id;
    const comment = (i: number) =>
      call('POST', `/api/notes/${noteId}/comment`, {
        token: acc.token,
        json: { text: `comment ${i}` },
      });
    for (let i = 1; i <= 10; i++) expect((await comment(i)).status).toBe(201);
    expect(await comment(11)).toEqual({
      status: 429,
      body: {
        success: false,
        message: "You're commenting too fast. Please wait a minute and try again.",
      },
    });
    const mine = await db()
      .collection(`notes/${noteId}/comments`)
      .where('authorId', '==', acc.uid)
      .get();
    expect(mine.size).toBe(10);
    // Once the window is over (moved back here rather than waited for), comments go through.
    const limit = db().doc(`users/${acc.uid}/limits/comment`);
    await limit.update({ windowStart: new Date(Date.now() - 61_000) });
    expect((await comment(12)).status).toBe(201);
    expect((await limit.get()).get('count')).toBe(1);
  });

  it('likes and uploads through the facade spend the same budget as direct writes', async () => {
    const acc = await createAccount(stack, TAG, 'Busy Bee');
    const noteId = (await db().collection('notes').where('approved', '==', true).limit(1).get())
      .docs[0]!.id;
    const spent = (action: string, count: number) =>
      db()
        .doc(`users/${acc.uid}/limits/${action}`)
        .set({ windowStart: new Date(), count, at: new Date(), key: 'earlier' });
    await spent('like', 29);
    expect((await call('PUT', `/notes/${noteId}/like`, { token: acc.token })).body).toMatchObject({
      liked: true,
    });
    // Unliking spends nothing; liking again is the 31st like of the minute.
    expect((await call('PUT', `/notes/${noteId}/like`, { token: acc.token })).body).toMatchObject({
      liked: false,
    });
    expect(await call('PUT', `/notes/${noteId}/like`, { token: acc.token })).toEqual({
      status: 429,
      body: {
        success: false,
        message: "You're liking too fast. Please wait a minute and try again.",
      },
    });
    await spent('upload', 5);
    const before = (await db().collection('notes').where('uploaderId', '==', acc.uid).get()).size;
    expect(
      await call('POST', '/uploading/create', {
        token: acc.token,
        form: noteForm({ fileUrl: 'https://example.com/r.pdf' }),
      }),
    ).toEqual({
      status: 429,
      body: {
        success: false,
        message: "You're uploading too fast. Please wait a minute and try again.",
      },
    });
    expect((await db().collection('notes').where('uploaderId', '==', acc.uid).get()).size).toBe(
      before,
    );
  });
});
