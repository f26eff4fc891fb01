/**
 * Every read and write of the note page but its comments (features/comments). Reads are live (the
 * full Firestore SDK's onSnapshot: shared/firebase/firestore-live.ts): the note (its likes,
 * downloads and comments counts move while it is open) and the reader's own like. Likes and
 * downloads are the same writes Browse makes (shared/notes/note-interactions.ts); Archive and
 * Delete go through the facade (spec section 7).
 *
 * What the rules allow here (firestore.rules): the note and its comments are readable when the
 * note is approved, or by its uploader and admins; a like document only by its owner.
 */
import type { FirestoreError } from 'firebase/firestore';
import { listenLive, loadLiveFirestore } from '../../../shared/firebase';
import { getDocument } from '../../../shared/firebase/firestore-rest';
import { callFacade } from '../../../shared/http/facade';
import * as interactions from '../../../shared/notes/note-interactions';
import { toNoteDetail, type NoteDetail } from './note-detail-model';

/**
 * The note, live. `onNote(null)` when it does not exist; a read the rules refuse (someone else's
 * pending note) arrives as an error, like any other failure.
 *
 * The first answer comes from one REST read (shared/firebase/firestore-rest.ts, with the
 * session's token), and the live listener starts after it: on a slow phone the note then shows
 * without waiting for the full Firestore SDK (~160 KB gzip) to arrive, start and open its
 * channel, and that SDK's start-up does not compete with the page's first render. A refused or
 * failed REST read is left to the listener, which says the same in its own terms.
 */
export function watchNote(
  noteId: string,
  onNote: (note: NoteDetail | null) => void,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  const first = getDocument(`notes/${noteId}`).then(
    (doc) => {
      if (!stopped) onNote(doc ? toNoteDetail(doc.id, doc.data) : null);
    },
    () => {},
  );
  void first.then(() => {
    if (stopped) return;
    stop = listenLive(
      ({ db, sdk }) =>
        sdk.onSnapshot(
          sdk.doc(db, 'notes', noteId),
          (snap) => {
            const data = snap.data();
            onNote(data ? toNoteDetail(snap.id, data) : null);
          },
          (error: FirestoreError) => onError(error),
        ),
      onError,
    );
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Whether the reader likes the note, live (so two tabs of the same reader agree). */
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
        (error: FirestoreError) => onError(error),
      ),
    onError,
  );
}

export async function setLiked(noteId: string, uid: string, liked: boolean): Promise<void> {
  await interactions.setLiked(await loadLiveFirestore(), noteId, uid, liked);
}

/** Counts a download (once per reader per note per day); resolves to whether it counted. */
export async function recordDownload(noteId: string, uid: string): Promise<boolean> {
  return interactions.recordDownload(await loadLiveFirestore(), noteId, uid);
}

/**
 * Archive (Saved Notes): the spec's `POST /notes/archive/{noteId}`. The facade writes
 * users/{uid}/saved/{noteId} after checking the caller can read the note; saving twice is fine.
 */
export async function archiveNote(noteId: string): Promise<void> {
  await callFacade(`/api/notes/archive/${encodeURIComponent(noteId)}`, {
    method: 'POST',
    signedIn: true,
  });
}

/**
 * Deletes the note with its comments, likes, saved copies and file: the spec's `DELETE
 * /api/uploading/delete/{noteId}`. The facade allows the uploader and admins and answers anyone
 * else with "You can only delete your own notes".
 */
export async function deleteNote(noteId: string): Promise<void> {
  await callFacade(`/api/uploading/delete/${encodeURIComponent(noteId)}`, {
    method: 'DELETE',
    signedIn: true,
  });
}
