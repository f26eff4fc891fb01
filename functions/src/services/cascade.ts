/**
 * Cascade deletes: nothing may be left pointing at a deleted note or user (docs/data-model.md).
 * Order matters: dependants go first and the parent last, so a failure half-way leaves a parent
 * that a retry can find and finish, never orphans without a parent.
 */
import { auth, db } from '../firebase.js';
import { deleteAll } from './batch.js';
import { recountLikes } from './counters.js';
import { deleteDuplicateIndex } from './duplicates.js';
import { isNoteFile, noteFolder } from './note-paths.js';
import { deletePrefix } from './storage.js';
import { releaseUsername } from './usernames.js';

/**
 * Deletes a note: its comments, likes, every user's saved entry of it, its file(s) with their
 * records and thumbnails, the note.
 * The uploader's notesCount and meta/filterOptions follow from the note trigger.
 */
export async function deleteNoteCascade(noteId: string): Promise<boolean> {
  const ref = db().doc(`notes/${noteId}`);
  const snap = await ref.get();
  if (!snap.exists) return false;
  const uploaderId = String(snap.get('uploaderId'));
  const [comments, likes, downloads, files, saved, reports] = await Promise.all([
    ref.collection('comments').select().get(),
    ref.collection('likes').select().get(),
    ref.collection('downloads').select().get(),
    // What the server read of its files (services/note-files.ts).
    ref.collection('files').select().get(),
    // saved/{noteId} documents carry noteId as a field for exactly this query.
    db().collectionGroup('saved').where('noteId', '==', noteId).select().get(),
    // Its reports (issue 30); the admin's row of them goes below.
    ref.collection('reports').select().get(),
  ]);
  await deleteAll(
    [
      ...comments.docs,
      ...likes.docs,
      ...downloads.docs,
      ...files.docs,
      ...saved.docs,
      ...reports.docs,
    ].map((d) => d.ref),
  );
  await db().doc(`reportedNotes/${noteId}`).delete();
  // The whole folder (thumbnails too): a replaced file that a crashed update left behind goes
  // too; and any file of it held in quarantine.
  await deletePrefix(noteFolder(noteId, uploaderId));
  await deletePrefix(`quarantine/${noteFolder(noteId, uploaderId)}`);
  const filePath = snap.get('filePath');
  if (typeof filePath === 'string' && !isNoteFile(noteId, { uploaderId }, filePath))
    console.warn(`delete: note ${noteId} named a file outside its folder; left ${filePath}`);
  // Its file hash and text signature: a new upload of the same file is not refused for it.
  await deleteDuplicateIndex(noteId);
  await ref.delete();
  // A file record and thumbnail the reader wrote after the steps above (it was reading the file
  // meanwhile). The reader cannot tell a note being deleted from one not written yet (a file may
  // land before its note), so the cascade makes this second pass.
  await deleteAll((await ref.collection('files').select().get()).docs.map((d) => d.ref));
  await deletePrefix(noteFolder(noteId, uploaderId));
  return true;
}

/**
 * Deletes a user: their notes (each as above), avatar files, their comments, likes and download
 * markers on other notes, their saved notes, rate limits, notifications, rejection records,
 * follows, username claim, the profile and the Auth account. commentsCount follows from the comment
 * trigger; likesCount, which clients keep under the rules, is recounted here.
 */
export async function deleteUserCascade(uid: string): Promise<{ notes: number }> {
  const notes = await db().collection('notes').where('uploaderId', '==', uid).select().get();
  for (const n of notes.docs) await deleteNoteCascade(n.id);

  const comments = await db().collectionGroup('comments').where('authorId', '==', uid).get();
  // A like or download marker repeats its user's uid (its id) in a field: a collection-group
  // query finds them. The downloads they counted stay counted.
  // Their reports of other notes too (`uid` repeats the id): the report trigger recounts them.
  const [likes, downloads, reports] = await Promise.all(
    ['likes', 'downloads', 'reports'].map(
      async (group) =>
        (await db().collectionGroup(group).where('uid', '==', uid).select().get()).docs,
    ),
  );
  await deleteAll([...comments.docs, ...likes!, ...downloads!, ...reports!].map((d) => d.ref));
  const touched = (docs: { ref: { parent: { parent: { id: string } | null } } }[]) =>
    new Set(docs.map((d) => d.ref.parent.parent?.id).filter((id): id is string => !!id));
  for (const noteId of touched(likes!)) await recountLikes(noteId);

  const profile = db().doc(`users/${uid}`);
  // Their notifications and rejection records too (issue 30), and their follows (issue 32):
  // nothing of theirs stays behind.
  const own = await Promise.all(
    ['saved', 'limits', 'notifications', 'rejections', 'follows'].map((c) =>
      profile.collection(c).select().get(),
    ),
  );
  await deleteAll(own.flatMap((q) => q.docs.map((d) => d.ref)));
  // The username becomes free for someone else.
  await releaseUsername(uid, (await profile.get()).get('username'));
  await deletePrefix(`avatars/${uid}/`);
  await profile.delete();
  try {
    await auth().deleteUser(uid);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
  return { notes: notes.size };
}
