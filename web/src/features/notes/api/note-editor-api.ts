/**
 * Writes of the Upload and Update screens (docs/data-model.md): the file goes to Storage under
 * notes/{uid}/{noteId}/, the note to Firestore, both straight from the browser under the rules.
 * Nothing else is called: Cloud Functions triggers index the note (search terms from the fields
 * and the file's text) and keep the uploader's notesCount and the Browse filter options.
 *
 * Order, and why nothing broken is left behind:
 * - The file is uploaded FIRST and the note written only after the upload has finished. The rules
 *   allow exactly this (storage.rules lets the owner upload into notes/{uid}/{noteId}/ before the
 *   note exists; the note id is made on the client). The other order would leave a note pointing
 *   to a missing file whenever an upload fails or is cancelled, and the browser could not remove
 *   it: clients never delete notes (only the facade does).
 * - A cancelled or failed upload is never finalized, so no object exists and no note is written.
 * - If the note write fails after the upload (or Cancel came as its last bytes arrived), the
 *   uploaded file stays, referenced by no note: storage.rules refuse deleting the file the
 *   current upload unit paid for, so that one unit pays for one upload (it costs storage only;
 *   deleting the note through the facade removes its whole folder).
 * - On Update the replacement file gets a new name, so the note keeps pointing to its old, intact
 *   file until the update is saved; only then, the note pending again and naming the new file,
 *   is the old file deleted (storage.rules keep an approved note's own file).
 * - Uploads are rate-limited (docs/data-model.md "Rate limits"): before a file is sent, one unit
 *   of the user's upload limit is spent on its path (storage.rules let the file in only then, and
 *   the note's rules check the same unit); a note with a link spends it on the note's folder.
 */
import type { NoteFileType, NoteInput } from '@notenest/shared';
import { AppError, toAppError } from '../../../shared/errors/app-error';
import { loadFirestore, loadStorage } from '../../../shared/firebase';
import { spendInTransaction, withRateLimit } from '../../../shared/data/rate-limits';
import { storageFileName, toEditableNote, type EditableNote } from './note-form-model';

/** Who uploads: the signed-in user (features/auth's session); the rules check the uid. */
export interface Uploader {
  uid: string;
}

/** Thrown when the user cancelled the upload: nothing was written. */
const uploadCancelled = () => new AppError('cancelled', 'Upload cancelled');

export interface UploadControl {
  /** 0..1 while the file uploads. */
  onProgress: (fraction: number) => void;
  /** Called once the file is in Storage and the note is being written (no cancelling any more). */
  onSaving: () => void;
  /** Aborting cancels the upload. */
  signal: AbortSignal;
}

/** The picked file with the content type the validator derived from its extension. */
export interface PickedFile {
  file: File;
  contentType: NoteFileType;
}

type FileFields = Pick<NoteInput, 'fileUrl' | 'fileName' | 'filePath' | 'fileType' | 'fileSize'>;

function isCancelled(error: unknown): boolean {
  return toAppError(error).code === 'storage/canceled';
}

async function uploadFile(
  user: Uploader,
  noteId: string,
  { file, contentType }: PickedFile,
  { onProgress, signal }: UploadControl,
): Promise<FileFields> {
  if (signal.aborted) throw uploadCancelled();
  const filePath = `notes/${user.uid}/${noteId}/${storageFileName(file.name, Date.now())}`;
  await spendUpload(user, filePath);
  const { storage, sdk } = await loadStorage();
  const ref = sdk.ref(storage, filePath);
  const task = sdk.uploadBytesResumable(ref, file, { contentType });
  const cancel = () => task.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  // Cancelled while the Storage SDK was loading.
  if (signal.aborted) cancel();
  try {
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (s) => onProgress(s.totalBytes > 0 ? s.bytesTransferred / s.totalBytes : 0),
        reject,
        resolve,
      );
    });
  } catch (error) {
    throw isCancelled(error) ? uploadCancelled() : error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  onProgress(1);
  // Cancel pressed just as the last bytes arrived: the upload could not be stopped, and its file
  // cannot be deleted (see the top of this file), so only the note is not written.
  if (signal.aborted) throw uploadCancelled();
  return {
    fileUrl: await sdk.getDownloadURL(ref),
    fileName: file.name,
    filePath,
    fileType: contentType,
    fileSize: file.size,
  };
}

