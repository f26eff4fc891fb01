/**
 * The upload form's early refusal of a file already shared (issue 30; functions'
 * services/duplicates.ts is the authority): the file's SHA-256, computed in the browser, is looked
 * up with one get of `fileHashes/{sha256}` (firestore.rules: a signed-in get by hash, no list),
 * before a byte is uploaded. The existing note is linked when the user may read it (approved, or
 * their own); someone else's pending note is only said to await review.
 */
import { DUPLICATE_MESSAGES } from '@notenest/shared';
import { toAppError } from '../../../shared/errors/app-error';
import { loadFirestore } from '../../../shared/firebase';

export interface SharedCopy {
  message: string;
  /** The note to link to, or null when the user may not read it. */
  noteId: string | null;
  title: string | null;
}

/** Lowercase hex SHA-256 of the file's bytes (Web Crypto: the browser's own, no library). */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The note that already shares `file` (other than `exceptNoteId`, the note being updated), or
 * null. A failed lookup is logged and not a refusal: the server refuses or marks the copy anyway.
 */
export async function findSharedCopy(
  file: Blob,
  exceptNoteId?: string,
): Promise<SharedCopy | null> {
  try {
    const { db, sdk } = await loadFirestore();
    const hash = await sdk.getDoc(sdk.doc(db, 'fileHashes', await sha256Hex(file)));
    const noteId = hash.data()?.['noteId'];
    if (typeof noteId !== 'string' || noteId === exceptNoteId) return null;
    const note = await sdk.getDoc(sdk.doc(db, 'notes', noteId)).catch((error: unknown) => {
      // Someone else's pending note (rules): it exists, awaiting review.
      if (toAppError(error).code === 'permission-denied') return null;
      throw error;
    });
    if (!note) return { message: DUPLICATE_MESSAGES.awaitingReview, noteId: null, title: null };
    // A hash whose note was just deleted: not a copy of anything.
    if (!note.exists()) return null;
    const title = String(note.data()['title'] ?? '');
    return { message: DUPLICATE_MESSAGES.alreadyShared(title), noteId, title };
  } catch (error) {
    console.warn('the duplicate check failed; the server checks again', error);
    return null;
  }
}
