/**
 * storage.rules: notes/{uid}/{noteId}/{file} and avatars/{uid}/{file}: the {actor} x
 * {operation} grid (owner = the folder's uid) and the attacks (oversized and wrong-type files,
 * uploads into someone else's folder, publishing a file through someone else's approved note,
 * swapping an approved note's file by deleting and uploading it again, paying for several uploads
 * of one path with one unit of the upload limit, choosing one's own download token).
 * Note files become public through the note's Firestore document (firestore.get in the rules).
 */
import { afterAll, beforeAll } from 'vitest';
import { assertFails } from '@firebase/rules-unit-testing';
import { MAX_AVATAR_BYTES, MAX_NOTE_FILE_BYTES, NOTE_FILE_TYPES } from '@notenest/shared';
import { startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  bucketOf,
  bytes,
  dbOf,
  fresh,
  matrix,
  pairs,
  put as putBytes,
  seedLimit,
  seedNote,
  seedProfiles,
  serverTime,
  type Actor,
  type World,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness({ storage: true });
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

const PDF = NOTE_FILE_TYPES.pdf;

/**
 * Uploads as the ref's SDK does, after a unit of the folder owner's upload limit was spent on this
 * very path (`spentOn` to spend it on something else, null for none), as the web app does before
 * uploading a note's file. Avatars need none.
 */
async function put(
  ref: Parameters<typeof putBytes>[0],
  data: Uint8Array,
  md: Parameters<typeof putBytes>[2],
  spentOn: string | null = ref.fullPath,
) {
  const [folder, uid] = ref.fullPath.split('/');
  if (folder === 'notes' && uid && spentOn !== null)
    await seedLimit(h, uid, 'upload', { key: spentOn });
  return putBytes(ref, data, md);
}

interface FileWorld extends World {
  noteId: string;
  path: string;
}

/**
 * A note of `owner` (approved or pending) and, unless creating, the file it names in Storage,
 * uploaded with a unit of the owner's upload limit; a later upload has spent the next unit since,
 * so that unit no longer stands for this file (see "one unit pays for one upload" below).
 */
async function fileWorld(approved: boolean, withFile = true): Promise<FileWorld> {
  const owner = fresh('alice');
  // Pending while its file is uploaded, then reviewed (an approved note's path takes no upload).
  const noteId = await seedNote(h, owner, { approved: false });
  // The file the note names (grid.ts newNote's filePath).
  const path = `notes/${owner}/${noteId}/os-unit-3.pdf`;
  if (withFile) {
    await put(bucketOf(h, 'owner', { owner }).ref(path), bytes(10), { contentType: PDF });
    await seedLimit(h, owner, 'upload', { key: `notes/${owner}/${noteId}/later.pdf` });
  }
  if (approved) await h.admin.doc(`notes/${noteId}`).update({ approved: true });
  return { owner, noteId, path };
}
const file = (a: Actor, w: FileWorld) => bucketOf(h, a, w).ref(w.path);

matrix('storage notes/{uid}/{noteId}/{file}: `owner` is uid and uploaded the note', {
  setup: (op) => fileWorld(op.includes('approved'), !op.startsWith('create')),
  ops: {
    'get (pending note)': (a, w) => file(a, w).getMetadata(),
    'get (approved note)': (a, w) => file(a, w).getMetadata(),
    'download (approved note)': (a, w) => file(a, w).getDownloadURL(),
    list: (a, w) => bucketOf(h, a, w).ref(`notes/${w.owner}/${w.noteId}`).listAll(),
    'create (pending note)': (a, w) => put(file(a, w), bytes(100), { contentType: PDF }),
    // The path an approved note names, its file gone (removed by an admin, say): filling it
    // would put unreviewed bytes behind the approved note.
    'create (approved note)': (a, w) => put(file(a, w), bytes(100), { contentType: PDF }),
    // Uploading over the existing file (a create with resource set, official semantics).
    overwrite: (a, w) => put(file(a, w), bytes(200), { contentType: NOTE_FILE_TYPES.txt }),
    'update metadata': (a, w) => file(a, w).updateMetadata({ customMetadata: { x: '1' } }),
    'delete (pending note)': (a, w) => file(a, w).delete(),
    // The reviewed bytes stay until an edit sends the note back to review.
    'delete (approved note)': (a, w) => file(a, w).delete(),
  },
  expect: {
    //                       anon     owner    other    admin
    'get (pending note)': ['deny', 'allow', 'deny', 'allow'],
    'get (approved note)': ['allow', 'allow', 'allow', 'allow'],
    'download (approved note)': ['allow', 'allow', 'allow', 'allow'],
    list: ['deny', 'allow', 'deny', 'allow'],
    'create (pending note)': ['deny', 'allow', 'deny', 'deny'],
    'create (approved note)': ['deny', 'deny', 'deny', 'deny'],
    overwrite: ['deny', 'deny', 'deny', 'deny'],
    'update metadata': ['deny', 'deny', 'deny', 'deny'],
    'delete (pending note)': ['deny', 'allow', 'deny', 'allow'],
    'delete (approved note)': ['deny', 'deny', 'deny', 'allow'],
  },
});

const upload = async (size: number, contentType: string) => {
  const w = await fileWorld(false, false);
  return put(file('owner', w), bytes(size), { contentType });
};

pairs('storage notes: attacks', [
  {
    name: 'a new file beside the file of an approved note vs over it',
    allow: async () => {
      const w = await fileWorld(true);
      return put(bucketOf(h, 'owner', w).ref(`notes/${w.owner}/${w.noteId}/v2.pdf`), bytes(10), {
        contentType: PDF,
      });
    },
    deny: async () => {
      const w = await fileWorld(true);
      return put(file('owner', w), bytes(10), { contentType: PDF });
    },
  },
  {
    name: 'exactly 10 MiB vs one byte more',
    allow: () => upload(MAX_NOTE_FILE_BYTES, PDF),
    deny: () => upload(MAX_NOTE_FILE_BYTES + 1, PDF),
  },
  ...Object.entries(NOTE_FILE_TYPES).map(([ext, type]) => ({
    name: `.${ext} (${type}) vs text/html`,
    allow: () => upload(10, type),
    deny: () => upload(10, 'text/html'),
  })),
  { name: 'pdf vs image/png', allow: () => upload(10, PDF), deny: () => upload(10, 'image/png') },
  {
    name: 'pdf vs application/octet-stream',
    allow: () => upload(10, PDF),
    deny: () => upload(10, 'application/octet-stream'),
  },
  {
    name: "upload into one's own vs someone else's folder",
    allow: async () => {
      const w = await fileWorld(false, false);
      return put(file('owner', w), bytes(10), { contentType: PDF });
    },
    deny: async () => {
      const w = await fileWorld(false, false);
      return put(bucketOf(h, 'other', w).ref(w.path), bytes(10), { contentType: PDF });
    },
  },
  {
    name: "a file published by one's own approved note vs by someone else's",
    allow: async () => file('anon', await fileWorld(true)).getMetadata(),
    deny: async () => {
      // Mallory puts a file under her folder with the id of alice's approved note.
      const victim = await fileWorld(true, false);
      const mallory = fresh('mallory');
      const ref = `notes/${mallory}/${victim.noteId}/x.pdf`;
      await put(bucketOf(h, 'owner', { owner: mallory }).ref(ref), bytes(10), { contentType: PDF });
      return bucketOf(h, 'anon', victim).ref(ref).getMetadata();
    },
  },
  {
    name: 'a file whose note exists vs whose note does not',
    allow: async () => file('other', await fileWorld(true)).getMetadata(),
    deny: async () => {
      const w = await fileWorld(true);
      const orphan = `notes/${w.owner}/${fresh('gone')}/os.pdf`;
      await put(file('owner', { ...w, path: orphan }), bytes(10), { contentType: PDF });
      return bucketOf(h, 'other', w).ref(orphan).getMetadata();
    },
  },
  {
    name: 'a unit of the upload limit spent on this file vs on another file',
    allow: () => upload(10, PDF),
    deny: async () => {
      const w = await fileWorld(false, false);
      return put(file('owner', w), bytes(10), { contentType: PDF }, `${w.path}.other`);
    },
  },
  {
    name: 'a unit of the upload limit spent vs none ever',
    allow: () => upload(10, PDF),
    deny: async () => {
      const w = await fileWorld(false, false);
      return put(file('owner', w), bytes(10), { contentType: PDF }, null);
    },
  },
  {
    name: 'outside notes/ and avatars/: nothing is writable',
    allow: () => upload(10, PDF),
    deny: async () => {
      const w = await fileWorld(false, false);
      return put(bucketOf(h, 'owner', w).ref(`uploads/${w.owner}/os.pdf`), bytes(10), {
        contentType: PDF,
      });
    },
  },
]);

/**
 * The web app's edit with a new file: the new file (its own unit), then the note names it and
 * goes back to pending (the uploader's edit, under firestore.rules), then the old file goes.
 */
async function replaceFile(w: FileWorld, editNote: boolean) {
  const next = `notes/${w.owner}/${w.noteId}/v2.pdf`;
  await put(bucketOf(h, 'owner', w).ref(next), bytes(20), { contentType: PDF });
  if (editNote)
    await dbOf(h, 'owner', w)
      .doc(`notes/${w.noteId}`)
      .update({ filePath: next, fileName: 'v2.pdf', approved: false, updatedAt: serverTime() });
  return file('owner', w).delete();
}

/** A pending note's file deleted (its unit having moved on), then its path filled again. */
async function refill(spentAnew: boolean) {
  const w = await fileWorld(false);
  await file('owner', w).delete();
  return put(file('owner', w), bytes(30), { contentType: PDF }, spentAnew ? w.path : null);
}

pairs('storage notes: an approved note keeps its file; one unit pays for one upload', [
  {
    name: 'the owner deletes the file of a pending note vs of an approved note',
    allow: async () => file('owner', await fileWorld(false)).delete(),
    deny: async () => file('owner', await fileWorld(true)).delete(),
  },
  {
    name: "an approved note's old file deleted after the edit that replaced it vs before",
    allow: async () => replaceFile(await fileWorld(true), true),
    deny: async () => replaceFile(await fileWorld(true), false),
  },
  {
    name: 'a note file deleted once another unit was spent vs while its unit is the current one',
    allow: async () => file('owner', await fileWorld(false)).delete(),
    deny: async () => {
      const w = await fileWorld(false, false);
      await put(file('owner', w), bytes(10), { contentType: PDF });
      return file('owner', w).delete();
    },
  },
  {
    // The swap: upload, delete, upload again on one path. Each upload takes a unit spent on it.
    name: 'a path filled again with a unit spent on it anew vs with the unit of the first upload',
    allow: () => refill(true),
    deny: async () => {
      const w = await fileWorld(false, false);
      await put(file('owner', w), bytes(10), { contentType: PDF });
      await assertFails(file('owner', w).delete());
      return put(file('owner', w), bytes(30), { contentType: PDF }, null);
    },
  },
  {
    name: 'a path filled again after its unit moved on: spent on it anew vs not',
    allow: () => refill(true),
    deny: () => refill(false),
  },
  {
    // A token shared while the note was approved (withdrawn since) would reach the new bytes.
    name: 'an upload whose download token the service makes vs one the client chose',
    allow: () => upload(10, PDF),
    deny: async () => {
      const w = await fileWorld(false, false);
      return put(file('owner', w), bytes(10), {
        contentType: PDF,
        customMetadata: { firebaseStorageDownloadTokens: '6a3e0b5c-1f2d-4c8e-9b7a-0d1e2f3a4b5c' },
      });
    },
  },
]);

// ---- avatars ---------------------------------------------------------------------------------

interface AvatarWorld extends World {
  path: string;
}
async function avatarWorld(withFile = true): Promise<AvatarWorld> {
  const owner = fresh('alice');
  const path = `avatars/${owner}/me.png`;
  if (withFile)
    await put(bucketOf(h, 'owner', { owner }).ref(path), bytes(10), { contentType: 'image/png' });
  return { owner, path };
}
const avatar = (a: Actor, w: AvatarWorld) => bucketOf(h, a, w).ref(w.path);

matrix('storage avatars/{uid}/{file}: `owner` is uid', {
  setup: (op) => avatarWorld(op !== 'create'),
  ops: {
    get: (a, w) => avatar(a, w).getMetadata(),
    list: (a, w) => bucketOf(h, a, w).ref(`avatars/${w.owner}`).listAll(),
    create: (a, w) => put(avatar(a, w), bytes(100), { contentType: 'image/png' }),
    update: (a, w) => put(avatar(a, w), bytes(100), { contentType: 'image/jpeg' }),
    delete: (a, w) => avatar(a, w).delete(),
  },
  expect: {
    //       anon     owner    other    admin
    get: ['allow', 'allow', 'allow', 'allow'],
    list: ['deny', 'allow', 'deny', 'allow'],
    create: ['deny', 'allow', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'allow', 'deny', 'allow'],
  },
});

const avatarUpload = async (size: number, contentType: string) =>
  put(avatar('owner', await avatarWorld(false)), bytes(size), { contentType });

pairs('storage avatars: attacks', [
  {
    name: 'exactly 2 MiB vs one byte more',
    allow: () => avatarUpload(MAX_AVATAR_BYTES, 'image/png'),
    deny: () => avatarUpload(MAX_AVATAR_BYTES + 1, 'image/png'),
  },
  {
    name: 'image/webp vs application/pdf',
    allow: () => avatarUpload(10, 'image/webp'),
    deny: () => avatarUpload(10, PDF),
  },
  {
    name: 'image/jpeg vs text/html',
    allow: () => avatarUpload(10, 'image/jpeg'),
    deny: () => avatarUpload(10, 'text/html'),
  },
  {
    // SVG is an image type that can carry script; avatars are served to everyone.
    name: 'image/png vs image/svg+xml',
    allow: () => avatarUpload(10, 'image/png'),
    deny: () => avatarUpload(10, 'image/svg+xml'),
  },
  {
    name: "one's own vs someone else's avatar folder",
    allow: () => avatarUpload(10, 'image/png'),
    deny: async () => {
      const w = await avatarWorld(false);
      return put(bucketOf(h, 'other', w).ref(w.path), bytes(10), { contentType: 'image/png' });
    },
  },
]);
