/**
 * Usernames are unique whatever their case: usernames/{lower case} holds the uid that claimed a
 * name. Claiming, holding, releasing, and rewriting the copies a rename leaves behind.
 */
import { USERNAME_MESSAGES, usernameKey, usernameVariant } from '@notenest/shared';
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { updateAll } from './batch.js';

export const claimRef = (username: string) => db().doc(`usernames/${usernameKey(username)}`);

/** Whether `username` (any case) is free, or already `uid`'s. */
export async function usernameFree(tx: Transaction | null, username: string, uid: string | null) {
  const ref = claimRef(username);
  const snap = tx ? await tx.get(ref) : await ref.get();
  return !snap.exists || snap.get('uid') === uid;
}

/**
 * Claims `username` for `uid` in `tx` (usernames/{lower case}: names are unique whatever their
 * case). Reads first: call before `tx`'s other writes. Throws 409 when someone else has the name.
 */
export async function claimUsername(
  tx: Transaction,
  uid: string,
  username: string,
): Promise<() => void> {
  if (!(await usernameFree(tx, username, uid))) throw new HttpError(409, USERNAME_MESSAGES.taken);
  return () => tx.set(claimRef(username), { uid });
}

/** Releases `uid`'s claim of `username` (account deletion, a rename's undo). */
export async function releaseUsername(uid: string, username: unknown): Promise<void> {
  if (typeof username !== 'string' || username === '') return;
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(claimRef(username));
    if (snap.exists && snap.get('uid') === uid) tx.delete(snap.ref);
  });
}

/**
 * A free username for an account that has none yet: `wanted` when free, else `wanted` with a
 * number (Google sign-in: display names are not unique).
 */
export async function freeUsernameLike(
  tx: Transaction,
  wanted: string,
  uid: string,
): Promise<string> {
  for (let i = 1; i <= 20; i++) {
    const name = i === 1 ? wanted : usernameVariant(wanted, i === 20 ? uid.slice(0, 8) : i);
    if (await usernameFree(tx, name, uid)) return name;
  }
  throw new HttpError(409, USERNAME_MESSAGES.taken);
}

/**
 * Holds `username` for `uid` beside the name they have (a rename's first step). Resolves to true
 * when this call made the claim, false when it was already theirs (a change of case only, "alice"
 * -> "Alice", keeps its claim); 409 when someone else has it.
 */
export async function holdUsername(uid: string, username: string): Promise<boolean> {
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(claimRef(username));
    if (snap.exists && snap.get('uid') !== uid) throw new HttpError(409, USERNAME_MESSAGES.taken);
    if (snap.exists) return false;
    tx.create(snap.ref, { uid });
    return true;
  });
}

/** Rewrites the copies of a username: notes.uploaderName and comments.username. */
export async function syncUsername(uid: string, username: string): Promise<void> {
  const [notes, comments] = await Promise.all([
    db().collection('notes').where('uploaderId', '==', uid).select().get(),
    db().collectionGroup('comments').where('authorId', '==', uid).select().get(),
  ]);
  await updateAll(
    notes.docs.map((d) => d.ref),
    { uploaderName: username },
  );
  await updateAll(
    comments.docs.map((d) => d.ref),
    { username },
  );
}
