/**
 * Like toggle: one like document per user (its id is the uid) and likesCount moved by exactly
 * one in the same transaction, the invariant firestore.rules enforce for direct writes.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import type { Caller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { canRead, NOTE_ERRORS } from './notes.js';
import { spendLimit } from './rate-limits.js';

export async function toggleLike(
  caller: Caller,
  noteId: string,
): Promise<{ liked: boolean; likesCount: number }> {
  const noteRef = db().doc(`notes/${noteId}`);
  const likeRef = noteRef.collection('likes').doc(caller.uid);
  return db().runTransaction(async (tx) => {
    const [note, like] = await Promise.all([tx.get(noteRef), tx.get(likeRef)]);
    if (!note.exists || !canRead(caller, note.data()!))
      throw new HttpError(404, NOTE_ERRORS.notFound);
    const count = (note.get('likesCount') as number | undefined) ?? 0;
    if (like.exists) {
      tx.delete(likeRef);
      tx.update(noteRef, { likesCount: FieldValue.increment(-1) });
      return { liked: false, likesCount: Math.max(0, count - 1) };
    }
    // A like spends from the same per-minute budget as the browser's direct likes (rules).
    (await spendLimit(tx, caller.uid, 'like', noteId))();
    tx.create(likeRef, { createdAt: FieldValue.serverTimestamp(), uid: caller.uid });
    tx.update(noteRef, { likesCount: FieldValue.increment(1) });
    return { liked: true, likesCount: count + 1 };
  });
}
