/**
 * Search indexing (docs/data-model.md "Search"): `notes.searchTerms` from the note's fields and
 * the words inside its file, through the shared tokenizer. Only files in our bucket are read
 * (filePath); a note that links an outside URL is indexed by its fields, because fetching
 * arbitrary URLs from the server would let any uploader make it request internal addresses.
 * Extraction failures are logged and the note stays searchable by its fields.
 */
import { searchTermsFor } from '@notenest/shared';
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { readFile } from './storage.js';
import { extractText } from './text-extract.js';

export interface IndexResult {
  terms: number;
  /** True when words of the file went into the index. */
  fileIndexed: boolean;
}

/** The file text of a note, or null (no file of ours, unreadable type, extraction failed). */
export async function noteFileText(noteId: string, note: DocumentData): Promise<string | null> {
  const path = note['filePath'];
  if (typeof path !== 'string' || path === '') return null;
  // Only this note's own folder: a client-written filePath could name someone else's file.
  if (!path.startsWith(`notes/${String(note['uploaderId'])}/${noteId}/`)) {
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

/** Writes searchTerms for the note from its fields and (when given or readable) its file text. */
export async function indexNote(noteId: string, fileText?: string | null): Promise<IndexResult> {
  const ref = db().doc(`notes/${noteId}`);
  const snap = await ref.get();
  const note = snap.data();
  if (!note) throw new Error(`note ${noteId} not found`);
  const text = fileText === undefined ? await noteFileText(noteId, note) : fileText;
  const terms = searchTermsFor(note, text);
  await ref.update({ searchTerms: terms });
  return { terms: terms.length, fileIndexed: !!text && text.trim() !== '' };
}
