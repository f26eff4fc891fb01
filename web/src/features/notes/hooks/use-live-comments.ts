import { useCallback, useEffect, useState } from 'react';
import {
  addComment,
  deleteComment,
  isValidCommentText,
  updateComment,
  watchComments,
} from '../api/note-detail-api';
import { ACTION_MESSAGES, failureMessage, type NoteComment } from '../api/note-detail-model';

export interface LiveComments {
  status: 'loading' | 'loaded' | 'failed';
  comments: NoteComment[];
  /** The last failed action's message (spec section 8), until the next action. */
  error: string | null;
  adding: boolean;
  /** Resolves true when the comment was saved (the caller then clears its textarea). */
  add: (text: string) => Promise<boolean>;
  /** Resolves true when saved; blank text is not sent (spec section 5). */
  update: (commentId: string, text: string) => Promise<boolean>;
  remove: (commentId: string) => Promise<void>;
}

/**
 * The note's comments, live: a comment added, edited or deleted by anyone shows up for every
 * viewer without a reload, so no action here re-reads the list.
 */
export function useLiveComments(noteId: string): LiveComments {
  const [status, setStatus] = useState<LiveComments['status']>('loading');
  const [comments, setComments] = useState<NoteComment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    setStatus('loading');
    return watchComments(
      noteId,
      (list) => {
        setComments(list);
        setStatus('loaded');
      },
      (err) => {
        console.error('Could not load comments', err);
        setStatus('failed');
      },
    );
  }, [noteId]);

  const add = useCallback(
    async (text: string) => {
      if (!isValidCommentText(text)) return false;
      setError(null);
      setAdding(true);
      try {
        await addComment(noteId, text);
        return true;
      } catch (err) {
        console.error('Could not add the comment', err);
        setError(failureMessage(err, ACTION_MESSAGES.add));
        return false;
      } finally {
        setAdding(false);
      }
    },
    [noteId],
  );

  const update = useCallback(
    async (commentId: string, text: string) => {
      if (!isValidCommentText(text)) return false;
      setError(null);
      try {
        await updateComment(noteId, commentId, text);
        return true;
      } catch (err) {
        console.error('Could not update the comment', err);
        setError(failureMessage(err, ACTION_MESSAGES.update));
        return false;
      }
    },
    [noteId],
  );

  const remove = useCallback(
    async (commentId: string) => {
      setError(null);
      try {
        await deleteComment(noteId, commentId);
      } catch (err) {
        console.error('Could not delete the comment', err);
        setError(failureMessage(err, ACTION_MESSAGES.delete));
      }
    },
    [noteId],
  );

  return { status, comments, error, adding, add, update, remove };
}
