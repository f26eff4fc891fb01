/**
 * Duplicate uploads (docs/data-model.md "Duplicates"), both lookups index reads, never scans:
 * - exact: `fileHashes/{sha256}` {noteId, uploaderId, createdAt} names the note that first shared
 *   a file (written here only, in a transaction: the first writer wins). The facade refuses a
 *   file already shared (409 with the note's id); the note-file and note triggers mark a note
 *   whose file another note holds `duplicateOf: <noteId>` (a direct SDK upload: it stays pending,
 *   and the admin's review refuses to approve it, so it is never listed);
 * - near: `nearHashes/{noteId}` {noteId, bands, minhash, createdAt} holds the MinHash signature of
 *   a note's text with its LSH band keys (@notenest/shared duplicates.ts); one array-contains-any
 *   query on the band keys finds the candidates, and a note at least 90% similar to an older one
 *   is flagged `similarTo: {noteId, title, score}` for Pending Approvals, never refused.
 * Both collections are server-only but for a client's get of one hash document (firestore.rules):
 * the upload form refuses early with the same words.
 */
import { createHash } from 'node:crypto';
import {
  DUPLICATE_MESSAGES,
  NEAR_DUPLICATE_THRESHOLD,
  lshBandKeys,
  minhashSimilarity,
} from '@notenest/shared';
import { FieldPath, FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';

export const FILE_HASHES = 'fileHashes';
export const NEAR_HASHES = 'nearHashes';

/** Candidates read per lookup: copies of one text are few; the index bounds the rest. */
const MAX_CANDIDATES = 10;

export function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The 409 for a file already shared by another note than `exceptNoteId`, worded as `uid` may be
 * told: the note's title and id when they may read it (approved, or their own), otherwise only
 * that it awaits review. Null when the file is not shared (or its note is gone). One get.
 */
export async function alreadySharedError(
  sha256: string,
  uid: string,
  exceptNoteId?: string,
): Promise<HttpError | null> {
  const hash = (await db().doc(`${FILE_HASHES}/${sha256}`).get()).data();
  const noteId = hash?.['noteId'];
  if (typeof noteId !== 'string' || noteId === exceptNoteId) return null;
  const note = (await db().doc(`notes/${noteId}`).get()).data();
  if (!note) return null;
  if (note['approved'] === true || note['uploaderId'] === uid)
    return new HttpError(409, DUPLICATE_MESSAGES.alreadyShared(String(note['title'])), undefined, {
      noteId,
    });
  return new HttpError(409, DUPLICATE_MESSAGES.awaitingReview);
}

/**
 * Claims the file `sha256` for note `noteId`: the first writer wins. Resolves to the note that
 * holds it (`noteId` itself when it won; a hash whose note is gone is taken over). The note's
 * hashes of files it no longer has are released.
 */
export async function claimFileHash(
  sha256: string,
  noteId: string,
  uploaderId: string,
): Promise<string> {
  const ref = db().doc(`${FILE_HASHES}/${sha256}`);
  const holder = await db().runTransaction(async (tx) => {
    const other = (await tx.get(ref)).get('noteId') as unknown;
    if (other === noteId) return noteId;
    if (typeof other === 'string' && (await tx.get(db().doc(`notes/${other}`))).exists)
      return other;
    // A note deleted meanwhile claims nothing (its cascade may have run already).
    if (!(await tx.get(db().doc(`notes/${noteId}`))).exists) return noteId;
    tx.set(ref, { noteId, uploaderId, createdAt: FieldValue.serverTimestamp() });
    return noteId;
  });
  await releaseFileHashes(noteId, sha256);
  return holder;
}

/** Deletes the hash documents naming `noteId` (but `keep`): an indexed query, not a scan. */
export async function releaseFileHashes(noteId: string, keep?: string): Promise<void> {
  const held = await db().collection(FILE_HASHES).where('noteId', '==', noteId).select().get();
  await Promise.all(held.docs.filter((d) => d.id !== keep).map((d) => d.ref.delete()));
}

/** A deleted note's duplicate index documents (services/cascade.ts). */
export async function deleteDuplicateIndex(noteId: string): Promise<void> {
  await Promise.all([releaseFileHashes(noteId), db().doc(`${NEAR_HASHES}/${noteId}`).delete()]);
}

export interface SimilarNote {
  noteId: string;
  title: string;
  score: number;
}

function millisOf(v: unknown): number {
  const t = v as { toMillis?: () => number } | null | undefined;
  return t && typeof t.toMillis === 'function' ? t.toMillis() : Number.MAX_SAFE_INTEGER;
}

/**
 * The older note most similar to `minhash` (at least NEAR_DUPLICATE_THRESHOLD), from the notes
 * that share one of its LSH bands: one indexed query of at most MAX_CANDIDATES documents.
 */
export async function similarNoteOf(
  noteId: string,
  note: DocumentData,
  minhash: number[],
): Promise<SimilarNote | null> {
  const candidates = await db()
    .collection(NEAR_HASHES)
    .where('bands', 'array-contains-any', lshBandKeys(minhash))
    .limit(MAX_CANDIDATES + 1)
    .get();
  const scored = candidates.docs
    .filter((d) => d.id !== noteId)
    .map((d) => ({ id: d.id, score: minhashSimilarity(minhash, d.get('minhash') as number[]) }))
    .filter((c) => c.score >= NEAR_DUPLICATE_THRESHOLD)
    .sort((a, b) => b.score - a.score);
  if (!scored.length) return null;
  const notes = await db()
    .collection('notes')
    .where(
      FieldPath.documentId(),
      'in',
      scored.slice(0, MAX_CANDIDATES).map((c) => c.id),
    )
    .get();
  const byId = new Map(notes.docs.map((d) => [d.id, d.data()]));
  // The copy is flagged, not the original: only a note older than this one counts.
  const own = millisOf(note['createdAt']);
  for (const c of scored) {
    const other = byId.get(c.id);
    if (other && millisOf(other['createdAt']) <= own)
      return { noteId: c.id, title: String(other['title'] ?? ''), score: c.score };
  }
  return null;
}

/** What the server records of a note's file for duplicates (services/note-files.ts). */
export interface DuplicateKeys {
  path: string;
  verdict: string;
  sha256?: string | null;
  minhash?: number[] | null;
}

/**
 * The triggers' part, once the note's file was read (`file`: its record, or null when the note
 * has no file of ours yet): claims its hash or marks the note `duplicateOf` the holder; flags it
 * `similarTo` an older similar note and indexes its bands. Written only when changed, in a
 * transaction that checks the note still names that file (a newer edit's own event handles
 * that one). Repeated or late events find nothing to do.
 */
export async function checkDuplicates(noteId: string, file: DuplicateKeys | null): Promise<void> {
  const ref = db().doc(`notes/${noteId}`);
  const note = (await ref.get()).data();
  if (!note) return;
  const path = note['filePath'];
  const hasPath = typeof path === 'string' && path !== '';
  // A file not read yet: its own event comes.
  if (hasPath && file?.path !== path) return;
  const usable = hasPath && file && file.verdict !== 'refused';

  let duplicateOf: string | null = null;
  if (usable && file.sha256) {
    const holder = await claimFileHash(file.sha256, noteId, String(note['uploaderId']));
    if (holder !== noteId) duplicateOf = holder;
  } else {
    await releaseFileHashes(noteId);
  }
  const near = db().doc(`${NEAR_HASHES}/${noteId}`);
  const minhash = usable && !duplicateOf && file.minhash ? file.minhash : null;
  const similarTo = minhash ? await similarNoteOf(noteId, note, minhash) : null;
  const duplicateTitle = duplicateOf
    ? String((await db().doc(`notes/${duplicateOf}`).get()).get('title') ?? '')
    : null;

  const current = await db().runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now || now['filePath'] !== note['filePath']) return false;
    const same =
      (now['duplicateOf'] ?? null) === duplicateOf &&
      (now['duplicateOfTitle'] ?? null) === duplicateTitle &&
      JSON.stringify(now['similarTo'] ?? null) === JSON.stringify(similarTo);
    if (!same)
      tx.update(ref, {
        duplicateOf: duplicateOf ?? FieldValue.delete(),
        duplicateOfTitle: duplicateTitle ?? FieldValue.delete(),
        similarTo: similarTo ?? FieldValue.delete(),
      });
    return true;
  });
  if (!current) return;
  // Last, once the note's flags are written (a reader waiting for it finds them final). A copy
  // is not indexed: later copies are flagged against the original.
  if (minhash)
    await near.set({
      noteId,
      bands: lshBandKeys(minhash),
      minhash,
      createdAt: FieldValue.serverTimestamp(),
    });
  else await near.delete();
}

/**
 * The admin's review: a note marked a copy of a note that still exists cannot be approved (it
 * would be listed twice); the admin deletes it. A copy of a deleted note may be.
 */
export async function refuseApprovingCopy(note: DocumentData): Promise<void> {
  const original = note['duplicateOf'];
  if (typeof original !== 'string' || original === '') return;
  const other = (await db().doc(`notes/${original}`).get()).data();
  if (other) throw new HttpError(409, DUPLICATE_MESSAGES.cannotApprove(String(other['title'])));
}
