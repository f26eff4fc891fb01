/**
 * What the server knows of a note's file (docs/data-model.md "Files"), read once when it lands:
 * `notes/{noteId}/files/{key}` (Admin SDK only; no client rule reaches it) holds
 * - verdict: 'ok', 'refused' (the bytes are not the declared type: the file was moved to
 *   `quarantine/` and is never served) or 'unreadable' (damaged; the note stays searchable by
 *   its fields);
 * - words: the file's distinct words, most frequent first, at most MAX_SEARCH_TERMS, which the
 *   search terms are made from: an edit of the title re-indexes without reading the file again;
 * - the thumbnail's path and download URL (`notes/{uid}/{noteId}/.thumbnails/{file}.webp`);
 * - pages, OCR'd pages, what a cap cut, and the time it took (for the log and the bench).
 * The record is for one generation of the object: a file re-uploaded in place is read again.
 * The seed makes the records of its demo files with the same code (readNoteFile).
 */
import { createHash } from 'node:crypto';
import {
  MAX_SEARCH_TERMS,
  NOTE_FILE_TYPES,
  noteFileTypeFor,
  wordsByFrequency,
  type NoteFileStatus,
} from '@notenest/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { bucket, db } from '../firebase.js';
import { ContentMismatchError, THUMBNAIL, readDocument } from './documents/read-document.js';
import { parseNoteFilePath, thumbnailPathOf } from './note-paths.js';
import { deleteFile, rotateDownloadToken, saveDerivedWithToken } from './storage.js';

export interface NoteFileRecord {
  path: string;
  generation: string;
  verdict: NoteFileStatus;
  words: string[];
  thumbnailPath: string | null;
  thumbnailUrl: string | null;
  reason: string | null;
}

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
function declaredType(contentType: string, name: string): string {
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
 * its record: verdict, words, thumbnail (stored by `saveThumbnail`) and the reading's figures.
 * Shared by the note-file trigger and the seed (lib/documents.js), so seeded files get the very
 * records uploaded ones do. A refused file is only judged here: moving it away is the caller's.
 */
export async function readNoteFile(
  path: string,
  generation: string,
  data: Buffer,
  contentType: string,
  saveThumbnail: SaveThumbnail,
): Promise<NoteFileDocument> {
  const parts = parseNoteFilePath(path);
  if (!parts) throw new Error(`${path}: not a note file`);
  const record: NoteFileRecord = {
    path,
    generation,
    verdict: 'ok',
    words: [],
    thumbnailPath: null,
    thumbnailUrl: null,
    reason: null,
  };
  let extra: Record<string, unknown> = {};
  try {
    const reading = await readDocument(data, declaredType(contentType, parts.name));
    record.words = wordsByFrequency(reading.text, MAX_SEARCH_TERMS);
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
  return { ...record, ...extra, noteId: parts.noteId };
}

/**
 * The record of the file at `path` as it is now: the stored one when it is of this generation,
 * otherwise the file is read (and refused, or thumbnailed) and the record written. Null when
 * the file does not exist (not uploaded yet, deleted, or already quarantined: its record says).
 */
export async function noteFileRecord(path: string): Promise<NoteFileRecord | null> {
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
  const record = await readNoteFile(path, generation, data, contentType, saveDerivedWithToken);
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
  return record;
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
