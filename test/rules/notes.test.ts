/**
 * notes/{noteId}: the {actor} x {operation} grid (owner = the uploader) and the attacks
 * (approving one's own note, counters, extra fields, types, sizes, unfiltered queries).
 * Likes, which move likesCount, are in likes-comments.test.ts.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { MAX_NOTE_FILE_BYTES } from '@notenest/shared';
import { FieldValue, startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  dbOf,
  emailOf,
  fresh,
  matrix,
  newNote,
  pairs,
  seed,
  seedNote,
  seedLimit,
  seedProfiles,
  serverTime,
  approval,
  uidOf,
  type Actor,
  type World,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness();
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

interface NoteWorld extends World {
  noteId: string;
}

/**
 * A fresh uploader with a profile and (unless creating) a note, approved unless told. For a new
 * note, a unit of the owner's upload limit is spent on its file, as the web app does before
 * uploading it (storage.rules let the file in only then).
 */
async function world(note?: { approved: boolean; approvedAt?: unknown }): Promise<NoteWorld> {
  const owner = fresh('alice');
  await seedProfiles(h, owner);
  const noteId = note ? await seedNote(h, owner, note) : fresh('note');
  if (!note) await seedLimit(h, owner, 'upload', { key: newNote(owner, noteId).filePath! });
  return { owner, noteId };
}
const noteRef = (a: Actor, w: NoteWorld) => dbOf(h, a, w).doc(`notes/${w.noteId}`);

/**
 * `actor` counts a download of the note: their downloads/{uid} marker stamped now and the note's
 * `notePatch` (downloadCount + 1 unless told), in one batch; `marker: null` leaves it out.
 */
function download(
  actor: Actor,
  w: NoteWorld,
  notePatch: Record<string, unknown> = { downloadCount: FieldValue.increment(1) },
  marker: Record<string, unknown> | null = { uid: uidOf(actor, w), at: serverTime() },
  markerId = uidOf(actor, w) ?? 'nobody',
) {
  const db = dbOf(h, actor, w);
  const b = db.batch();
  if (marker) b.set(db.doc(`notes/${w.noteId}/downloads/${markerId}`), marker);
  b.update(db.doc(`notes/${w.noteId}`), notePatch);
  return b.commit();
}
/** `actor` downloads an approved (or pending) note of a fresh owner, as `download` does. */
const downloadBy = async (
  actor: Actor,
  notePatch?: Record<string, unknown>,
  approved = true,
  marker?: Record<string, unknown> | null,
) => download(actor, await world({ approved }), notePatch, marker);
/** `other` downloads a note whose downloads/bob marker was last stamped `daysAgo` days ago. */
const downloadAgain = async (daysAgo: number) => {
  const w = await world({ approved: true });
  await seed(h, {
    [`notes/${w.noteId}/downloads/${OTHER}`]: {
      uid: OTHER,
      at: new Date(Date.now() - daysAgo * 86_400_000),
    },
  });
  return download('other', w);
};
const notes = (a: Actor, w: NoteWorld) => dbOf(h, a, w).collection('notes');
/** An uploader's edit: new fields, updatedAt stamped, (back to) pending. */
const edit = (patch: Record<string, unknown> = {}) => ({
  title: 'Operating Systems Unit 3 (revised)',
  updatedAt: serverTime(),
  approved: false,
  ...patch,
});

