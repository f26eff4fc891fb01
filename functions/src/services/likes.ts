/**
 * Like toggle: one like document per user (its id is the uid) and likesCount moved by exactly
 * one in the same atomic write, the invariant firestore.rules enforce for direct writes.
 *
 * Optimistic rather than a transaction (issue 29): the note, the caller's like and their rate
 * limit are read in one call, and the writes go in one batch whose preconditions fail if any of
 * what was read changed meanwhile (the like created or deleted by another request of the same
 * reader, the limit spent by another like); then it starts over. A transaction took four calls
 * and held locks: 50 readers liking at once waited on each other, and each like cost the
 * emulator about twice the work. The note itself is never a precondition, only incremented, so
 * readers of one note never conflict.
 */
import { FieldValue, type DocumentSnapshot, type WriteBatch } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import type { Caller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { NOTE_ERRORS, canRead } from './notes.js';
import { limitRef, spentLimit } from './rate-limits.js';

/** gRPC codes of a batch whose preconditions failed or whose note is gone. */
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;
/** Attempts before giving up: only the reader's own concurrent likes can make one fail. */
const MAX_ATTEMPTS = 5;

/** The writes of a like (or unlike) of `snapshots`, and its answer. */
function toggleWrites(
  batch: WriteBatch,
  caller: Caller,
  noteId: string,
  [note, like, limit]: DocumentSnapshot[],
): { liked: boolean; likesCount: number } {
  const d = note!.data();
  if (!d || !canRead(caller, d)) throw new HttpError(404, NOTE_ERRORS.notFound);
  // As read: exact when nobody else toggles at the same moment.
  const count = (d['likesCount'] as number | undefined) ?? 0;
  if (like!.exists) {
    batch.delete(like!.ref, { lastUpdateTime: like!.updateTime! });
    batch.update(note!.ref, { likesCount: FieldValue.increment(-1) });
    return { liked: false, likesCount: Math.max(0, count - 1) };
  }
  // A like spends from the same per-minute budget as the browser's direct likes (rules).
  const spent = spentLimit(limit!, 'like', noteId);
  // Every field of the limit document is written: an update replaces it as a set would.
  if (limit!.exists) batch.update(limit!.ref, spent, { lastUpdateTime: limit!.updateTime! });
  else batch.create(limit!.ref, spent);
  batch.create(like!.ref, { createdAt: FieldValue.serverTimestamp(), uid: caller.uid });
  batch.update(note!.ref, { likesCount: FieldValue.increment(1) });
  return { liked: true, likesCount: count + 1 };
}

export async function toggleLike(
  caller: Caller,
  noteId: string,
): Promise<{ liked: boolean; likesCount: number }> {
  const noteRef = db().doc(`notes/${noteId}`);
  const refs = [noteRef, noteRef.collection('likes').doc(caller.uid), limitRef(caller.uid, 'like')];
  for (let attempt = 1; ; attempt++) {
    const batch = db().batch();
    const answer = toggleWrites(batch, caller, noteId, await db().getAll(...refs));
    try {
      await batch.commit();
      return answer;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      // The note deleted since it was read: its increment finds no document.
      if (code === NOT_FOUND) throw new HttpError(404, NOTE_ERRORS.notFound);
      if ((code === ALREADY_EXISTS || code === FAILED_PRECONDITION) && attempt < MAX_ATTEMPTS)
        continue;
      throw err;
    }
  }
}
