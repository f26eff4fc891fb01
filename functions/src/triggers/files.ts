/**
 * A note's file landing in Storage (onObjectFinalized), however it came (the facade, or the web
 * SDK straight to Storage): it is read once here (services/note-files.ts): bytes that are not
 * its declared type are quarantined and never served; otherwise its words and thumbnail are
 * recorded. When the note already names this file (a client that wrote the note before its
 * upload finished, or a file re-uploaded in place), the note is indexed now that the bytes
 * exist: its verdict and thumbnail, and the file's text in the search index. The usual order
 * (file first, then the note) is indexed by the note trigger, which finds the file's record
 * ready (and reads the text again for the index: the note did not exist to key it by).
 * Either way the file's hash and text signature are checked for duplicates
 * (services/duplicates.ts).
 */
import { db } from '../firebase.js';
import { checkDuplicates } from '../services/duplicates.js';
import { indexNote } from '../services/indexing.js';
import { orBacklog, syncNote } from '../services/search-sync.js';
import { noteFileRecord } from '../services/note-files.js';
import { parseNoteFilePath } from '../services/note-paths.js';

export async function onNoteFileFinalized(objectName: string): Promise<void> {
  const parts = parseNoteFilePath(objectName);
  if (!parts) return;
  const record = await noteFileRecord(objectName);
  const note = (await db().doc(`notes/${parts.noteId}`).get()).data();
  if (!note || note['uploaderId'] !== parts.uid || note['filePath'] !== objectName) return;
  const known = await indexNote(parts.noteId, record ?? undefined);
  // A copy of a shared file is marked (a direct SDK upload skips the facade's refusal).
  await Promise.all([
    orBacklog(parts.noteId, () => syncNote(parts.noteId, { known })),
    checkDuplicates(parts.noteId, known),
  ]);
}
