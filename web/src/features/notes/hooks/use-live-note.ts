import { useEffect, useState } from 'react';
import { watchNote } from '../api/note-detail-api';
import type { NoteDetail } from '../api/note-detail-model';

export type LiveNote =
  { status: 'loading' } | { status: 'loaded'; note: NoteDetail } | { status: 'failed' };

/**
 * The note, kept current while the page is open. A note that does not exist, or that the rules
 * do not let this reader see (someone else's pending note), is a failure like any other: the
 * page shows its error screen rather than telling strangers which pending notes exist.
 */
export function useLiveNote(noteId: string): LiveNote {
  const [state, setState] = useState<LiveNote>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    return watchNote(
      noteId,
      (note) => setState(note ? { status: 'loaded', note } : { status: 'failed' }),
      (error) => {
        console.error('Could not load the note', error);
        setState({ status: 'failed' });
      },
    );
  }, [noteId]);
  return state;
}