matrix('notes/{noteId}: `owner` uploaded the note', {
  setup: async (op) => {
    if (op === 'create') return world();
    // Pending for reading one and for approving one (an approval of an approved note would move
    // its approvedAt, which the rules refuse); setting back to pending starts approved.
    return world({ approved: !['get pending', 'update (approve)'].includes(op) });
  },
  ops: {
    'get approved': (a, w) => noteRef(a, w).get(),
    'get pending': (a, w) => noteRef(a, w).get(),
    'list approved == true': (a, w) => notes(a, w).where('approved', '==', true).get(),
    'list unfiltered': (a, w) => notes(a, w).get(),
    'list uploaderId == owner': (a, w) => notes(a, w).where('uploaderId', '==', w.owner).get(),
    create: (a, w) => noteRef(a, w).set(newNote(w.owner, w.noteId)),
    'update (edit)': (a, w) => noteRef(a, w).update(edit()),
    'update (approve)': (a, w) => noteRef(a, w).update(approval()),
    'update (set pending)': (a, w) => noteRef(a, w).update({ approved: false }),
    'update (download +1)': (a, w) => download(a, w),
    delete: (a, w) => noteRef(a, w).delete(),
  },
  expect: {
    //                          anon     owner    other    admin
    'get approved': ['allow', 'allow', 'allow', 'allow'],
    'get pending': ['deny', 'allow', 'deny', 'allow'],
    'list approved == true': ['allow', 'allow', 'allow', 'allow'],
    'list unfiltered': ['deny', 'deny', 'deny', 'allow'],
    'list uploaderId == owner': ['deny', 'allow', 'deny', 'allow'],
    create: ['deny', 'allow', 'deny', 'deny'],
    'update (edit)': ['deny', 'allow', 'deny', 'deny'],
    'update (approve)': ['deny', 'deny', 'deny', 'allow'],
    'update (set pending)': ['deny', 'deny', 'deny', 'allow'],
    'update (download +1)': ['deny', 'allow', 'allow', 'allow'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

/**
 * The owner creates a new note with `patch` applied, a unit of their upload limit spent on its
 * file (or its folder, for a link) unless `spentOn` names something else.
 */
const create = async (patch: Record<string, unknown> = {}, spentOn?: (w: NoteWorld) => string) => {
  const w = await world();
  const data = newNote(w.owner, w.noteId, patch);
  const key =
    spentOn?.(w) ??
    (typeof data.filePath === 'string' ? data.filePath : `notes/${w.owner}/${w.noteId}`);
  await seedLimit(h, w.owner, 'upload', { key });
  return noteRef('owner', w).set(data);
};
/** The owner edits their approved note. */
const ownerEdit = async (patch: Record<string, unknown>) => {
  const w = await world({ approved: true });
  return noteRef('owner', w).update(patch);
};
/** `actor` updates an approved (or pending) note of a fresh owner. */
const by = async (actor: Actor, patch: Record<string, unknown>, approved = true) => {
  const w = await world({ approved });
  return noteRef(actor, w).update(patch);
};
const without = (key: string) => async () => {
  const w = await world();
  const data: Record<string, unknown> = newNote(w.owner, w.noteId);
  delete data[key];
  return noteRef('owner', w).set(data);
};

pairs('notes: attacks on create (each against the same valid note)', [
  {
    name: "approved true (approving one's own note)",
    allow: () => create({ approved: false }),
    deny: () => create({ approved: true }),
  },
  {
    name: 'likesCount 1',
    allow: () => create({ likesCount: 0 }),
    deny: () => create({ likesCount: 1 }),
  },
  {
    name: 'downloadCount 1',
    allow: () => create({ downloadCount: 0 }),
    deny: () => create({ downloadCount: 1 }),
  },
  {
    name: 'commentsCount 1',
    allow: () => create({ commentsCount: 0 }),
    deny: () => create({ commentsCount: 1 }),
  },
  {
    name: 'searchTerms written by the client',
    allow: () => create(),
    deny: () => create({ searchTerms: ['os'] }),
  },
  // What the server reads of the file is the server's: rank terms, verdict, thumbnail.
  {
    name: 'titleTerms written by the client',
    allow: () => create(),
    deny: () => create({ titleTerms: ['os'] }),
  },
  {
    name: 'fileStatus written by the client',
    allow: () => create(),
    deny: () => create({ fileStatus: 'ok' }),
  },
  {
    name: 'thumbnailUrl written by the client',
    allow: () => create(),
    deny: () => create({ thumbnailUrl: 'https://evil.test/t.webp' }),
  },
  { name: 'an extra field', allow: () => create(), deny: () => create({ featured: true }) },
  { name: 'a missing field (description)', allow: () => create(), deny: without('description') },
  { name: 'a missing field (updatedAt)', allow: () => create(), deny: without('updatedAt') },
  {
    name: 'uploaderId someone else',
    allow: () => create(),
    deny: () => create({ uploaderId: OTHER }),
  },
  {
    name: "uploaderName not the profile's username",
    allow: () => create(),
    deny: () => create({ uploaderName: OTHER }),
  },
  {
    name: 'title 120 vs 121 characters',
    allow: () => create({ title: 't'.repeat(120) }),
    deny: () => create({ title: 't'.repeat(121) }),
  },
  {
    name: 'title 3 vs 2 characters',
    allow: () => create({ title: 'abc' }),
    deny: () => create({ title: 'ab' }),
  },
  {
    name: 'title a number',
    allow: () => create({ title: '123' }),
    deny: () => create({ title: 123 }),
  },
  {
    name: 'description 2000 vs 2001 characters',
    allow: () => create({ description: 'd'.repeat(2000) }),
    deny: () => create({ description: 'd'.repeat(2001) }),
  },
  {
    name: 'description empty vs null',
    allow: () => create({ description: '' }),
    deny: () => create({ description: null }),
  },
  {
    name: 'collegeName 2 vs 1 character',
    allow: () => create({ collegeName: 'IT' }),
    deny: () => create({ collegeName: 'I' }),
  },
  {
    name: 'courseName 120 vs 121 characters',
    allow: () => create({ courseName: 'c'.repeat(120) }),
    deny: () => create({ courseName: 'c'.repeat(121) }),
  },
  {
    name: 'subjectName 120 vs 121 characters',
    allow: () => create({ subjectName: 's'.repeat(120) }),
    deny: () => create({ subjectName: 's'.repeat(121) }),
  },
  {
    name: 'batch not one of the four',
    allow: () => create({ batch: '2023-2027' }),
    deny: () => create({ batch: '2019-2023' }),
  },
  {
    name: 'semester 8 vs 9',
    allow: () => create({ semester: 8 }),
    deny: () => create({ semester: 9 }),
  },
  {
    name: 'semester 1 vs 0',
    allow: () => create({ semester: 1 }),
    deny: () => create({ semester: 0 }),
  },
  {
    name: "semester 3 vs '3' (string)",
    allow: () => create({ semester: 3 }),
    deny: () => create({ semester: '3' }),
  },
  {
    name: 'semester 3 vs 3.5 (float)',
    allow: () => create({ semester: 3 }),
    deny: () => create({ semester: 3.5 }),
  },
  {
    name: 'fileUrl https vs javascript:',
    allow: () => create({ fileUrl: 'http://example.com/a.txt' }),
    deny: () => create({ fileUrl: 'javascript:alert(1)' }),
  },
  {
    name: 'fileUrl 2048 vs 2049 characters',
    allow: () => create({ fileUrl: 'https://' + 'u'.repeat(2040) }),
    deny: () => create({ fileUrl: 'https://' + 'u'.repeat(2041) }),
  },
  {
    name: 'fileName 255 vs 256 characters',
    allow: () => create({ fileName: 'f'.repeat(255) }),
    deny: () => create({ fileName: 'f'.repeat(256) }),
  },
  {
    name: 'fileType text/plain vs text/html',
    allow: () => create({ fileType: 'text/plain' }),
    deny: () => create({ fileType: 'text/html' }),
  },
  {
    name: 'fileSize 10 MiB vs 10 MiB + 1',
    allow: () => create({ fileSize: MAX_NOTE_FILE_BYTES }),
    deny: () => create({ fileSize: MAX_NOTE_FILE_BYTES + 1 }),
  },
  {
    name: 'fileSize int vs string',
    allow: () => create({ fileSize: 10 }),
    deny: () => create({ fileSize: '10' }),
  },
  {
    name: 'file fields null (a typed URL) vs a bad type',
    allow: () => create({ fileName: null, filePath: null, fileType: null, fileSize: null }),
    deny: () => create({ fileName: null, filePath: null, fileType: 'image/png', fileSize: null }),
  },
  {
    name: "filePath in one's own folder vs another user's",
    allow: () => create(),
    deny: async () => {
      const w = await world();
      const filePath = `notes/${OTHER}/${w.noteId}/a.pdf`;
      await seedLimit(h, w.owner, 'upload', { key: filePath });
      return noteRef('owner', w).set(newNote(w.owner, w.noteId, { filePath }));
    },
  },
  {
    name: "filePath under this note's id vs another note's",
    allow: () => create(),
    deny: async () => {
      const w = await world();
      const filePath = `notes/${w.owner}/other-note/a.pdf`;
      await seedLimit(h, w.owner, 'upload', { key: filePath });
      return noteRef('owner', w).set(newNote(w.owner, w.noteId, { filePath }));
    },
  },
  {
    name: 'a unit of the upload limit spent on this file vs on another file',
    allow: () => create(),
    deny: () => create({}, (w) => `notes/${w.owner}/${w.noteId}/another.pdf`),
  },
  {
    name: "a link note: a unit spent on the note's folder vs on another note's",
    allow: () => create({ fileName: null, filePath: null, fileType: null, fileSize: null }),
    deny: () =>
      create(
        { fileName: null, filePath: null, fileType: null, fileSize: null },
        (w) => `notes/${w.owner}/${fresh('note')}`,
      ),
  },
  {
    name: 'a unit of the upload limit spent vs none ever',
    allow: () => create(),
    deny: async () => {
      const owner = fresh('alice');
      await seedProfiles(h, owner);
      const w = { owner, noteId: fresh('note') };
      return noteRef('owner', w).set(newNote(w.owner, w.noteId));
    },
  },
  {
    name: 'createdAt server time vs a client time',
    allow: () => create({ createdAt: serverTime() }),
    deny: () => create({ createdAt: new Date() }),
  },
  {
    name: 'updatedAt server time vs a client time',
    allow: () => create({ updatedAt: serverTime() }),
    deny: () => create({ updatedAt: new Date() }),
  },
]);

pairs("notes: attacks on the uploader's edit", [
  {
    name: "approving one's own pending note",
    allow: () => by('admin', approval(), false),
    deny: () => by('owner', approval(), false),
  },
  {
    name: 'an approved note edited without going back to pending',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ approved: true })),
  },
  {
    name: 'likesCount set',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ likesCount: 99 })),
  },
  {
    name: 'downloadCount set',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ downloadCount: 99 })),
  },
  {
    name: 'commentsCount set',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ commentsCount: 99 })),
  },
  {
    name: 'searchTerms set',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ searchTerms: ['spam'] })),
  },
  {
    name: 'titleTerms set',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ titleTerms: ['spam'] })),
  },
  {
    name: 'fileStatus cleared (a refused file passed off as checked)',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ fileStatus: 'ok' })),
  },
  {
    name: 'thumbnailUrl set',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ thumbnailUrl: 'https://evil.test/t.webp' })),
  },
  {
    name: 'uploaderId changed',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ uploaderId: OTHER })),
  },
  {
    name: 'createdAt changed',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ createdAt: serverTime() })),
  },
  {
    name: 'updatedAt not stamped',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ updatedAt: FieldValue.delete() })),
  },
  {
    name: 'an extra field',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ pinned: true })),
  },
  {
    name: 'title 121 characters',
    allow: () => ownerEdit(edit({ title: 't'.repeat(120) })),
    deny: () => ownerEdit(edit({ title: 't'.repeat(121) })),
  },
  {
    name: 'semester 9',
    allow: () => ownerEdit(edit({ semester: 8 })),
    deny: () => ownerEdit(edit({ semester: 9 })),
  },
  {
    name: 'description removed',
    allow: () => ownerEdit(edit({ description: '' })),
    deny: () => ownerEdit(edit({ description: FieldValue.delete() })),
  },
  {
    name: "uploaderName set to someone else's name",
    allow: async () => {
      const w = await world({ approved: true });
      return noteRef('owner', w).update(edit({ uploaderName: w.owner }));
    },
    deny: () => ownerEdit(edit({ uploaderName: OTHER })),
  },
]);

