/**
 * What a reader does to a note, wherever the note is shown (Browse's cards and the note page):
 * like or unlike, count a download, add a comment. The writes follow docs/data-model.md
 * "Counters"; the comment goes through the facade (the spec's call); a trigger keeps
 * commentsCount.
 *
 * Browse works with Firestore Lite, the note page with the full SDK (it listens live), so the
 * Firestore functions take the caller's handle: both SDKs export doc, getDoc, writeBatch,
 * updateDoc, increment and serverTimestamp with the same signatures, each used with its own
 * instance, so a page never loads the other SDK for these few writes.
 */
import { COMMENT_LIMITS } from '@notenest/shared';
import { type FirestoreHandle, type LiveFirestoreHandle } from '../firebase';
import { callFacade } from '../http/facade';
import { spendInTransaction, withRateLimit } from './rate-limit';

export type AnyFirestoreHandle = FirestoreHandle | LiveFirestoreHandle;

/** One handle type for the calls below (sound: each SDK is only given its own instance). */
function same(handle: AnyFirestoreHandle): FirestoreHandle {
  return handle as FirestoreHandle;
}

/** Whether `uid` likes the note: a get of their own like document (likes are private). */
export async function fetchLiked(
  handle: AnyFirestoreHandle,
  noteId: string,
  uid: string,
): Promise<boolean> {
  const { db, sdk } = same(handle);
  const snap = await sdk.getDoc(sdk.doc(db, 'notes', noteId, 'likes', uid));
  return snap.exists();
}

/**
 * Like or unlike in one transaction, as the rules demand: the like document (its id is the uid) is
 * created or deleted together with likesCount moving by exactly 1 (an increment, so no read of
 * the current count is needed); a like also spends a unit of the user's like limit on this note
 * (users/{uid}/limits/like). Throws a `rate-limited` AppError with the user-facing message when the limit is
 * reached.
 */
export async function setLiked(
  handle: AnyFirestoreHandle,
  noteId: string,
  uid: string,
  liked: boolean,
): Promise<void> {
  const { db, sdk } = same(handle);
  const likeRef = sdk.doc(db, 'notes', noteId, 'likes', uid);
  const noteRef = sdk.doc(db, 'notes', noteId);
  await withRateLimit((reading) =>
    sdk.runTransaction(db, async (tx) => {
      if (liked) {
        const spend = await spendInTransaction(handle, tx, uid, 'like', noteId, reading);
        spend();
        tx.set(likeRef, { createdAt: sdk.serverTimestamp(), uid });
      } else tx.delete(likeRef);
      tx.update(noteRef, { likesCount: sdk.increment(liked ? 1 : -1) });
    }),
  );
}

/** Whether two instants fall on the same UTC day (the rules' `timestamp.date()`). */
export function sameUtcDay(a: Date, b: Date): boolean {
  return a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}

/**
 * One Download click: downloadCount + 1 with the reader's downloads/{uid} marker stamped now,
 * once per reader per note per day (UTC), as the rules allow. Resolves to whether this download
 * was counted (false: already counted today).
 */
export async function recordDownload(
  handle: AnyFirestoreHandle,
  noteId: string,
  uid: string,
): Promise<boolean> {
  const { db, sdk } = same(handle);
  const markerRef = sdk.doc(db, 'notes', noteId, 'downloads', uid);
  return sdk.runTransaction(db, async (tx) => {
    const at: unknown = (await tx.get(markerRef)).data()?.['at'];
    if (at instanceof sdk.Timestamp && sameUtcDay(at.toDate(), new Date())) return false;
    tx.set(markerRef, { uid, at: sdk.serverTimestamp() });
    tx.update(sdk.doc(db, 'notes', noteId), { downloadCount: sdk.increment(1) });
    return true;
  });
}

export function isValidCommentText(text: string): boolean {
  const size = [...text.trim()].length;
  return size >= COMMENT_LIMITS.text.min && size <= COMMENT_LIMITS.text.max;
}

/**
 * Adds a comment as the signed-in user through the facade (`POST /api/notes/{id}/comment`, the
 * spec's call): it writes the comment with the author's profile username; the comment trigger
 * then recounts the stored commentsCount (docs/data-model.md "Counters"). Resolves to the number
 * of comments right after this one was written (the answer's `commentsCount`), which a re-read
 * note may not show yet while the trigger runs.
 */
export async function addComment(noteId: string, text: string): Promise<number | null> {
  if (!isValidCommentText(text)) throw new Error('A comment needs 1 to 1000 characters');
  const answer = await callFacade<{ success: boolean; commentsCount?: unknown }>(
    `/api/notes/${encodeURIComponent(noteId)}/comment`,
    { method: 'POST', signedIn: true, json: { text } },
  );
  return typeof answer.commentsCount === 'number' ? answer.commentsCount : null;
}
