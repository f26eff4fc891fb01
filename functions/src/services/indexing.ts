/**
 * What the server derives from a note's file into the note (docs/data-model.md "Files"): the
 * file's verdict (`fileStatus`) and thumbnail (`thumbnailUrl`), written by the note trigger
 * (triggers/notes.ts) and the note-file trigger, never by a client. Only files in our bucket are
 * read (filePath); a note that links an outside URL has neither, because fetching arbitrary URLs
 * from the server would let any uploader make it request internal addresses. A file that cannot
 * be read is logged and the note stays searchable by its fields. The search index itself is kept
 * by services/search-sync.ts, which takes the file's text from the record read here.
 */
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { noteFileRecord, type FreshNoteFileRecord, type NoteFileRecord } from './note-files.js';
import { isNoteFile } from './note-paths.js';

/** What the server read of the note's file, or null (no file of ours, or not uploaded yet). */
async function noteFile(
  noteId: string,
  note: DocumentData,
  known?: FreshNoteFileRecord,
): Promise<FreshNoteFileRecord | null> {
  const path = note['filePath'];
  if (typeof path !== 'string' || path === '') return null;
  if (!isNoteFile(noteId, note, path)) {
    console.warn(`index: note ${noteId}: filePath outside the note's folder, not read`);
    return null;
  }
  return known?.path === path ? known : noteFileRecord(path);
}

/** The fields the server owns: the file's verdict and thumbnail. */
function derivedFields(file: NoteFileRecord | null) {
  return {
    fileStatus: file?.verdict ?? null,
    thumbnailUrl: file?.verdict === 'ok' ? file.thumbnailUrl : null,
  };
}

/** The note fields that name its file. */
const FILE_FIELDS = ['filePath', 'fileType'] as const;

function fileFieldsDiffer(a: DocumentData | undefined, b: DocumentData): boolean {
  return FILE_FIELDS.some((f) => JSON.stringify(a?.[f]) !== JSON.stringify(b[f]));
}

/**
 * Whether a note change calls for (re)reading what its file gives the note: a note never checked
 * (no fileStatus yet), or one whose file changed. The write of those fields changes nothing that
 * calls for another.
 */
export function needsIndexing(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): boolean {
  if (!after) return false;
  return after['fileStatus'] === undefined || fileFieldsDiffer(before, after);
}

function sameFields(now: DocumentData, fields: ReturnType<typeof derivedFields>): boolean {
  // Exactly: a note without the fields yet gets them (null), so it is not checked again.
  return now['fileStatus'] === fields.fileStatus && now['thumbnailUrl'] === fields.thumbnailUrl;
}

/**
 * Writes fileStatus and thumbnailUrl for the note as it is now (read fresh, so a late or repeated
 * event never writes those of an older version) from what was read of its file
 * (services/note-files.ts: read once per file, not per edit). The write is skipped when they
 * are already those, and made in a transaction that checks the file did not change meanwhile (a
 * newer edit's own event handles that one). `known`: the record of the note's file, when the
 * caller has just made it (the note-file trigger). Resolves to the file's record (with its text
 * when it was read just now), for the search index; null without a file of ours.
 */
export async function indexNote(
  noteId: string,
  known?: FreshNoteFileRecord,
): Promise<FreshNoteFileRecord | null> {
  const ref = db().doc(`notes/${noteId}`);
  const note = (await ref.get()).data();
  if (!note) return null;
  const file = await noteFile(noteId, note, known);
  const fields = derivedFields(file);
  await db().runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now || fileFieldsDiffer(note, now) || sameFields(now, fields)) return;
    tx.update(ref, fields);
  });
  return file;
}