pairs('notes: what admins may change', [
  {
    name: 'approve vs also edit the title',
    allow: () => by('admin', approval(), false),
    deny: () => by('admin', { ...approval(), title: 'Moderated title' }, false),
  },
  {
    name: 'approved a bool vs a string',
    allow: () => by('admin', { approved: false }),
    deny: () => by('admin', { approved: 'false' }),
  },
  {
    name: 'a role claim, not an admin: true claim',
    allow: () => by('admin', approval(), false),
    deny: async () => {
      const w = await world({ approved: false });
      return dbOf(h, 'other', w, { admin: true }).doc(`notes/${w.noteId}`).update(approval());
    },
  },
  {
    name: 'commentsCount is not a client counter, even for admins',
    allow: () => by('admin', { approved: false }),
    deny: () => by('admin', { commentsCount: 1 }),
  },
  // approvedAt: the Following feed orders and marks New by it (issue 32), so it is the server's
  // time of the approval itself, never a client's clock, and moves only with an approval.
  {
    name: 'an approval with approvedAt vs without it',
    allow: () => by('admin', approval(), false),
    deny: () => by('admin', { approved: true }, false),
  },
  {
    name: 'approvedAt the server time vs a client time',
    allow: () => by('admin', approval(), false),
    deny: () => by('admin', { approved: true, approvedAt: new Date() }, false),
  },
  {
    name: 'approvedAt stamped on a pending note vs moved on one already approved',
    allow: () => by('admin', approval(), false),
    deny: () => by('admin', approval(), true),
  },
  {
    name: 'set back to pending leaves approvedAt vs also clears it',
    allow: async () => {
      const w = await world({ approved: true, approvedAt: serverTime() });
      return noteRef('admin', w).update({ approved: false });
    },
    deny: async () => {
      const w = await world({ approved: true, approvedAt: serverTime() });
      return noteRef('admin', w).update({ approved: false, approvedAt: FieldValue.delete() });
    },
  },
]);

