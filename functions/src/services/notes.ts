/**
 * Notes: create/update through the facade (validated exactly as the upload form, file stored in
 * Storage with a download token, indexed at once), reads with the data model's visibility
 * (approved notes for everyone; pending ones for their uploader and admins), saved notes, and
 * the Browse search.
 */
import {
  NOTE_MESSAGES,
  contentMatchesType,
  noteFileTypeFor,
  matchesSearch,
  queryTokens,
  searchTermsFor,
  titleTermsFor,
  type SearchTier,
  validateNoteInput,
  type NoteDraft,
  type NotesQuery,
} from '@notenest/shared';
import { FieldValue, type DocumentData, type Query } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import type { Caller } from '../http/auth.js';
import type { UploadedFile } from '../http/multipart.js';
import { pageOf, type Page, type PageRequest } from './pages.js';
import { spendLimit } from './rate-limits.js';
import { thumbnailPathOf } from './note-paths.js';
import { deleteFile, saveWithToken, safeFileName } from './storage.js';
import { commentView, noteView, type NoteView } from './views.js';

export const NOTE_ERRORS = {
  notFound: 'Note not found',
  notYours: 'You can only change your own notes',
  contentMismatch: NOTE_MESSAGES.fileContent,
} as const;

/** Who may read a note: anyone when approved, else its uploader and admins. */
export function canRead(caller: Caller | null, note: DocumentData): boolean {
  return (
    note['approved'] === true || (!!caller && (caller.admin || caller.uid === note['uploaderId']))
  );
}

/** The note when `caller` may read it; 404 otherwise (a pending note's existence is not told). */
export async function readableNote(caller: Caller | null, id: string): Promise<DocumentData> {
  const d = (await db().doc(`notes/${id}`).get()).data();
  if (!d || !canRead(caller, d)) throw new HttpError(404, NOTE_ERRORS.notFound);
  return d;
}

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

  const ref = db().collection('notes').doc();
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
      // The fields' terms at once; the file's words follow from the trigger (indexing.ts).
      searchTerms: searchTermsFor({ ...note, uploaderName: profile['username'] }),
      titleTerms: titleTermsFor(note),
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  } catch (err) {
    if (form.file) await deleteFile((fileFields as { filePath: string }).filePath).catch(() => {});
    throw err;
  }
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
  const oldPath = current['filePath'];
  const newPath = (note as { filePath: string | null }).filePath;
  if (typeof oldPath === 'string' && oldPath !== newPath)
    await Promise.all([deleteFile(oldPath), deleteFile(thumbnailPathOf(oldPath))]).catch(
      (err: Error) =>
        console.warn(`update: note ${id}: old file ${oldPath} not deleted: ${err.message}`),
    );
  // Search terms and filter options follow from the note trigger (triggers/notes.ts).
  return noteView(id, (await ref.get()).data()!);
}

export async function noteDetail(caller: Caller | null, id: string) {
  const d = await readableNote(caller, id);
  const ref = db().doc(`notes/${id}`);
  const [comments, like] = await Promise.all([
    ref.collection('comments').orderBy('commentedAt', 'asc').get(),
    caller ? ref.collection('likes').doc(caller.uid).get() : null,
  ]);
  return {
    ...noteView(id, d),
    comments: comments.docs.map((c) => commentView(c.id, c.data())),
    liked: !!like?.exists,
  };
}

export async function saveNote(caller: Caller, noteId: string): Promise<void> {
  await readableNote(caller, noteId);
  await db()
    .doc(`users/${caller.uid}/saved/${noteId}`)
    .set({ noteId, savedAt: FieldValue.serverTimestamp() });
}

export async function unsaveNote(caller: Caller, noteId: string): Promise<boolean> {
  const ref = db().doc(`users/${caller.uid}/saved/${noteId}`);
  const existed = (await ref.get()).exists;
  await ref.delete();
  return existed;
}

/** Saved notes of `uid`, newest first; deleted or no longer readable notes are left out. */
export async function savedNotes(caller: Caller, uid: string): Promise<NoteView[]> {
  const saved = await db().collection(`users/${uid}/saved`).orderBy('savedAt', 'desc').get();
  if (saved.empty) return [];
  const notes = await db().getAll(...saved.docs.map((s) => db().doc(`notes/${s.id}`)));
  const reader: Caller = caller.uid === uid ? caller : { ...caller, uid };
  return notes
    .filter((n) => n.exists && canRead(caller.admin ? caller : reader, n.data()!))
    .map((n) => noteView(n.id, n.data()!));
}

/** A user's uploads: all of them for the user and admins, the approved ones for others. */
export async function uploadsOf(caller: Caller | null, uid: string): Promise<NoteView[]> {
  const snap = await db()
    .collection('notes')
    .where('uploaderId', '==', uid)
    .orderBy('createdAt', 'desc')
    .get();
  return snap.docs.filter((d) => canRead(caller, d.data())).map((d) => noteView(d.id, d.data()));
}

