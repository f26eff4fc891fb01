import { toAppError } from '../../../shared/errors/app-error';
import { startTransition, useContext, useEffect, useState } from 'react';
import {
  embeddedNote,
  forgetEmbeddedNote,
  watchNote,
  whyUnavailable,
} from '../api/note-detail-api';
import { toNoteDetail, type NoteDetail } from '../api/note-detail-model';
import { EmbeddedNoteContext } from './embedded-note-context';

export type LiveNote =
  | { status: 'loading' }
  | { status: 'loaded'; note: NoteDetail }
  | { status: 'unavailable'; underReview: boolean }
  | { status: 'failed' };

/**
 * The note, kept current while the page is open. A note that does not exist (deleted) and one
 * the rules do not let this reader see (someone else's pending note, or one sent back to review
 * while open) are both "unavailable", told apart from nothing, so strangers do not learn which
 * pending notes exist; any other error (the network) is a failure worth retrying.
 */
export function useLiveNote(noteId: string): LiveNote {
  const provided = useContext(EmbeddedNoteContext);
  // The note the server rendered into the page (functions' GET /notes/:id) is shown at once:
  // the first render is the page the HTML already shows, not "Loading Notes..." in between.
  const [state, setState] = useState<LiveNote>(() => {
    const doc = embeddedNote(noteId, provided);
    return doc ? { status: 'loaded', note: toNoteDetail(doc.id, doc.data) } : { status: 'loading' };
  });
  useEffect(() => {
    // Another note than the one shown: loading until it is read.
    setState((shown) =>
      shown.status === 'loaded' && shown.note.id === noteId ? shown : { status: 'loading' },
    );
    let stopped = false;
    // A note readers' reports took out of view says so (issue 30): asked of the facade once,
    // only when the note cannot be read; the page keeps loading meanwhile.
    // `latest` drops an answer that arrives after the note was readable again.
    let asked: Promise<boolean> | null = null;
    let latest = 0;
    const unavailable = () => {
      const mine = ++latest;
      asked ??= whyUnavailable(noteId).then((why) => why === 'under-review');
      void asked.then((underReview) => {
        if (!stopped && mine === latest) setState({ status: 'unavailable', underReview });
      });
    };
    const stop = watchNote(
      noteId,
      // A transition: the whole page renders when the note first arrives, and React slices that
      // work, leaving the main thread free for input (one long task on a slow phone otherwise).
      (note) => {
        if (!note) return unavailable();
        latest++;
        asked = null;
        startTransition(() => setState({ status: 'loaded', note }));
      },
      (error) => {
        console.error('Could not load the note', error);
        if (toAppError(error).code === 'permission-denied') unavailable();
        else setState({ status: 'failed' });
      },
    );
    // Taken (watchNote's first answer is the embedded note): a later visit reads it afresh.
    forgetEmbeddedNote();
    return () => {
      stopped = true;
      stop();
    };
  }, [noteId]);
  return state;
}
