/**
 * Derived data of profiles, kept by a Firestore trigger like the notes' (triggers/notes.ts): the
 * admin Users search terms, from the username and email as they are now.
 */
import { indexUser } from '../services/users.js';
import type { Change } from './notes.js';

/** A profile written: its search terms (admin Users search) follow its username and email. */
export async function onUserChange(uid: string, { before, after }: Change): Promise<void> {
  if (!after) return;
  const same =
    !!before &&
    before['username'] === after['username'] &&
    before['email'] === after['email'] &&
    Array.isArray(after['searchTerms']);
  if (!same) await indexUser(uid);
}