const NOTE_ID = /^[A-Za-z0-9]{10,40}$/;

/**
 * Browse: approved notes, each filter an equality; a search ranks in two tiers
 * (docs/data-model.md "Search"): notes with the longest token in their title, subject or course
 * (`titleTerms`) first, then the others with it anywhere (`searchTerms`: every field and the
 * file's words), each tier in the chosen order; the other tokens are checked in memory. Reads at
 * most two pages. The spec's client also refreshes a note with `?search={noteId}`: a query that
 * is a readable note's id returns that note first.
 */
export async function searchNotes(caller: Caller | null, q: NotesQuery): Promise<NoteView[]> {
  const tokens = queryTokens(q.search ?? '');
  let base: Query = db().collection('notes').where('approved', '==', true);
  if (q.subject) base = base.where('subjectName', '==', q.subject);
  if (q.course) base = base.where('courseName', '==', q.course);
  if (q.semester !== undefined) base = base.where('semester', '==', q.semester);
  if (q.college) base = base.where('collegeName', '==', q.college);
  // Extra tokens are checked after the read, so read more than asked (bounded).
  const fetch = tokens.length > 1 ? Math.min(q.limit * 4, 400) : q.limit;
  const found: NoteView[] = [];
  const seen = new Set<string>();
  const tiers: (SearchTier | null)[] = tokens[0] ? ['titleTerms', 'searchTerms'] : [null];
  for (const tier of tiers) {
    if (found.length >= q.limit) break;
    let query = tier ? base.where(tier, 'array-contains', tokens[0]) : base;
    // The second tier also holds every note the first one read: read past them, and only as
    // many more as are still wanted (at most 2 x fetch reads in all).
    query = query.orderBy(q.sort, 'desc').limit(fetch - found.length + seen.size);
    const docs = (await query.get()).docs;
    for (const d of docs) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      if (!matchesSearch(d.get('searchTerms') as string[] | undefined, tokens.slice(1))) continue;
      found.push(noteView(d.id, d.data()));
    }
  }

  const raw = (q.search ?? '').trim();
  if (NOTE_ID.test(raw) && !found.some((n) => n.id === raw)) {
    const byId = (await db().doc(`notes/${raw}`).get()).data();
    if (byId && canRead(caller, byId)) found.unshift(noteView(raw, byId));
  }
  return found.slice(0, q.limit);
}

/**
 * Up to `max` suggestions for the search box: titles, subjects, courses and colleges of approved
 * notes containing what was typed (case-insensitive), titles first.
 */
export async function suggestions(typed: string, max: number): Promise<string[]> {
  const tokens = queryTokens(typed);
  if (!tokens[0]) return [];
  const snap = await db()
    .collection('notes')
    .where('approved', '==', true)
    .where('searchTerms', 'array-contains', tokens[0])
    .orderBy('likesCount', 'desc')
    .limit(50)
    .get();
  const needle = typed.trim().toLowerCase();
  const out: string[] = [];
  const seen = new Set<string>();
  for (const field of ['title', 'subjectName', 'courseName', 'collegeName']) {
    for (const d of snap.docs) {
      const v = d.get(field);
      if (typeof v !== 'string' || seen.has(v.toLowerCase())) continue;
      if (!v.toLowerCase().includes(needle) && !matchesSearch(searchTermsFor({ title: v }), tokens))
        continue;
      seen.add(v.toLowerCase());
      out.push(v);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/**
 * Admin lists, newest first, a page at a time: every note, the pending ones, one college's, or
 * those matching a search (title, subject, course, college, description, uploader or words in
 * the file: the note's searchTerms, the longest word queried and the others checked on the page).
 */
export async function adminNotesPage(
  filter: { approved?: boolean; college?: string; search?: string },
  page: PageRequest,
): Promise<Page<NoteView>> {
  let query: Query = db().collection('notes');
  if (filter.approved !== undefined) query = query.where('approved', '==', filter.approved);
  if (filter.college !== undefined) query = query.where('collegeName', '==', filter.college);
  const tokens = queryTokens(filter.search ?? '');
  if (tokens.length > 0) query = query.where('searchTerms', 'array-contains', tokens[0]);
  query = query.orderBy('createdAt', 'desc');
  return pageOf('notes', query, page, noteView, (d) =>
    matchesSearch(d['searchTerms'] as string[] | undefined, tokens),
  );
}

export async function reviewNote(id: string, approved: boolean): Promise<NoteView> {
  const ref = db().doc(`notes/${id}`);
  const before = await ref.get();
  if (!before.exists) throw new HttpError(404, NOTE_ERRORS.notFound);
  // The filter options follow from the note trigger (triggers/notes.ts).
  if (before.get('approved') !== approved) await ref.update({ approved });
  return noteView(id, (await ref.get()).data()!);
}
