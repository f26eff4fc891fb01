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
import { loadAuth, type FirestoreHandle, type LiveFirestoreHandle } from '../firebase';
import { callFacade } from '../http/facade';

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
 * Like or unlike in one batch, as the rules demand: the like document (its id is the uid) is
 * created or deleted together with likesCount moving by exactly 1 (an increment, so no read of
 * the current count is needed).
 */
export async function setLiked(
  handle: AnyFirestoreHandle,
  noteId: string,
  uid: string,
  liked: boolean,
): Promise<void> {
  const { db, sdk } = same(handle);
  const likeRef = sdk.doc(db, 'notes', noteId, 'likes', uid);
  const batch = sdk.writeBatch(db);
  if (liked) batch.set(likeRef, { createdAt: sdk.serverTimestamp(), uid });
  else batch.delete(likeRef);
  batch.update(sdk.doc(db, 'notes', noteId), { likesCount: sdk.increment(liked ? 1 : -1) });
  await batch.commit();
}

/** One Download click: downloadCount + 1, the only change the rules allow a reader here. */
export async function recordDownload(handle: AnyFirestoreHandle, noteId: string): Promise<void> {
  const { db, sdk } = same(handle);
  await sdk.updateDoc(sdk.doc(db, 'notes', noteId), { downloadCount: sdk.increment(1) });
}

export function isValidCommentText(text: string): boolean {
  const size = [...text.trim()].length;
  return size >= COMMENT_LIMITS.text.min && size <= COMMENT_LIMITS.text.max;
}

/** The signed-in user's ID token for the facade. */
export async function idToken(): Promise<string> {
  const { auth } = await loadAuth();
  const token = await auth.currentUser?.getIdToken();
  if (!token) throw new Error('Please sign in to continue');
  return token;
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
    { method: 'POST', token: await idToken(), json: { text } },
  );
  return typeof answer.commentsCount === 'number' ? answer.commentsCount : null;
}
