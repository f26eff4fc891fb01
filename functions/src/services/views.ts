/**
 * The JSON shapes the facade answers with. Spec section 3 names ids `_id` (its original backend
 * was MongoDB) while Firestore clients say `id`: both are sent. Timestamps become ISO strings.
 * Notes carry `uploader: { _id, username }` and `subject` because the spec's admin views read
 * those; `filePath` stays server-side.
 */
import type { NoteFileStatus } from '@notenest/shared';
import type { DocumentData } from 'firebase-admin/firestore';

export function iso(v: unknown): string | null {
  const t = v as { toDate?: () => Date } | null | undefined;
  return t && typeof t.toDate === 'function' ? t.toDate().toISOString() : null;
}

export interface UserView {
  _id: string;
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  role: 'user' | 'admin';
  createdAt: string | null;
  notesCount: number;
  /** Notes removed for copyright (issue 30): at 3 the user cannot upload until it is lifted. */
  copyrightStrikes: number;
}

export function userView(id: string, d: DocumentData): UserView {
  return {
    _id: id,
    id,
    username: String(d['username'] ?? ''),
    email: String(d['email'] ?? ''),
    avatar: typeof d['avatar'] === 'string' ? d['avatar'] : null,
    role: d['role'] === 'admin' ? 'admin' : 'user',
    createdAt: iso(d['createdAt']),
    notesCount: typeof d['notesCount'] === 'number' ? d['notesCount'] : 0,
    copyrightStrikes: typeof d['copyrightStrikes'] === 'number' ? d['copyrightStrikes'] : 0,
  };
}

export function noteView(id: string, d: DocumentData) {
  const uploaderName = String(d['uploaderName'] ?? '');
  return {
    _id: id,
    id,
    title: d['title'] as string,
    description: (d['description'] as string | undefined) ?? '',
    collegeName: d['collegeName'] as string,
    courseName: d['courseName'] as string,
    subjectName: d['subjectName'] as string,
    subject: d['subjectName'] as string,
    batch: d['batch'] as string,
    semester: d['semester'] as number,
    fileUrl: d['fileUrl'] as string,
    fileName: (d['fileName'] as string | null | undefined) ?? null,
    fileType: (d['fileType'] as string | null | undefined) ?? null,
    fileSize: (d['fileSize'] as number | null | undefined) ?? null,
    thumbnailUrl: (d['thumbnailUrl'] as string | null | undefined) ?? null,
    fileStatus: (d['fileStatus'] as NoteFileStatus | null | undefined) ?? null,
    uploaderId: d['uploaderId'] as string,
    uploaderName,
    uploader: { _id: d['uploaderId'] as string, username: uploaderName || 'Unknown' },
    approved: d['approved'] === true,
    likesCount: (d['likesCount'] as number | undefined) ?? 0,
    downloadCount: (d['downloadCount'] as number | undefined) ?? 0,
    commentsCount: (d['commentsCount'] as number | undefined) ?? 0,
    createdAt: iso(d['createdAt']),
    updatedAt: iso(d['updatedAt']),
    // Duplicates, for Pending Approvals (services/duplicates.ts; server-written only).
    duplicateOf:
      typeof d['duplicateOf'] === 'string'
        ? { noteId: d['duplicateOf'], title: String(d['duplicateOfTitle'] ?? '') }
        : null,
    similarTo: similarOf(d['similarTo']),
  };
}

function similarOf(v: unknown): { noteId: string; title: string; score: number } | null {
  const s = v as { noteId?: unknown; title?: unknown; score?: unknown } | null | undefined;
  if (!s || typeof s.noteId !== 'string') return null;
  return { noteId: s.noteId, title: String(s.title ?? ''), score: Number(s.score ?? 0) };
}
export type NoteView = ReturnType<typeof noteView>;

/** A view's keys, in a fixed order: what tells a stored view of an older shape (isNoteView). */
const NOTE_VIEW_KEYS = Object.keys(noteView('', {})).sort().join();

/**
 * Whether `v` is a note view of today's shape: a card the search index stored (search-sync.ts)
 * when noteView had other fields is not, and its note is read from Firestore instead.
 */
export function isNoteView(v: unknown): v is NoteView {
  return typeof v === 'object' && v !== null && Object.keys(v).sort().join() === NOTE_VIEW_KEYS;
}

export function commentView(id: string, d: DocumentData) {
  return {
    _id: id,
    id,
    text: d['text'] as string,
    authorId: d['authorId'] as string,
    username: (d['username'] as string | undefined) || 'Anonymous User',
    commentedAt: iso(d['commentedAt']),
    editedAt: iso(d['editedAt']),
  };
}
