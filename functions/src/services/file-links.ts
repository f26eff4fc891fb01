/**
 * What a note's file link reaches (docs/data-model.md "Download tokens"). A Storage download URL
 * carries a token that lets anyone holding the URL read that one object, with no rules check, for
 * as long as the object lists the token. Notes store such a URL (fileUrl) so readers of an
 * approved note can open its file without a Storage SDK. Two things keep that from reaching more
 * than the approved note's own file:
 * - when a note leaves public view (set back to pending by an admin, or edited by its uploader,
 *   which sends it back to review), its file's token is replaced and fileUrl rewritten: links
 *   shared while it was approved stop working; its uploader and admins, who can still read the
 *   note, get the new link from it;
 * - the file's thumbnail (services/note-files.ts) gets a new token at the same moment;
 * - when an edit replaces the file, the old file (and its thumbnail) is deleted (the web app does so too, best
 *   effort), so its old links die with it.
 * A note file can never be overwritten (storage.rules), so a token always means the bytes that
 * were reviewed, or nothing.
 */
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { rotateThumbnailToken } from './note-files.js';
import { isNoteFile, thumbnailPathOf } from './note-paths.js';
import { deleteFile, rotateDownloadToken } from './storage.js';

/** After a note went from approved to not approved: a new token, and fileUrl rewritten. */
async function withdrawLink(noteId: string): Promise<void> {
  const ref = db().doc(`notes/${noteId}`);
  const note = (await ref.get()).data();
  // Approved again meanwhile (a late event): its link is public again by design.
  if (!note || note['approved'] !== false) return;
  const path = note['filePath'];
  if (!isNoteFile(noteId, note, path)) return;
  const [url, thumbnailUrl] = await Promise.all([
    rotateDownloadToken(path),
    rotateThumbnailToken(path),
  ]);
  if (!url) return;
  await db().runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    // Written only for the same file (a newer edit's event handles a newer one).
    if (now && now['filePath'] === path)
      tx.update(ref, thumbnailUrl ? { fileUrl: url, thumbnailUrl } : { fileUrl: url });
  });
}

/** After an edit replaced the file: the old one goes, unless the note names it again. */
async function deleteReplacedFile(noteId: string, oldPath: string): Promise<void> {
  const now = (await db().doc(`notes/${noteId}`).get()).data();
  if (now && now['filePath'] === oldPath) return;
  await Promise.all([deleteFile(oldPath), deleteFile(thumbnailPathOf(oldPath))]);
}

export async function limitFileLinks(
  noteId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): Promise<void> {
  const work: Promise<void>[] = [];
  // Same file only: a file replaced by the edit that sent the note back was never public (its
  // link was only ever on the pending note), and the old file is deleted below.
  if (
    before?.['approved'] === true &&
    after?.['approved'] === false &&
    before['filePath'] === after['filePath']
  )
    work.push(withdrawLink(noteId));
  const oldPath = before?.['filePath'];
  if (after && oldPath !== after['filePath'] && isNoteFile(noteId, before, oldPath))
    work.push(deleteReplacedFile(noteId, oldPath));
  await Promise.all(work);
}
