/**
 * Every read and write of comments, on every screen. Reads are live (the full Firestore SDK's
 * onSnapshot: a comment anyone adds, edits or deletes shows for every viewer without a reload);
 * writes go through the facade (spec section 7), which validates the text, takes the author from
 * the ID token, applies the rate limit and keeps commentsCount exact. The rules refuse comment
 * writes from browsers (firestore.rules), and let anyone who may read the note read its comments.
 */
import { COMMENT_LIMITS, charLength } from '@notenest/shared';
import type { FirestoreError } from 'firebase/firestore';
import { listenLive } from '../../../shared/firebase';
import { callFacade } from '../../../shared/http/facade';
import { COMMENTS_SHOWN, toNoteComment, type NoteComment } from './comments-model';

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

export function isValidCommentText(text: string): boolean {
  const size = charLength(text.trim());
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
