/**
 * Creating a user's `users/{uid}` profile from the browser, as firestore.rules allow: role
 * 'user', notesCount 0, server time, and the username claimed in the same batch
 * (usernames/{lower-case name}: names are unique whatever their case, docs/data-model.md).
 */
import { USERNAME_MESSAGES, usernameKey, usernameProblem, usernameVariant } from '@notenest/shared';
import { loadFirestore } from '../firebase';
import { usernameFor } from './usernames';

/** The parts of the Auth user a profile is made from (structural: no Auth SDK types here). */
interface User {
  uid: string;
  email: string | null;
  photoURL: string | null;
  displayName?: string | null;
}

/** Whether `username` (any case) is claimed by someone other than `uid`. */
export async function usernameTaken(username: string, uid?: string): Promise<boolean> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDoc(sdk.doc(db, 'usernames', usernameKey(username)));
  return snap.exists() && snap.data()['uid'] !== uid;
}

/**
 * Writes the profile with `username` and its claim. Throws an Error with the "already taken"
 * message when someone else holds the name (the rules refuse the claim).
 */
export async function createProfile(user: User, username: string): Promise<void> {
  const problem = usernameProblem(username);
  if (problem) throw new Error(problem);
  const { db, sdk } = await loadFirestore();
  const batch = sdk.writeBatch(db);
  batch.set(sdk.doc(db, 'users', user.uid), {
    username,
    email: user.email ?? '',
    avatar: user.photoURL ?? null,
    role: 'user',
    createdAt: sdk.serverTimestamp(),
    notesCount: 0,
  });
  batch.set(sdk.doc(db, 'usernames', usernameKey(username)), { uid: user.uid });
  try {
    await batch.commit();
  } catch (error) {
    if (await usernameTaken(username, user.uid).catch(() => false))
      throw new Error(USERNAME_MESSAGES.taken);
    throw error;
  }
}

/**
 * A profile for an account that has none yet (a Google sign-in, or a sign-up whose profile write
 * failed): `wanted` when free, else the first free numbered variant. Resolves to the name used.
 */
export async function createProfileWithFreeName(user: User, wanted: string): Promise<string> {
  for (let n = 1; n <= 10; n++) {
    const name = n === 1 ? wanted : usernameVariant(wanted, n);
    if (await usernameTaken(name, user.uid)) continue;
    try {
      await createProfile(user, name);
      return name;
    } catch (error) {
      // Taken between the check and the write: try the next variant.
      if (!(error instanceof Error) || error.message !== USERNAME_MESSAGES.taken) throw error;
    }
  }
  const fallback = usernameVariant(wanted, user.uid.slice(0, 8));
  await createProfile(user, fallback);
  return fallback;
}

/**
 * The signed-in user's profile exists afterwards: created from the Auth account (display name or
 * email, a free variant of it) when missing, as after a first Google sign-in.
 */
export async function ensureProfileExists(user: User): Promise<void> {
  const { db, sdk } = await loadFirestore();
  if ((await sdk.getDoc(sdk.doc(db, 'users', user.uid))).exists()) return;
  await createProfileWithFreeName(user, usernameFor(user.displayName ?? null, user.email));
}
