/**
 * What the server knows of a note's file (docs/data-model.md "Files"), read once when it lands:
 * `notes/{noteId}/files/{key}` (Admin SDK only; no client rule reaches it) holds
 * - verdict: 'ok', 'refused' (the bytes are not the declared type: the file was moved to
 *   `quarantine/` and is never served) or 'unreadable' (damaged; the note stays searchable by
 *   its fields);
 * - the thumbnail's path and download URL (`notes/{uid}/{noteId}/.thumbnails/{file}.webp`);
 * - pages, OCR'd pages, what a cap cut, and the time it took (for the log and the bench).
 * The record is for one generation of the object: a file re-uploaded in place is read again.
 * The file's full text is not kept here (up to 2 M characters, past a document's size): it goes
 * to the search index (services/search-sync.ts) when the file is read, keyed by the generation,
 * and is read again from the file only when the index lacks that generation (a rebuild).
 * The seed makes the records of its demo files with the same code (readNoteFile).
 */
import { createHash } from 'node:crypto';
import { NOTE_FILE_TYPES, minhashOf, noteFileTypeFor, type NoteFileStatus } from '@notenest/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { bucket, db } from '../firebase.js';
import {
  ContentMismatchError,
  THUMBNAIL,
  readDocument,
  type DocumentReading,
} from './documents/read-document.js';
import { sha256Of } from './duplicates.js';
import { parseNoteFilePath, thumbnailPathOf } from './note-paths.js';
import { deleteFile, rotateDownloadToken, saveDerivedWithToken } from './storage.js';

export interface NoteFileRecord {
  path: string;
  generation: string;
  verdict: NoteFileStatus;
  thumbnailPath: string | null;
  thumbnailUrl: string | null;
  reason: string | null;
  /**
   * For duplicates (services/duplicates.ts): the bytes' SHA-256 and the text's MinHash signature
   * (null: too little text), kept here so the note trigger finds them when the file landed first.
   * Absent in records read before duplicates were checked.
   */
  sha256?: string;
  minhash?: number[] | null;
}

/**
 * A file's text as the search index takes it (search/indexer.ts upsertNoteText): a PDF's pages
 * (`paged`: a hit names page i + 1), or the whole text as one page for files without pages.
 */
export interface NoteText {
  pages: string[];
  paged: boolean;
}

/** No text: a file refused, unreadable, or without words. */
const NO_TEXT: NoteText = { pages: [], paged: false };

function noteTextOf(reading: DocumentReading): NoteText {
  if (reading.pageTexts) return { pages: reading.pageTexts, paged: true };
  return reading.text.trim() ? { pages: [reading.text], paged: false } : NO_TEXT;
}

/** A record just made from the file's bytes, with the text read from them (not stored). */
export type FreshNoteFileRecord = NoteFileRecord & { text?: NoteText };

/**
 * The id of a file's record under its note: a hash of its path (a path may hold '/', and is
 * longer than an id should be). The seed writes its records under the same ids.
 */
export function fileRecordKey(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, 40);
}

function recordRef(noteId: string, path: string) {
  return db().doc(`notes/${noteId}/files/${fileRecordKey(path)}`);
}

/**
 * The type a stored file claims: its content type when that is a note type (storage.rules make
 * direct uploads say one), else its name's extension (files written by other means). '' when
 * neither names a note type: such bytes match nothing and are refused.
 */
export function declaredType(contentType: string, name: string): string {
  const bare = contentType.split(';')[0]!.trim().toLowerCase();
  if ((Object.values(NOTE_FILE_TYPES) as string[]).includes(bare)) return bare;
  return noteFileTypeFor(name) ?? '';
}

/**
 * Stores a thumbnail made from a file (`source`: the file's path and generation) and returns its
 * download URL: saveDerivedWithToken for the trigger; the seed stores one with a fixed token.
 */
export type SaveThumbnail = (
  path: string,
  data: Buffer,
  contentType: string,
  source: string,
) => Promise<string>;

/** A file's record as stored, but for readAt (server time, or the seed's fixed time). */
export type NoteFileDocument = NoteFileRecord & { noteId: string } & Record<string, unknown>;

/**
 * Reads the bytes of the note file at `path` (its `generation`, stored with `contentType`) into
 * its record: verdict, thumbnail (stored by `saveThumbnail`) and the reading's figures,
 * and its text for the search index (a PDF's page by page; none when refused or unreadable).
 * Shared by the note-file trigger and the seed (lib/documents.js), so seeded files get the very
 * records uploaded ones do. A refused file is only judged here: moving it away is the caller's.
 */
