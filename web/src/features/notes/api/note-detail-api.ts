/**
 * Every read and write of the note page. Reads are live (the full Firestore SDK's onSnapshot,
 * loaded only by this route: shared/firebase/firestore-live.ts): the note (its likes, downloads and
 * comments counts move while it is open), its comments and the reader's own like. Likes and
 * downloads are the same writes Browse makes (shared/notes/note-interactions.ts); comments and
 * Archive go through the facade (spec section 7), which recounts commentsCount exactly and
 * checks the note is readable before saving it.
 *
 * What the rules allow here (firestore.rules): the note and its comments are readable when the
 * note is approved, or by its uploader and admins; a like document only by its owner.
 */
import type { FirestoreError, Unsubscribe } from 'firebase/firestore';
import { loadLiveFirestore, type LiveFirestoreHandle } from '../../../shared/firebase';
import { getDocument } from '../../../shared/firebase/firestore-rest';
import { callFacade } from '../../../shared/http/facade';
import * as interactions from '../../../shared/notes/note-interactions';
import {
  toNoteComment,
  toNoteDetail,
  type NoteComment,
  type NoteDetail,
} from './note-detail-model';

export { addComment, isValidCommentText } from '../../../shared/notes/note-interactions';

/** Comments shown on the page, newest first (the count comes from the note). */
export const COMMENTS_SHOWN = 200;

/**
 * Starts a listener once the SDK has loaded; the returned function stops it (also when called
 * before the SDK arrived, in which case the listener never starts).
 */
function listen(
  start: (handle: LiveFirestoreHandle) => Unsubscribe,
  onError: (error: unknown) => void,
): () => void {
  let stop: Unsubscribe | null = null;
  let stopped = false;
  loadLiveFirestore().then((handle) => {
    if (!stopped) stop = start(handle);
  }, onError);
  return () => {
    stopped = true;
    stop?.();
  };
}

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
    stop = listen(
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

/** The note's comments, newest first, live: a comment anyone adds shows up for every viewer. */
export function watchComments(
  noteId: string,
  onComments: (comments: NoteComment[]) => void,
  onError: (error: unknown) => void,
): () => void {
  return listen(
    ({ db, sdk }) =>
      sdk.onSnapshot(
        sdk.query(
          sdk.collection(db, 'notes', noteId, 'comments'),
          sdk.orderBy('commentedAt', 'desc'),
          sdk.limit(COMMENTS_SHOWN),
        ),
        (snap) => onComments(snap.docs.map((d) => toNoteComment(d.id, d.data()))),
        (error: FirestoreError) => onError(error),
      ),
    onError,
  );
}

/** Whether the reader likes the note, live (so two tabs of the same reader agree). */
export function watchLiked(
  noteId: string,
  uid: string,
  onLiked: (liked: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  return listen(
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

function commentPath(noteId: string, commentId: string): string {
  return `/api/notes/comments/${encodeURIComponent(noteId)}/${encodeURIComponent(commentId)}`;
}

/** The author edits their comment's text (the facade checks authorship like the rules). */
export async function updateComment(noteId: string, commentId: string, text: string) {
  await callFacade(commentPath(noteId, commentId), {
    method: 'PUT',
    signedIn: true,
    json: { text },
  });
}

/** The author or an admin deletes a comment; the facade then recounts commentsCount. */
export async function deleteComment(noteId: string, commentId: string) {
  await callFacade(commentPath(noteId, commentId), {
    method: 'DELETE',
    signedIn: true,
  });
}
