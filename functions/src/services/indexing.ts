/**
 * Search indexing (docs/data-model.md "Search"): `notes.searchTerms` from the note's fields and
 * the words inside its file, through the shared tokenizer, written by the note trigger
 * (triggers/notes.ts) and the note-file trigger, never by a client. Only files in our bucket are
 * read (filePath); a note that links an outside URL is indexed by its fields, because fetching
 * arbitrary URLs from the server would let any uploader make it request internal addresses.
 * Extraction failures are logged and the note stays searchable by its fields.
 */
import { searchTermsFor } from '@notenest/shared';
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { isNoteFile, readFile } from './storage.js';
import { extractText } from './text-extract.js';

/** The file text of a note, or null (no file of ours, unreadable type, extraction failed). */
async function noteFileText(noteId: string, note: DocumentData): Promise<string | null> {
  const path = note['filePath'];
  if (typeof path !== 'string' || path === '') return null;
  if (!isNoteFile(noteId, note, path)) {
    console.warn(`index: note ${noteId}: filePath outside the note's folder, not read`);
    return null;
  }
  try {
    const data = await readFile(path);
    return extractText(data, (note['fileType'] as string | null) ?? null);
  } catch (err) {
    console.warn(`index: note ${noteId}: could not read ${path}: ${(err as Error).message}`);
    return null;
  }
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
 * changed. The indexer's own write changes searchTerms only, so it does not call for another.
 */
export function needsIndexing(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): boolean {
  if (!after) return false;
  return !Array.isArray(after['searchTerms']) || indexedFieldsDiffer(before, after);
}

function sameTerms(a: unknown, b: string[]): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Writes searchTerms for the note as it is now (read fresh, so a late or repeated event never
 * writes terms of an older version) from its fields and its file's text. The write is skipped
 * when the terms are already those, and made in a transaction that checks the indexed fields
 * did not change meanwhile (a newer edit's own event indexes that one). True when written.
 */
export async function indexNote(noteId: string): Promise<boolean> {
  const ref = db().doc(`notes/${noteId}`);
  const note = (await ref.get()).data();
  if (!note) return false;
  const terms = searchTermsFor(note, await noteFileText(noteId, note));
  return db().runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now || indexedFieldsDiffer(note, now) || sameTerms(now['searchTerms'], terms))
      return false;
    tx.update(ref, { searchTerms: terms });
    return true;
  });
}
