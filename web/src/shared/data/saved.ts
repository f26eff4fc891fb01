/**
 * Saved Notes (`users/{uid}/saved/{noteId}`, the spec's Archive): every screen saves, lists and
 * removes them here. Private to their owner (firestore.rules).
 */
import { loadFirestore } from '../firebase';
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

/**
 * The saved notes' documents, newest save first: the saved ids, then the notes themselves in
 * chunks of 30, as readable: approved notes, plus the user's own (the rules need the query to say
 * which). A deleted or unapproved note simply no longer shows; nothing is copied, so nothing goes
 * stale.
 */
export async function listSavedNotes(
  uid: string,
): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const { db, sdk } = await loadFirestore();
  const saved = await sdk.getDocs(
    sdk.query(sdk.collection(db, 'users', uid, 'saved'), sdk.orderBy('savedAt', 'desc')),
  );
  const ids = saved.docs.map((d) => d.id);
  const found = new Map<string, Record<string, unknown>>();
  await Promise.all(
    chunks(ids).flatMap((part) =>
      [sdk.where('approved', '==', true), sdk.where('uploaderId', '==', uid)].map(async (proof) => {
        const snap = await sdk.getDocs(
          sdk.query(sdk.collection(db, 'notes'), sdk.where(sdk.documentId(), 'in', part), proof),
        );
        for (const d of snap.docs) found.set(d.id, d.data());
      }),
    ),
  );
  return ids.flatMap((id) => {
    const data = found.get(id);
    return data ? [{ id, data }] : [];
  });
}
