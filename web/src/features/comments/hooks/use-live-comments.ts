import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../../shared/errors/app-error';
import {
  addComment,
  deleteComment,
  isValidCommentText,
  updateComment,
  watchComments,
} from '../api/comments-api';
import { COMMENT_MESSAGES, type NoteComment } from '../api/comments-model';

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
export function useLiveComments(
  noteId: string,
  /** Told after a comment was saved, with the note's comment count right after it. */
  onAdded?: (commentsCount: number | null) => void,
): LiveComments {
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
        const counted = await addComment(noteId, text);
        onAdded?.(counted);
        return true;
      } catch (err) {
        console.error('Could not add the comment', err);
        setError(failureMessage(err, COMMENT_MESSAGES.add));
        return false;
      } finally {
        setAdding(false);
      }
    },
    [noteId, onAdded],
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
        setError(failureMessage(err, COMMENT_MESSAGES.update));
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
        setError(failureMessage(err, COMMENT_MESSAGES.delete));
      }
    },
    [noteId],
  );

  return { status, comments, error, adding, add, update, remove };
}
