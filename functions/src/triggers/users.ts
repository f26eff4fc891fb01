/**
 * Derived data of profiles, kept by a Firestore trigger like the notes' (triggers/notes.ts): the
 * admin Users search terms, from the username and email as they are now; and, on a rename, the
 * uploader of the user's notes in the search index.
 */
import { syncNotesOf } from '../services/search-sync.js';
import { indexUser } from '../services/user-list.js';
import type { Change } from './notes.js';

/** A profile written: its search terms (admin Users search) follow its username and email. */
export async function onUserChange(uid: string, { before, after }: Change): Promise<void> {
  if (!after) return;
  const same =
    !!before &&
    before['username'] === after['username'] &&
    before['email'] === after['email'] &&
    Array.isArray(after['searchTerms']);
  const work: Promise<unknown>[] = [];
  if (!same) work.push(indexUser(uid));
  // The notes' uploaderName is rewritten by the rename itself (services/usernames.ts syncUsername),
  // whose note events re-index each; this re-indexes them as they are now in case a note's event
  // came first (idempotent: the same fields give the same row).
  if (before && before['username'] !== after['username']) work.push(syncNotesOf(uid));
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
