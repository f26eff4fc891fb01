/**
 * Search indexing (docs/data-model.md "Search"): `notes.searchTerms` from the note's fields and
 * the words inside its file, through the shared tokenizer, written by the note trigger
 * (triggers/notes.ts) and the note-file trigger, never by a client, with the file's verdict
 * (`fileStatus`) and thumbnail (`thumbnailUrl`). Only files in our bucket are
 * read (filePath); a note that links an outside URL is indexed by its fields, because fetching
 * arbitrary URLs from the server would let any uploader make it request internal addresses.
 * A file that cannot be read is logged and the note stays searchable by its fields.
 */
import { searchTermsFor, titleTermsFor } from '@notenest/shared';
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { noteFileRecord, type NoteFileRecord } from './note-files.js';
import { isNoteFile } from './note-paths.js';

/** What the server read of the note's file, or null (no file of ours, or not uploaded yet). */
async function noteFile(
  noteId: string,
  note: DocumentData,
  known?: NoteFileRecord,
): Promise<NoteFileRecord | null> {
  const path = note['filePath'];
  if (typeof path !== 'string' || path === '') return null;
  if (!isNoteFile(noteId, note, path)) {
    console.warn(`index: note ${noteId}: filePath outside the note's folder, not read`);
    return null;
  }
  return known?.path === path ? known : noteFileRecord(path);
}

/** The fields the indexer owns: terms, and the file's verdict and thumbnail. */
function derivedFields(note: DocumentData, file: NoteFileRecord | null) {
  return {
    searchTerms: searchTermsFor(note, file?.verdict === 'ok' ? file.words.join(' ') : null),
    titleTerms: titleTermsFor(note),
    fileStatus: file?.verdict ?? null,
    thumbnailUrl: file?.verdict === 'ok' ? file.thumbnailUrl : null,
  };
}

/** The note fields the search terms are made from (the file is named by filePath). */
const INDEXED_FIELDS = [
  'title',
  'description',
  'subjectName',
  'courseName',
  'collegeName',
  'uploaderName',
  'filePath',
  'fileType',
] as const;

/** Whether any field the terms are made from differs between two versions of a note. */
function indexedFieldsDiffer(a: DocumentData | undefined, b: DocumentData): boolean {
  return INDEXED_FIELDS.some((f) => JSON.stringify(a?.[f]) !== JSON.stringify(b[f]));
}

/**
 * Whether a note change calls for (re)indexing: a note without terms, or one whose indexed fields
 * changed. The indexer's own write changes derived fields only, so it does not call for another.
 */
export function needsIndexing(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): boolean {
  if (!after) return false;
  return (
    !Array.isArray(after['searchTerms']) ||
    !Array.isArray(after['titleTerms']) ||
    indexedFieldsDiffer(before, after)
  );
}

function sameList(a: unknown, b: string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((t, i) => t === b[i]);
}

function sameFields(now: DocumentData, fields: ReturnType<typeof derivedFields>): boolean {
  return (
    sameList(now['searchTerms'], fields.searchTerms) &&
    sameList(now['titleTerms'], fields.titleTerms) &&
    (now['fileStatus'] ?? null) === fields.fileStatus &&
    (now['thumbnailUrl'] ?? null) === fields.thumbnailUrl
  );
}

/**
 * Writes searchTerms, fileStatus and thumbnailUrl for the note as it is now (read fresh, so a
 * late or repeated event never writes those of an older version) from its fields and what was
 * read of its file (services/note-files.ts: read once per file, not per edit). The write is
 * skipped when they are already those, and made in a transaction that checks the indexed fields
 * did not change meanwhile (a newer edit's own event indexes that one). `known`: the record of
 * the note's file, when the caller has just made it (the note-file trigger). True when written.
 */
export async function indexNote(noteId: string, known?: NoteFileRecord): Promise<boolean> {
  const ref = db().doc(`notes/${noteId}`);
  const note = (await ref.get()).data();
  if (!note) return false;
  const fields = derivedFields(note, await noteFile(noteId, note, known));
  return db().runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now || indexedFieldsDiffer(note, now) || sameFields(now, fields)) return false;
    tx.update(ref, fields);
    return true;
  });
}
