/**
 * Notes: create/update through the facade (validated exactly as the upload form, file stored in
 * Storage with a download token, indexed at once), reads with the data model's visibility
 * (approved notes for everyone; pending ones for their uploader and admins), saved notes, and
 * Browse's listing (Firestore) and search (the search index, src/search, through
 * services/search-db.ts: its hits read back from Firestore).
 */
import {
  NOTE_MESSAGES,
  contentMatchesType,
  noteFileTypeFor,
  validateNoteInput,
  type NoteDraft,
  type NoteSort,
  type NotesQuery,
} from '@notenest/shared';
import { FieldValue, type DocumentData, type Query } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import {
  search,
  suggestions as searchSuggestions,
  type SearchHit,
  type SearchRequest,
  type SearchSort,
} from '../search/index.js';
import type { Caller } from '../http/auth.js';
import type { UploadedFile } from '../http/multipart.js';
import { pageOf, type Page, type PageRequest } from './pages.js';
import { spendLimit } from './rate-limits.js';
import { withSearchDb } from './search-db.js';
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
  // The search index and filter options follow from the note trigger (triggers/notes.ts).
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

/** A search hit as the facade answers it: the note as Firestore has it now, and where it matched. */
export type SearchedNoteView = NoteView & { snippet: string | null; page: number | null };

/** Browse's answer: the spec's `notes`, and for a search its paging and correction. */
export interface NotesAnswer {
  notes: (NoteView | SearchedNoteView)[];
  total?: number;
  nextCursor?: string | null;
  didYouMean?: string;
}

/** The facade's sorts as the search index names them. */
const SEARCH_SORT: Record<NoteSort, SearchSort> = {
  relevance: 'relevance',
  createdAt: 'newest',
  likesCount: 'mostLiked',
  downloadCount: 'mostDownloaded',
};

/**
 * The hits' notes read fresh from Firestore (one getAll), in the hits' order, with their snippet
 * and page; a note gone since it was indexed, or one `keep` refuses, is left out.
 */
async function notesOfHits(
  hits: SearchHit[],
  keep: (d: DocumentData) => boolean,
): Promise<SearchedNoteView[]> {
  if (hits.length === 0) return [];
  const docs = await db().getAll(...hits.map((h) => db().doc(`notes/${h.id}`)));
  return docs.flatMap((d, i) => {
    const data = d.data();
    if (!data || !keep(data)) return [];
    return [{ ...noteView(d.id, data), snippet: hits[i]!.snippet, page: hits[i]!.page }];
  });
}

/**
 * Browse (`GET /api/notes`). Without a search: approved notes from Firestore, each filter an
 * equality, in the chosen order (this keeps working when the search index is down). With one:
 * the search index (every word, typos forgiven, ranked by relevance unless another sort is
 * chosen, the filters in the same query, `limit` a page and `cursor` the next), each hit read
 * back from Firestore so the answer is the note as it is now and only what the caller may read.
 * The spec's client also refreshes a note with `?search={noteId}`: a query that is a readable
 * note's id returns that note first.
 */
export async function searchNotes(caller: Caller | null, q: NotesQuery): Promise<NotesAnswer> {
  if (!q.search) {
    let query: Query = db().collection('notes').where('approved', '==', true);
    if (q.subject) query = query.where('subjectName', '==', q.subject);
    if (q.course) query = query.where('courseName', '==', q.course);
    if (q.semester !== undefined) query = query.where('semester', '==', q.semester);
    if (q.college) query = query.where('collegeName', '==', q.college);
    const order = q.sort === 'relevance' ? 'createdAt' : q.sort;
    const snap = await query.orderBy(order, 'desc').limit(q.limit).get();
    return { notes: snap.docs.map((d) => noteView(d.id, d.data())) };
  }
  const request: SearchRequest = {
    q: q.search,
    filters: {
      subject: q.subject ?? null,
      course: q.course ?? null,
      semester: q.semester ?? null,
      college: q.college ?? null,
    },
    sort: SEARCH_SORT[q.sort],
    limit: q.limit,
    cursor: q.cursor ?? null,
  };
  const raw = q.search.trim();
  const [result, byId] = await Promise.all([
    withSearchDb((client) => search(client, request)),
    // Only on the first page: a later one continues the search's own list.
    NOTE_ID.test(raw) && !q.cursor ? db().doc(`notes/${raw}`).get() : null,
  ]);
  const notes: (NoteView | SearchedNoteView)[] = await notesOfHits(result.hits, (d) =>
    canRead(caller, d),
  );
  const idNote = byId?.data();
  if (idNote && canRead(caller, idNote) && !notes.some((n) => n.id === raw)) {
    notes.unshift({ ...noteView(raw, idNote), snippet: null, page: null });
  }
  return {
    notes,
    total: result.total,
    nextCursor: result.nextCursor,
    ...(result.didYouMean ? { didYouMean: result.didYouMean } : {}),
  };
}

/**
 * Up to `max` suggestions for the search box (the search index): titles, subjects, courses and
 * colleges of approved notes matching what is typed, the last word as a prefix, titles first.
 */
export async function suggestions(typed: string, max: number): Promise<string[]> {
  return withSearchDb((client) => searchSuggestions(client, typed, max));
}

/**
 * Admin lists, a page at a time: every note, the pending ones, or one college's, newest first
 * from Firestore; or, with a search, the search index's matches (pending notes included, the
 * same approved/college filters, ranked by relevance) read back from Firestore, its cursor the
 * index's. A Firestore cursor is a note id, a search's is the index's: each mode reads its own.
 */
export async function adminNotesPage(
  filter: { approved?: boolean; college?: string; search?: string },
  page: PageRequest,
): Promise<Page<NoteView>> {
  if (filter.search?.trim()) {
    const result = await withSearchDb((client) =>
      search(client, {
        q: filter.search!,
        includePending: true,
        filters: { approved: filter.approved ?? null, college: filter.college ?? null },
        limit: page.limit,
        cursor: page.cursor,
      }),
    );
    // Firestore has the last word: a note approved or moved since it was indexed.
    const items = await notesOfHits(
      result.hits,
      (d) =>
        (filter.approved === undefined || (d['approved'] === true) === filter.approved) &&
        (filter.college === undefined || d['collegeName'] === filter.college),
    );
    return { items, next: result.nextCursor };
  }
  let query: Query = db().collection('notes');
  if (filter.approved !== undefined) query = query.where('approved', '==', filter.approved);
  if (filter.college !== undefined) query = query.where('collegeName', '==', filter.college);
  return pageOf('notes', query.orderBy('createdAt', 'desc'), page, noteView);
}

export async function reviewNote(id: string, approved: boolean): Promise<NoteView> {
  const ref = db().doc(`notes/${id}`);
  const before = await ref.get();
  if (!before.exists) throw new HttpError(404, NOTE_ERRORS.notFound);
  // The filter options follow from the note trigger (triggers/notes.ts).
  if (before.get('approved') !== approved) await ref.update({ approved });
  return noteView(id, (await ref.get()).data()!);
}
