/** Saved notes (the spec's Archive): users/{uid}/saved/{noteId}, read back as notes. */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import type { Caller } from '../http/auth.js';
import { canRead, readableNote } from './notes.js';
import { noteView, type NoteView } from './views.js';

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
