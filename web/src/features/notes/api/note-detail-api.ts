/**
 * Every read and write of the note page but its comments (features/comments). Reads are live (the
 * full Firestore SDK's onSnapshot: shared/firebase/firestore-live.ts): the note (its likes,
 * downloads and comments counts move while it is open). The reader's like, downloads, Archive and
 * Delete are the calls every screen shares (shared/data/).
 *
 * What the rules allow here (firestore.rules): the note and its comments are readable when the
 * note is approved, or by its uploader and admins; a like document only by its owner.
 */
import type { FirestoreError } from 'firebase/firestore';
import { isAppError } from '../../../shared/errors/app-error';
import { listenLive } from '../../../shared/firebase';
import {
  decodeDocument,
  getDocument,
  type DecodedDocument,
  type RestDocument,
} from '../../../shared/firebase/firestore-rest';
import { callFacade } from '../../../shared/http/facade';
import { embeddedData } from '../../../shared/utils/embedded-data';
import { prefetchSlot } from '../../../shared/utils/prefetch-slot';
import { toNoteDetail, type NoteDetail } from './note-detail-model';

/**
 * The note as the server sent it (functions' GET /notes/:id renders the page with it): the REST
 * answer to an anonymous read of an approved note, in the document as JSON, so the note is in
 * the HTML itself and the app starts from the very same note without reading it again. Only
 * what the rules show everyone is ever embedded: the server reads it without credentials.
 */
export interface EmbeddedNote {
  id: string;
  document: RestDocument;
}

export const NOTE_ELEMENT_ID = 'nn-note';

/** The embedded note in this document. */
const documentNote = embeddedData<EmbeddedNote>(NOTE_ELEMENT_ID);

/**
 * Note `noteId` as embedded (`provided` on the server, else this document's), or null: another
 * note's, or none.
 */
export function embeddedNote(
  noteId: string,
  provided?: EmbeddedNote | null,
): DecodedDocument | null {
  const embedded = provided === undefined ? documentNote.read() : provided;
  return embedded && embedded.id === noteId ? decodeDocument(embedded.document) : null;
}

/** The page has shown the embedded note: a later visit reads it afresh. */
export function forgetEmbeddedNote(): void {
  documentNote.forget();
}

/**
 * The note's first read: the one in the document when the server sent it, else as anyone may
 * read it (an approved note), so it does not wait for the reader's session to be restored; one
 * the rules refuse that way (the reader's own pending note, or any for an admin) is read again
 * with the session's token.
 */
function firstRead(noteId: string): Promise<DecodedDocument | null> {
  const embedded = embeddedNote(noteId);
  if (embedded) return Promise.resolve(embedded);
  const path = `notes/${noteId}`;
  return getDocument(path, undefined, { anonymous: true }).catch((error: unknown) => {
    if (isAppError(error, 'server') && error.status === 403) return getDocument(path);
    throw error;
  });
}

/** A first read started before the note page rendered (prefetchNote), until watchNote takes it. */
const prefetched = prefetchSlot<DecodedDocument | null>();

/**
 * Starts the note's first read now, for watchNote to take: the router calls it when the note
 * page's code starts loading, so on a slow phone the note is read while the page's chunks
 * download and the session is restored, instead of after.
 */
export function prefetchNote(noteId: string): void {
  prefetched.keep(noteId, firstRead(noteId));
}

/**
 * The note, live. `onNote(null)` when it does not exist; a read the rules refuse (someone else's
 * pending note) arrives as an error, like any other failure.
 *
 * The first answer comes from one REST read (firstRead, shared/firebase/firestore-rest.ts), and
 * the live listener starts after it: on a slow phone the note then shows without waiting for the
 * full Firestore SDK (~160 KB gzip) to arrive, start and open its channel, and that SDK's
 * start-up does not compete with the page's first render. A refused or failed REST read is left
 * to the listener, which says the same in its own terms.
 */
export function watchNote(
  noteId: string,
  onNote: (note: NoteDetail | null) => void,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  const read = prefetched.take(noteId) ?? firstRead(noteId);
  const first = read.then(
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

/**
 * Why a note this reader cannot read is gone: 'under-review' when readers' reports took it out of
 * public view (the facade answers 410 for it: functions/src/services/notes.ts readableNote), else
 * 'unavailable' (deleted, or pending and not theirs: the facade tells those apart from nothing,
 * as the rules do). The rules cannot say it: a note under review is not readable, and no field of
 * it is public. One call, made only when the note could not be read.
 */
export async function whyUnavailable(noteId: string): Promise<'under-review' | 'unavailable'> {
  try {
    await callFacade(`/api/uploading/get/${encodeURIComponent(noteId)}`, {
      method: 'GET',
      signedIn: true,
    });
    // Readable after all (approved meanwhile): the live listener will show it.
    return 'unavailable';
  } catch (error) {
    return isAppError(error, 'server') && error.status === 410 ? 'under-review' : 'unavailable';
  }
}
