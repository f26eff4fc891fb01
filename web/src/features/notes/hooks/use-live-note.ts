import { toAppError } from '../../../shared/errors/app-error';
import { startTransition, useEffect, useState } from 'react';
import { watchNote } from '../api/note-detail-api';
import type { NoteDetail } from '../api/note-detail-model';

export type LiveNote =
  | { status: 'loading' }
  | { status: 'loaded'; note: NoteDetail }
  | { status: 'unavailable' }
  | { status: 'failed' };

/**
 * The note, kept current while the page is open. A note that does not exist (deleted) and one
 * the rules do not let this reader see (someone else's pending note, or one sent back to review
 * while open) are both "unavailable", told apart from nothing, so strangers do not learn which
 * pending notes exist; any other error (the network) is a failure worth retrying.
 */
export function useLiveNote(noteId: string): LiveNote {
  const [state, setState] = useState<LiveNote>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    return watchNote(
      noteId,
      // A transition: the whole page renders when the note first arrives, and React slices that
      // work, leaving the main thread free for input (one long task on a slow phone otherwise).
      (note) =>
        startTransition(() =>
          setState(note ? { status: 'loaded', note } : { status: 'unavailable' }),
        ),
      (error) => {
        console.error('Could not load the note', error);
        const denied = toAppError(error).code === 'permission-denied';
        setState({ status: denied ? 'unavailable' : 'failed' });
      },
    );
  }, [noteId]);
  return state;
}
