/**
 * Like toggle: one like document per user (its id is the uid) and likesCount moved by exactly
 * one in the same transaction, the invariant firestore.rules enforce for direct writes.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import type { Caller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { NOTE_ERRORS, readableNote } from './notes.js';
import { spendLimit } from './rate-limits.js';

/** gRPC NOT_FOUND: an update of a document that does not exist (the note deleted meanwhile). */
const NOT_FOUND = 5;

export async function toggleLike(
  caller: Caller,
  noteId: string,
): Promise<{ liked: boolean; likesCount: number }> {
  const noteRef = db().doc(`notes/${noteId}`);
  const likeRef = noteRef.collection('likes').doc(caller.uid);
  // Whether the caller may read the note is a plain read, NOT a read of the transaction: a note
  // read inside it is locked by every reader liking it at once, and 50 readers of one note then
  // waited on each other until "Transaction lock timeout" (issue 29). The transaction reads only
  // the caller's own documents (their like, their rate limit), so readers of one note do not
  // contend; the note is only written, with an increment, which needs no read. The read runs
  // alongside the transaction's first one and is awaited before any write, so a note the caller
  // may not read gets nothing written. A note set back to pending meanwhile may still take this
  // like (as it would have a moment earlier); one deleted meanwhile fails the increment (no such
  // document), so no like is left under a deleted note.
  const readable = readableNote(caller, noteId);
  // Awaited in the transaction; this only keeps a refusal from being unhandled should the
  // transaction fail before its callback reads it.
  readable.catch(() => undefined);
  try {
    return await db().runTransaction(async (tx) => {
      const [like, note] = await Promise.all([tx.get(likeRef), readable]);
      // As of the plain read: exact when nobody else toggles at the same moment.
      const count = (note['likesCount'] as number | undefined) ?? 0;
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
  } catch (err) {
    if ((err as { code?: unknown }).code === NOT_FOUND)
      throw new HttpError(404, NOTE_ERRORS.notFound);
    throw err;
  }
}