export async function readNoteFile(
  path: string,
  generation: string,
  data: Buffer,
  contentType: string,
  saveThumbnail: SaveThumbnail,
): Promise<{ record: NoteFileDocument; text: NoteText }> {
  const parts = parseNoteFilePath(path);
  if (!parts) throw new Error(`${path}: not a note file`);
  const record: NoteFileRecord = {
    path,
    generation,
    verdict: 'ok',
    thumbnailPath: null,
    thumbnailUrl: null,
    reason: null,
  };
  let extra: Record<string, unknown> = {};
  let text = NO_TEXT;
  record.sha256 = sha256Of(data);
  try {
    const reading = await readDocument(data, declaredType(contentType, parts.name));
    text = noteTextOf(reading);
    if (reading.thumbnail) {
      record.thumbnailPath = thumbnailPathOf(path);
      record.thumbnailUrl = await saveThumbnail(
        record.thumbnailPath,
        reading.thumbnail,
        THUMBNAIL.contentType,
        `${path}#${generation}`,
      );
    }
    extra = {
      minhash: minhashOf(text.pages.join('\n')),
      pages: reading.pages,
      ocrPages: reading.ocrPages,
      truncated: reading.truncated,
      millis: reading.millis,
      bytes: data.length,
    };
    if (reading.truncated) console.warn(`extract: ${path}: ${reading.truncated}`);
  } catch (err) {
    record.reason = (err as Error).message;
    if (err instanceof ContentMismatchError) {
      record.verdict = 'refused';
    } else {
      record.verdict = 'unreadable';
      console.warn(
        `extract: ${path}: cannot be read, indexed by its note's fields: ${record.reason}`,
      );
    }
  }
  return { record: { ...record, ...extra, noteId: parts.noteId }, text };
}

/**
 * The text of the note file at `path` as it is now, read again from its bytes (no thumbnail, no
 * record written): for an index that lacks the file's generation (a rebuild, a catch-up). Null
 * when the file does not exist; no text when its bytes are refused or cannot be read.
 */
export async function readNoteFileText(
  path: string,
): Promise<{ generation: string; text: NoteText } | null> {
  const parts = parseNoteFilePath(path);
  if (!parts) return null;
  const file = bucket().file(path);
  let data: Buffer;
  let meta: { generation?: unknown; contentType?: unknown };
  try {
    [meta] = await file.getMetadata();
    // A newer upload in between is indexed by its own event (a newer generation wins there).
    [data] = await file.download();
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return null;
    throw err;
  }
  const generation = String(meta.generation);
  try {
    const type = declaredType(String(meta.contentType ?? ''), parts.name);
    return { generation, text: noteTextOf(await readDocument(data, type, { thumbnail: false })) };
  } catch (err) {
    console.warn(`extract: ${path}: no text for the search index: ${(err as Error).message}`);
    return { generation, text: NO_TEXT };
  }
}

/**
 * The record of the file at `path` as it is now: the stored one when it is of this generation,
 * otherwise the file is read (and refused, or thumbnailed) and the record written. Null when
 * the file does not exist (not uploaded yet, deleted, or already quarantined: its record says).
 */
export async function noteFileRecord(path: string): Promise<FreshNoteFileRecord | null> {
  const parts = parseNoteFilePath(path);
  if (!parts) return null;
  const ref = recordRef(parts.noteId, path);
  const file = bucket().file(path);
  let generation: string;
  let contentType: string;
  let customMetadata: Record<string, unknown>;
  try {
    const [meta] = await file.getMetadata();
    generation = String(meta.generation);
    contentType = String(meta.contentType ?? '');
    customMetadata = (meta.metadata ?? {}) as Record<string, unknown>;
  } catch (err) {
    if ((err as { code?: unknown }).code !== 404) throw err;
    const stored = (await ref.get()).data() as NoteFileRecord | undefined;
    return stored?.verdict === 'refused' ? stored : null;
  }
  const stored = (await ref.get()).data() as NoteFileRecord | undefined;
  if (stored && stored.generation === generation) return stored;

  const [data] = await file.download();
  const { record, text } = await readNoteFile(
    path,
    generation,
    data,
    contentType,
    saveDerivedWithToken,
  );
  if (record.verdict === 'refused') {
    // Kept for an admin to look at, where no rule and no token reaches it; never served. A
    // copy keeps the original's custom metadata, its download token with it (the link the
    // uploader holds would serve the quarantined bytes), unless it is given its own: so it is
    // given the original's without the token, and says where it came from.
    const { firebaseStorageDownloadTokens: _token, ...kept } = customMetadata;
    await file.copy(bucket().file(`quarantine/${path}`), {
      contentType: contentType || undefined,
      metadata: { ...kept, quarantinedFrom: path },
    });
    await deleteFile(path);
    console.warn(`extract: ${path}: refused and quarantined: ${record.reason}`);
  }
  await ref.set({ ...record, readAt: FieldValue.serverTimestamp() });
  return { ...record, text };
}

/** The stored record of the note file at `path` (whatever its generation), or null. */
export async function storedNoteFileRecord(path: string): Promise<NoteFileRecord | null> {
  const parts = parseNoteFilePath(path);
  if (!parts) return null;
  return ((await recordRef(parts.noteId, path).get()).data() as NoteFileRecord | undefined) ?? null;
}

/**
 * A new download token for the file's thumbnail (when its note leaves public view, as for the
 * file itself: services/file-links.ts), recorded so the indexer writes the new URL; returns it.
 */
export async function rotateThumbnailToken(path: string): Promise<string | null> {
  const parts = parseNoteFilePath(path);
  if (!parts) return null;
  const ref = recordRef(parts.noteId, path);
  const record = (await ref.get()).data() as NoteFileRecord | undefined;
  if (!record?.thumbnailPath) return null;
  const url = await rotateDownloadToken(record.thumbnailPath);
  await ref.update({ thumbnailUrl: url });
  return url;
}
