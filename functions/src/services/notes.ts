/**
 * Notes as a reader sees them: who may read a note (the data model's visibility: approved notes
 * for everyone; pending ones for their uploader and admins), a note's page and a user's uploads.
 * The rest of the notes service lives beside it, one concern a file: note-writes.ts (create and
 * update through the facade), saved-notes.ts, note-search.ts (Browse and its suggestions) and
 * note-review.ts (the admin lists and approval).
 */
import { NOTE_MESSAGES, REPORT_MESSAGES } from '@notenest/shared';
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import type { Caller } from '../http/auth.js';
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

/**
 * The note when `caller` may read it; 404 otherwise (a pending note's existence is not told).
 * A note reports took out of public view answers 410 "This note is under review" instead: it
 * was public, so its id and existence are known already, and the note page says why it is gone
 * (issue 30) without anything of the note itself.
 */
export async function readableNote(caller: Caller | null, id: string): Promise<DocumentData> {
  const d = (await db().doc(`notes/${id}`).get()).data();
  if (d && !canRead(caller, d) && d['underReview'] === true)
    throw new HttpError(410, REPORT_MESSAGES.underReview);
  if (!d || !canRead(caller, d)) throw new HttpError(404, NOTE_ERRORS.notFound);
  return d;
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

/** A user's uploads: all of them for the user and admins, the approved ones for others. */
export async function uploadsOf(caller: Caller | null, uid: string): Promise<NoteView[]> {
  const snap = await db()
    .collection('notes')
    .where('uploaderId', '==', uid)
    .orderBy('createdAt', 'desc')
    .get();
  return snap.docs.filter((d) => canRead(caller, d.data())).map((d) => noteView(d.id, d.data()));
}