pairs("notes: approvedAt is not the uploader's", [
  {
    name: 'an edit vs the same edit stamping approvedAt',
    allow: () => ownerEdit(edit()),
    deny: () => ownerEdit(edit({ approvedAt: serverTime() })),
  },
  {
    name: 'a new note vs one created with approvedAt',
    allow: () => create(),
    deny: () => create({ approvedAt: serverTime() }),
  },
]);

/**
 * A raw REST commit as `other` (an unsigned emulator token, as the web SDK sends): the reader's
 * download marker stamped with the request time and downloadCount set to `value`, for what the
 * SDKs never send: they encode every whole number as an integer, an attacker's client need not.
 */
async function restDownload(value: Record<string, unknown>) {
  const w = await world({ approved: true });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const token = `${b64({ alg: 'none', type: 'JWT' })}.${b64({
    iss: `https://securetoken.google.com/${h.projectId}`,
    aud: h.projectId,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: OTHER,
    user_id: OTHER,
    email: emailOf(OTHER),
    firebase: { sign_in_provider: 'password', identities: {} },
  })}.`;
  const docs = `projects/${h.projectId}/databases/(default)/documents`;
  const res = await fetch(`http://${inject('firestoreHost')}/v1/${docs}:commit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      writes: [
        {
          update: {
            name: `${docs}/notes/${w.noteId}/downloads/${OTHER}`,
            fields: { uid: { stringValue: OTHER } },
          },
          updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }],
        },
        {
          update: { name: `${docs}/notes/${w.noteId}`, fields: { downloadCount: value } },
          updateMask: { fieldPaths: ['downloadCount'] },
          currentDocument: { exists: true },
        },
      ],
    }),
  });
  // A refusal's body names PERMISSION_DENIED, which is what assertFails looks for.
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
}

