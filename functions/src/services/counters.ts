/**
 * Exact recounts (docs/data-model.md "Counters"): rules cannot prove that a client's +1 on
 * commentsCount or notesCount matches a real create, so only functions write them, from an
 * aggregation count() over the documents counted. A missed call leaves a count stale until the
 * next recount, never wrong by construction.
 */
import { db } from '../firebase.js';

export async function recountNotes(uid: string): Promise<number> {
  const snap = await db().collection('notes').where('uploaderId', '==', uid).count().get();
  const n = snap.data().count;
  const ref = db().doc(`users/${uid}`);
  // The profile may already be gone (cascade of a deleted user): nothing to fix then.
  if ((await ref.get()).exists) await ref.update({ notesCount: n });
  return n;
}

export async function recountComments(noteId: string): Promise<number> {
  const note = db().doc(`notes/${noteId}`);
  const n = (await note.collection('comments').count().get()).data().count;
  if ((await note.get()).exists) await note.update({ commentsCount: n });
  return n;
}

export async function recountLikes(noteId: string): Promise<number> {
  const note = db().doc(`notes/${noteId}`);
  const n = (await note.collection('likes').count().get()).data().count;
  if ((await note.get()).exists) await note.update({ likesCount: n });
  return n;
}
