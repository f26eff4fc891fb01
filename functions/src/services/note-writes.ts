/**
 * Create and update through the facade: validated exactly as the upload form, the file stored in
 * Storage with a download token; its text, thumbnail and the search index follow from the
 * triggers.
 */
import {
  NOTE_MESSAGES,
  REPORT_MESSAGES,
  contentMatchesType,
  noteFileTypeFor,
  validateNoteInput,
  type NoteDraft,
} from '@notenest/shared';
import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import type { Caller } from '../http/auth.js';
import type { UploadedFile } from '../http/multipart.js';
import { alreadySharedError, claimFileHash, sha256Of } from './duplicates.js';
import { NOTE_ERRORS, canRead } from './notes.js';
import { spendLimit } from './rate-limits.js';
import { isUploadBanned } from './reports.js';
import { thumbnailPathOf } from './note-paths.js';
import { deleteFile, saveWithToken, safeFileName } from './storage.js';
import { noteView, type NoteView } from './views.js';

/** Form values arrive as strings; the checkbox as "true"/"on"/"1" or "false"/"". */
function confirmedOf(raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (raw === true || raw === 'true' || raw === 'on' || raw === '1') return true;
  return false;
}

export interface NoteForm {
  fields: Record<string, unknown>;
  file: UploadedFile | null;
}

function validateForm(form: NoteForm, mode: 'create' | 'update', current?: DocumentData) {
  const f = form.fields;
  const file = form.file;
  if (file?.truncated) throw new HttpError(413, NOTE_MESSAGES.fileTooLarge);
  const draft: NoteDraft = {
    title: f['title'],
    description: f['description'],
    collegeName: f['collegeName'],
    courseName: f['courseName'],
    subjectName: f['subjectName'],
    batch: f['batch'],
    semester: f['semester'],
    fileUrl: f['fileUrl'],
    fileName: f['fileName'],
    confirmed: confirmedOf(f['confirmed']),
    file: file ? { name: file.filename, size: file.size, type: file.contentType } : null,
  };
  // Update without a new file or a different URL keeps the current file (spec: file optional).
  const keepsFile =
    mode === 'update' &&
    current &&
    !file &&
    (f['fileUrl'] === undefined || f['fileUrl'] === '' || f['fileUrl'] === current['fileUrl']);
  if (keepsFile) {
    Object.assign(draft, {
      fileUrl: current['fileUrl'],
      fileName: f['fileName'] ?? current['fileName'],
      filePath: current['filePath'],
      fileType: current['fileType'],
      fileSize: current['fileSize'],
    });
  }
  const r = validateNoteInput(draft, mode);
  if (!r.ok) throw new HttpError(400, r.message, Object.values(r.errors));
  if (file && r.ok) {
    const type = r.value.fileType ?? (noteFileTypeFor(file.filename) as string);
    if (!contentMatchesType(file.data, type)) throw new HttpError(400, NOTE_ERRORS.contentMismatch);
  }
  return { value: r.value, keepsFile: !!keepsFile };
}

/**
 * Stores an uploaded note file; returns the note's file fields. Its text and thumbnail come from
 * the note-file trigger (triggers/files.ts), as for files uploaded straight to Storage: reading
 * a scan takes seconds, which a request should not wait for.
 */
async function storeFile(uid: string, noteId: string, file: UploadedFile) {
  // validateForm accepted its extension.
  const contentType = noteFileTypeFor(file.filename)!;
  const name = safeFileName(file.filename);
  const filePath = `notes/${uid}/${noteId}/${name}`;
  const fileUrl = await saveWithToken(filePath, file.data, contentType);
  return { fileUrl, fileName: name, filePath, fileType: contentType, fileSize: file.size };
}