pairs('notes: counters stay integers (raw REST writes)', [
  {
    name: 'downloadCount 1 as an integer vs as a double',
    allow: () => restDownload({ integerValue: '1' }),
    deny: () => restDownload({ doubleValue: 1 }),
  },
]);

pairs('notes: a download counts once per reader per note per day', [
  {
    name: '+1 vs +2',
    allow: () => downloadBy('other', { downloadCount: FieldValue.increment(1) }),
    deny: () => downloadBy('other', { downloadCount: FieldValue.increment(2) }),
  },
  {
    name: '+1 vs -1',
    allow: () => downloadBy('other', { downloadCount: 1 }),
    deny: () => downloadBy('other', { downloadCount: -1 }),
  },
  {
    name: 'signed in vs signed out',
    allow: () => downloadBy('other'),
    deny: () => downloadBy('anon'),
  },
  {
    name: 'alone vs with another field',
    allow: () => downloadBy('other', { downloadCount: 1 }),
    deny: () => downloadBy('other', { downloadCount: 1, likesCount: 1 }),
  },
  {
    name: 'approved vs pending note of someone else',
    allow: () => downloadBy('other', undefined, true),
    deny: () => downloadBy('other', undefined, false),
  },
  {
    name: 'downloadCount vs commentsCount +1',
    allow: () => downloadBy('other', { downloadCount: 1 }),
    deny: () => downloadBy('other', { commentsCount: 1 }),
  },
  {
    name: 'downloadCount vs likesCount +1 without a like',
    allow: () => downloadBy('other', { downloadCount: 1 }),
    deny: () => downloadBy('other', { likesCount: 1 }),
  },
  {
    name: "+1 with vs without stamping the reader's marker",
    allow: () => downloadBy('other'),
    deny: () => downloadBy('other', undefined, true, null),
  },
  {
    name: 'first download vs the marker alone, without +1',
    allow: () => downloadBy('other'),
    deny: async () => {
      const w = await world({ approved: true });
      return dbOf(h, 'other', w)
        .doc(`notes/${w.noteId}/downloads/${OTHER}`)
        .set({ uid: OTHER, at: serverTime() });
    },
  },
  {
    name: 'last counted yesterday vs earlier today (a second download the same day)',
    allow: () => downloadAgain(1),
    deny: () => downloadAgain(0),
  },
  {
    name: "one's own marker vs someone else's",
    allow: () => downloadBy('other'),
    deny: async () =>
      download(
        'other',
        await world({ approved: true }),
        undefined,
        { uid: ADMIN, at: serverTime() },
        ADMIN,
      ),
  },
  {
    name: 'marker at server time vs a client time',
    allow: () => downloadBy('other'),
    deny: () => downloadBy('other', undefined, true, { uid: OTHER, at: new Date() }),
  },
  {
    name: 'marker with an extra field',
    allow: () => downloadBy('other'),
    deny: () => downloadBy('other', undefined, true, { uid: OTHER, at: serverTime(), n: 5 }),
  },
]);