/**
 * Spends one unit of the user's upload limit on `key` (a file's path, or a link note's folder).
 * Throws a `rate-limited` AppError with the user-facing message when the limit is reached.
 */
async function spendUpload(user: Uploader, key: string): Promise<void> {
  const handle = await loadFirestore();
  await withRateLimit((reading) =>
    handle.sdk.runTransaction(handle.db, async (tx) =>
      (await spendInTransaction(handle, tx, user.uid, 'upload', key, reading))(),
    ),
  );
}

/**
 * Best effort: a file left over costs storage only. Only for a file no note names any more and
 * whose upload unit was spent on another since (storage.rules).
 */
async function removeFile(filePath: string): Promise<void> {
  try {
    const { storage, sdk } = await loadStorage();
    await sdk.deleteObject(sdk.ref(storage, filePath));
  } catch (error) {
    console.error(`could not remove ${filePath}`, error);
  }
}

/** The uploader's username as the rules check it (notes.uploaderName == users/{uid}.username). */
async function usernameOf(user: Uploader): Promise<string> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDoc(sdk.doc(db, 'users', user.uid));
  const username = snap.data()?.['username'];
  if (typeof username !== 'string') {
    throw new Error('Your profile could not be found. Open My Dashboard once, then try again');
  }
  return username;
}

/**
 * Upload: the file (when one was picked), then the pending note with zeroed counters. `input` is
 * the validated form; its file fields are used when no file was picked (a file URL).
 */
export async function createNote(
  user: Uploader,
  input: NoteInput,
  picked: PickedFile | null,
  control: UploadControl,
): Promise<string> {
  const { db, sdk } = await loadFirestore();
  const ref = sdk.doc(sdk.collection(db, 'notes'));
  // Before the upload: a missing profile fails now, not after megabytes were sent.
  const uploaderName = await usernameOf(user);
  const file = picked ? await uploadFile(user, ref.id, picked, control) : null;
  if (!file) await spendUpload(user, `notes/${user.uid}/${ref.id}`);
  control.onSaving();
  await sdk.setDoc(ref, {
    ...input,
    ...file,
    uploaderId: user.uid,
    uploaderName,
    approved: false,
    likesCount: 0,
    downloadCount: 0,
    commentsCount: 0,
    createdAt: sdk.serverTimestamp(),
    updatedAt: sdk.serverTimestamp(),
  });
  return ref.id;
}

/**
 * Update: the new file (when one was picked), then the note's descriptive and file fields, back to
 * pending (the rules require approved false on an uploader's edit). The note's previous file is
 * removed once nothing points to it any more.
 */
export async function updateNote(
  user: Uploader,
  note: EditableNote,
  input: NoteInput,
  picked: PickedFile | null,
  control: UploadControl,
): Promise<void> {
  const { db, sdk } = await loadFirestore();
  const file = picked ? await uploadFile(user, note.id, picked, control) : null;
  control.onSaving();
  const next: NoteInput = { ...input, ...file };
  await sdk.updateDoc(sdk.doc(db, 'notes', note.id), {
    title: next.title,
    description: next.description,
    collegeName: next.collegeName,
    courseName: next.courseName,
    subjectName: next.subjectName,
    batch: next.batch,
    semester: next.semester,
    fileUrl: next.fileUrl,
    fileName: next.fileName,
    filePath: next.filePath,
    fileType: next.fileType,
    fileSize: next.fileSize,
    approved: false,
    updatedAt: sdk.serverTimestamp(),
  });
  // After the edit, not before: while the note is approved and names it, storage.rules keep it.
  if (note.filePath && note.filePath !== next.filePath) await removeFile(note.filePath);
}

export type EditableNoteResult =
  { status: 'found'; note: EditableNote } | { status: 'not-found' } | { status: 'not-yours' };

/**
 * The note for the Update form, if the user may edit it. The rules let a user read only approved
 * notes and their own, so someone else's pending note reads as not found.
 */
export async function loadEditableNote(
  user: Uploader,
  noteId: string,
): Promise<EditableNoteResult> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDoc(sdk.doc(db, 'notes', noteId)).catch((error: unknown) => {
    if (toAppError(error).code === 'permission-denied') return null;
    throw error;
  });
  const data = snap?.data();
  if (!snap || !data) return { status: 'not-found' };
  if (data['uploaderId'] !== user.uid) return { status: 'not-yours' };
  return { status: 'found', note: toEditableNote(snap.id, data) };
}
