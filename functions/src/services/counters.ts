/**
 * Exact recounts (docs/data-model.md "Counters"): rules cannot prove that a client's +1 on
 * commentsCount or notesCount matches a real create, so only functions write them, from an
 * aggregation count() over the documents counted, run by the triggers (triggers/notes.ts) on
 * every create and delete. A recount is exact whatever happened before, so a retried event or
 * one that arrives late changes nothing.
 */
import type { DocumentReference, Query } from 'firebase-admin/firestore';
import { db } from '../firebase.js';

/**
 * Count and write in one transaction: two recounts of the same document racing (two comments
 * added at once) could otherwise write their counts in the wrong order and leave the older one.
 * The transaction's reads (the count query and the counted document) are checked at commit, and
 * the transaction is retried when either changed.
 */
async function recount(target: DocumentReference, counted: Query, field: string): Promise<number> {
  return db().runTransaction(async (tx) => {
    const [snap, agg] = await Promise.all([tx.get(target), tx.get(counted.count())]);
    const n = agg.data().count;
    // The document may already be gone (a cascade deleting it): nothing to fix then.
    if (snap.exists) tx.update(target, { [field]: n });
    return n;
  });
}

export function recountNotes(uid: string): Promise<number> {
  return recount(
    db().doc(`users/${uid}`),
    db().collection('notes').where('uploaderId', '==', uid),
    'notesCount',
  );
}

export function recountComments(noteId: string): Promise<number> {
  const note = db().doc(`notes/${noteId}`);
  return recount(note, note.collection('comments'), 'commentsCount');
}

export function recountLikes(noteId: string): Promise<number> {
  const note = db().doc(`notes/${noteId}`);
  return recount(note, note.collection('likes'), 'likesCount');
}