matrix("notes/{noteId}/downloads/{uid}: `owner` is the reader; the note is bob's", {
  setup: async () => {
    const owner = fresh('alice');
    await seedProfiles(h, owner);
    const noteId = await seedNote(h, OTHER, {}, (id) => ({
      [`notes/${id}/downloads/${owner}`]: { uid: owner, at: new Date(Date.now() - 2 * 86_400_000) },
    }));
    return { owner, noteId };
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`notes/${w.noteId}/downloads/${w.owner}`).get(),
    list: (a, w) => dbOf(h, a, w).collection(`notes/${w.noteId}/downloads`).get(),
    // Everyone counts a download with the owner's marker.
    update: (a, w) => download(a, w, undefined, { uid: w.owner, at: serverTime() }, w.owner),
    delete: (a, w) => dbOf(h, a, w).doc(`notes/${w.noteId}/downloads/${w.owner}`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'deny'],
    list: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

/** The queries the product runs, each beside the same query without the proof it needs. */
const q = async (
  actor: Actor,
  build: (c: ReturnType<typeof notes>, w: NoteWorld) => { get(): Promise<unknown> },
) => {
  const w = await world({ approved: true });
  return build(notes(actor, w), w).get();
};
pairs('notes: queries must say approved == true (rules are not filters)', [
  {
    name: 'Browse: approved == true vs no approved filter',
    allow: () =>
      q('anon', (c) => c.where('approved', '==', true).orderBy('createdAt', 'desc').limit(24)),
    deny: () => q('anon', (c) => c.orderBy('createdAt', 'desc').limit(24)),
  },
  {
    name: 'Browse filtered: approved == true vs subject only',
    allow: () =>
      q('other', (c) =>
        c
          .where('approved', '==', true)
          .where('subjectName', '==', 'Operating Systems')
          .orderBy('likesCount', 'desc'),
      ),
    deny: () =>
      q('other', (c) =>
        c.where('subjectName', '==', 'Operating Systems').orderBy('likesCount', 'desc'),
      ),
  },
  {
    name: 'Search: approved == true vs searchTerms only',
    allow: () =>
      q('other', (c) =>
        c.where('approved', '==', true).where('searchTerms', 'array-contains', 'oper'),
      ),
    deny: () => q('other', (c) => c.where('searchTerms', 'array-contains', 'oper')),
  },
  {
    name: 'approved == true vs approved != false',
    allow: () => q('other', (c) => c.where('approved', '==', true)),
    deny: () => q('other', (c) => c.where('approved', '!=', false)),
  },
  {
    name: 'approved == false: admin vs student',
    allow: () => q('admin', (c) => c.where('approved', '==', false)),
    deny: () => q('other', (c) => c.where('approved', '==', false)),
  },
  {
    name: 'My Uploads: uploaderId == self vs == someone else',
    allow: () =>
      q('owner', (c, w) => c.where('uploaderId', '==', w.owner).orderBy('createdAt', 'desc')),
    deny: () =>
      q('other', (c, w) => c.where('uploaderId', '==', w.owner).orderBy('createdAt', 'desc')),
  },
  {
    // A query that names its documents is judged document by document, like gets (Google's
    // emulator and production): by ids alone an approved note is readable, a pending one is not.
    name: "Saved Notes: ids of an approved note vs a pending one's",
    allow: () => q('other', (c, w) => c.where('__name__', 'in', [c.doc(w.noteId)])),
    deny: async () => {
      const w = await world({ approved: false });
      const c = notes('other', w);
      return c.where('__name__', 'in', [c.doc(w.noteId)]).get();
    },
  },
  {
    name: 'Saved Notes: ids of a pending note, its uploader vs another student',
    allow: async () => {
      const w = await world({ approved: false });
      const c = notes('owner', w);
      return c.where('__name__', 'in', [c.doc(w.noteId)]).get();
    },
    deny: async () => {
      const w = await world({ approved: false });
      const c = notes('other', w);
      return c.where('__name__', 'in', [c.doc(w.noteId)]).get();
    },
  },
]);

// ---- meta/filterOptions: written by functions only, read by anyone ---------------------------

matrix('meta/filterOptions (no owner: functions write it)', {
  setup: async () => {
    await seed(h, {
      'meta/filterOptions': {
        subjects: ['Operating Systems'],
        courses: ['B.Tech CSE'],
        semesters: [3],
        colleges: ['IIT Delhi'],
        updatedAt: serverTime(),
      },
    });
    return { owner: fresh('alice') };
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc('meta/filterOptions').get(),
    'get other meta doc': (a, w) => dbOf(h, a, w).doc('meta/stats').get(),
    list: (a, w) => dbOf(h, a, w).collection('meta').get(),
    create: (a, w) =>
      dbOf(h, a, w)
        .doc(`meta/${fresh('x')}`)
        .set({ subjects: [] }),
    update: (a, w) =>
      dbOf(h, a, w)
        .doc('meta/filterOptions')
        .update({ subjects: ['Spam'] }),
    delete: (a, w) => dbOf(h, a, w).doc('meta/filterOptions').delete(),
  },
  expect: {
    //                    anon    owner   other   admin
    get: ['allow', 'allow', 'allow', 'allow'],
    'get other meta doc': ['deny', 'deny', 'deny', 'deny'],
    list: ['deny', 'deny', 'deny', 'deny'],
    create: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

// ---- searchBacklog: notes the search index has yet to take (functions only) -----------------

matrix('searchBacklog/{noteId} (functions only: no client reads or writes it)', {
  setup: async () => {
    await seed(h, {
      'searchBacklog/n1': { noteId: 'n1', at: serverTime(), error: 'connect ECONNREFUSED' },
    });
    return { owner: fresh('alice') };
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc('searchBacklog/n1').get(),
    list: (a, w) => dbOf(h, a, w).collection('searchBacklog').get(),
    create: (a, w) =>
      dbOf(h, a, w)
        .doc(`searchBacklog/${fresh('n')}`)
        .set({ noteId: 'x', error: '' }),
    update: (a, w) => dbOf(h, a, w).doc('searchBacklog/n1').update({ error: '' }),
    delete: (a, w) => dbOf(h, a, w).doc('searchBacklog/n1').delete(),
  },
  expect: {
    //        anon    owner   other   admin
    get: ['deny', 'deny', 'deny', 'deny'],
    list: ['deny', 'deny', 'deny', 'deny'],
    create: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});
