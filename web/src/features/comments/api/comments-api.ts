/**
 * Every read and write of comments, on every screen. Reads are live (the full Firestore SDK's
 * onSnapshot: a comment anyone adds, edits or deletes shows for every viewer without a reload);
 * writes go through the facade (spec section 7), which validates the text, takes the author from
 * the ID token, applies the rate limit and keeps commentsCount exact. The rules refuse comment
 * writes from browsers (firestore.rules), and let anyone who may read the note read its comments.
 */
import type { FirestoreError } from 'firebase/firestore';
import { listenLive } from '../../../shared/firebase';
import { callFacade } from '../../../shared/http/facade';
import { COMMENTS_SHOWN, toNoteComment, type NoteComment } from './comments-model';

export { addComment, isValidCommentText } from '../../../shared/notes/note-interactions';

/** The note's comments, newest first (at most COMMENTS_SHOWN), live. */
export function watchComments(
  noteId: string,
  onComments: (comments: NoteComment[]) => void,
  onError: (error: unknown) => void,
): () => void {
  return listenLive(
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