export async function createNote(caller: Caller, form: NoteForm): Promise<NoteView> {
  const uploader = form.fields['uploader'];
  if (uploader !== undefined && uploader !== '' && uploader !== caller.uid)
    throw new HttpError(403, 'You can only upload notes as yourself');
  const { value } = validateForm(form, 'create');
  const profile = (await db().doc(`users/${caller.uid}`).get()).data();
  if (!profile) throw new HttpError(403, 'Your profile was not found. Please sign in again');
  // Three notes removed for copyright: no uploads until an admin lifts it (services/reports.ts).
  if (isUploadBanned(profile)) throw new HttpError(403, REPORT_MESSAGES.uploadBanned);

  const ref = db().collection('notes').doc();
  // A file already shared is refused before anything is spent or stored (services/duplicates.ts).
  const sha256 = form.file ? sha256Of(form.file.data) : null;
  if (sha256) {
    const shared = await alreadySharedError(sha256, caller.uid);
    if (shared) throw shared;
  }
  // Uploads are bounded per user per minute, as the browser's direct uploads are (rules).
  await db().runTransaction(async (tx) =>
    (await spendLimit(tx, caller.uid, 'upload', `notes/${caller.uid}/${ref.id}`))(),
  );
  const fileFields = form.file ? await storeFile(caller.uid, ref.id, form.file) : {};
  const note = { ...value, ...fileFields };
  try {
    await ref.create({
      ...note,
      uploaderId: caller.uid,
      uploaderName: profile['username'],
      approved: false,
      likesCount: 0,
      downloadCount: 0,
      commentsCount: 0,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  } catch (err) {
    if (form.file) await deleteFile((fileFields as { filePath: string }).filePath).catch(() => {});
    throw err;
  }
  // Claimed now, so a second upload is refused at once (the file trigger would claim it too;
  // one made meanwhile is marked duplicateOf there).
  if (sha256) await claimFileHash(sha256, ref.id, caller.uid);
  // notesCount and the filter options follow from the note trigger (triggers/notes.ts).
  return noteView(ref.id, (await ref.get()).data()!);
}

export async function updateNote(caller: Caller, id: string, form: NoteForm): Promise<NoteView> {
  const ref = db().doc(`notes/${id}`);
  const current = (await ref.get()).data();
  if (!current || !canRead(caller, current)) throw new HttpError(404, NOTE_ERRORS.notFound);
  // Admins review notes; editing content is the uploader's (data model).
  if (current['uploaderId'] !== caller.uid) throw new HttpError(403, NOTE_ERRORS.notYours);
  const uploader = form.fields['uploader'];
  if (uploader !== undefined && uploader !== '' && uploader !== caller.uid)
    throw new HttpError(403, NOTE_ERRORS.notYours);
  const { value } = validateForm(form, 'update', current);

  let fileFields = {};
  const sha256 = form.file ? sha256Of(form.file.data) : null;
  if (sha256) {
    // Another note's file is refused; this note's own file again is not.
    const shared = await alreadySharedError(sha256, caller.uid, id);
    if (shared) throw shared;
  }
  if (form.file) {
    // A new file is an upload: the same per-minute budget.
    await db().runTransaction(async (tx) =>
      (await spendLimit(tx, caller.uid, 'upload', `notes/${caller.uid}/${id}`))(),
    );
    fileFields = await storeFile(caller.uid, id, form.file);
  }
  const note = { ...value, ...fileFields };
  await ref.update({
    ...note,
    // Every edit goes back to review, so approved content cannot be swapped unreviewed.
    approved: false,
    updatedAt: FieldValue.serverTimestamp(),
  });
  if (sha256) await claimFileHash(sha256, id, caller.uid);
  const oldPath = current['filePath'];
  const newPath = (note as { filePath: string | null }).filePath;
  if (typeof oldPath === 'string' && oldPath !== newPath)
    await Promise.all([deleteFile(oldPath), deleteFile(thumbnailPathOf(oldPath))]).catch(
      (err: Error) =>
        console.warn(`update: note ${id}: old file ${oldPath} not deleted: ${err.message}`),
    );
  // The search index and filter options follow from the note trigger (triggers/notes.ts).
  return noteView(id, (await ref.get()).data()!);
}
