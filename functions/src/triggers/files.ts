/**
 * A note's file landing in Storage (onObjectFinalized): when the note already names this file
 * (a client that wrote the note before its upload finished, or a file re-uploaded in place), the
 * note is indexed now that the bytes exist. The usual order (file first, then the note) is
 * indexed by the note trigger; this one finds the terms already current and writes nothing.
 */
import { db } from '../firebase.js';
import { indexNote } from '../services/indexing.js';

const NOTE_FILE = /^notes\/([^/]+)\/([^/]+)\/[^/]+$/;

export async function onNoteFileFinalized(objectName: string): Promise<void> {
  const m = NOTE_FILE.exec(objectName);
  if (!m) return;
  const [, uid, noteId] = m as unknown as [string, string, string];
  const note = (await db().doc(`notes/${noteId}`).get()).data();
  if (!note || note['uploaderId'] !== uid || note['filePath'] !== objectName) return;
  await indexNote(noteId);
}
