/**
 * Likes (`notes/{id}/likes/{uid}`, docs/data-model.md "Counters"): every screen reads and writes
 * them here. A like is private to its owner, so each read is the reader's own document: one for a
 * card, a batch for Browse's page, live on the note page (two tabs of one reader agree).
 */
import { listenLive, loadAnyFirestore, loadAuth } from '../firebase';
import { batchGetDocuments } from '../firebase/firestore-rest';
import { spendInTransaction, withRateLimit } from './rate-limits';

/** Whether `uid` likes the note: a get of their own like document. */
export async function fetchLiked(noteId: string, uid: string): Promise<boolean> {
  const { db, sdk } = await loadAnyFirestore();
  return (await sdk.getDoc(sdk.doc(db, 'notes', noteId, 'likes', uid))).exists();
}

/** Which of `noteIds` the reader `uid` likes: one REST batchGet for a whole Browse page. */
export async function fetchLikedMany(
  noteIds: readonly string[],
  uid: string,
): Promise<Record<string, boolean>> {
  const paths = noteIds.map((id) => `notes/${id}/likes/${uid}`);
  // The reader is signed in, so Auth is loaded already; this makes the REST call carry its token.
  await loadAuth();
  const found = await batchGetDocuments(paths, ['uid']);
  return Object.fromEntries(noteIds.map((id, i) => [id, !!found.get(paths[i]!)]));
}

/** Whether the reader likes the note, live; the returned function stops listening. */
export function watchLiked(
  noteId: string,
  uid: string,
  onLiked: (liked: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  return listenLive(
    ({ db, sdk }) =>
      sdk.onSnapshot(
        sdk.doc(db, 'notes', noteId, 'likes', uid),
        (snap) => onLiked(snap.exists()),
        (error) => onError(error),
      ),
    onError,
  );
}

/**
 * Like or unlike in one transaction, as the rules demand: the like document (its id is the uid) is
 * created or deleted together with likesCount moving by exactly 1 (an increment, so no read of
 * the current count is needed); a like also spends a unit of the user's like limit on this note
 * (users/{uid}/limits/like). Throws a `rate-limited` AppError with the user-facing message when
 * the limit is reached.
 */
export async function setLiked(noteId: string, uid: string, liked: boolean): Promise<void> {
  const handle = await loadAnyFirestore();
  const { db, sdk } = handle;
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
