/**
 * Saved Notes (`users/{uid}/saved/{noteId}`, the spec's Archive): every screen saves, lists and
 * removes them here. Private to their owner (firestore.rules).
 */
import { isAppError } from '../errors/app-error';
import { loadFirestore } from '../firebase';
import { getDocument } from '../firebase/firestore-rest';
import { callFacade } from '../http/facade';
import { chunks } from '../utils/chunks';

/**
 * Archive: the spec's `POST /notes/archive/{noteId}`. The facade writes the saved document after
 * checking the caller can read the note; saving twice is fine.
 */
export async function saveNote(noteId: string): Promise<void> {
  await callFacade(`/api/notes/archive/${encodeURIComponent(noteId)}`, {
    method: 'POST',
    signedIn: true,
  });
}

/** Remove Note: the owner deletes their saved document (the rules allow exactly that). */
export async function removeSavedNote(uid: string, noteId: string): Promise<void> {
  const { db, sdk } = await loadFirestore();
  await sdk.deleteDoc(sdk.doc(db, 'users', uid, 'saved', noteId));
}

/** A saved note that can still be read: its id and the fields asked for. */
export interface SavedNote {
  id: string;
  data: Record<string, unknown>;
}

/** Saved Notes as they can be read now. */
export interface SavedNotes {
  /** The readable notes, newest save first. */
  notes: SavedNote[];
  /**
   * Saved notes the user can no longer read: deleted, or set back to pending (by an admin, or
   * by their uploader's edit, which waits for review again). The rules answer both alike.
   */
  unavailable: string[];
}

/** How many notes are read at once: a long list costs a few rounds, not hundreds of requests. */
const READS_AT_ONCE = 10;

/**
 * The saved notes, newest save first: the saved ids, then each note by its own get, with only
 * `fields` (a field mask: a note also carries up to 1,000 search terms no card shows).
 *
 * One get per note, not a query: a query naming the notes (`documentId() in [...]`) is judged by
 * the rules document by document, as gets, so ONE saved note set back to pending or deleted
 * refused the whole list (issue 29). Each get is judged alone here; a refused one is counted as
 * unavailable and the rest still show. A pending note of the user's own is readable, so it shows.
 * Nothing is copied into the saved entries, so nothing goes stale.
 */
export async function listSavedNotes(uid: string, fields: readonly string[]): Promise<SavedNotes> {
  const { db, sdk } = await loadFirestore();
  const saved = await sdk.getDocs(
    sdk.query(sdk.collection(db, 'users', uid, 'saved'), sdk.orderBy('savedAt', 'desc')),
  );
  const ids = saved.docs.map((d) => d.id);
  const found = new Map<string, Record<string, unknown> | null>();
  for (const part of chunks(ids, READS_AT_ONCE)) {
    await Promise.all(
      part.map(async (id) => {
        try {
          found.set(id, (await getDocument(`notes/${id}`, fields))?.data ?? null);
        } catch (error) {
          // Only a refusal means "not readable"; anything else (offline) fails the list.
          if (!isAppError(error, 'server') || error.status !== 403) throw error;
          found.set(id, null);
        }
      }),
    );
  }
  const notes: SavedNote[] = [];
  const unavailable: string[] = [];
  for (const id of ids) {
    const data = found.get(id);
    if (data) notes.push({ id, data });
    else unavailable.push(id);
  }
  return { notes, unavailable };
}

/**
 * Removes saved entries of notes that are no longer available (the user's choice: a note back
 * under review would otherwise show again once approved).
 */
export async function removeSavedNotes(uid: string, noteIds: readonly string[]): Promise<void> {
  const { db, sdk } = await loadFirestore();
  // A batch holds at most 500 writes.
  for (const part of chunks(noteIds, 500)) {
    const batch = sdk.writeBatch(db);
    for (const id of part) batch.delete(sdk.doc(db, 'users', uid, 'saved', id));
    await batch.commit();
  }
}
