/** New accounts: sign-up through the facade, and the profile of an account that has none yet. */
import {
  USERNAME_MESSAGES,
  USER_LIMITS,
  charLength,
  usernameFromName,
  usernameProblem,
  type SignUpBody,
} from '@notenest/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { auth, db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { claimUsername, freeUsernameLike, usernameFree } from './usernames.js';
import { authError } from './users.js';
import { userView, type UserView } from './views.js';

export async function signUp({ username, email, password }: SignUpBody) {
  // Before the account exists, so a taken name costs the user nothing.
  if (!(await usernameFree(null, username, null)))
    throw new HttpError(409, USERNAME_MESSAGES.taken);
  const user = await auth().createUser({ email, password, displayName: username }).catch(authError);
  try {
    const ref = db().doc(`users/${user.uid}`);
    await db().runTransaction(async (tx) => {
      const claim = await claimUsername(tx, user.uid, username);
      claim();
      tx.create(ref, {
        username,
        email,
        avatar: null,
        role: 'user',
        createdAt: FieldValue.serverTimestamp(),
        notesCount: 0,
      });
    });
  } catch (err) {
    // Without its profile the account would be half made: undo it so the email is free again.
    await auth()
      .deleteUser(user.uid)
      .catch(() => undefined);
    throw err;
  }
  return user.uid;
}

/**
 * The profile of a signed-in account, created from the Auth record when missing (an account made
 * with the web SDK whose profile write failed, or a first Google sign-in).
 */
export async function ensureProfile(
  uid: string,
  hints: { name?: string | null; email?: string | null; photo?: string | null } = {},
): Promise<UserView> {
  const ref = db().doc(`users/${uid}`);
  const existing = await ref.get();
  if (existing.exists) return userView(uid, existing.data()!);
  const record = await auth().getUser(uid).catch(authError);
  const email = (record.email ?? hints.email ?? '').toLowerCase();
  let username = usernameFromName(hints.name ?? record.displayName ?? email.split('@')[0] ?? '');
  username = [...username].slice(0, USER_LIMITS.username.max).join('');
  if (charLength(username) < USER_LIMITS.username.min) username = `user-${uid.slice(0, 6)}`;
  const photo = hints.photo ?? record.photoURL ?? null;
  const avatar =
    typeof photo === 'string' && /^https?:\/\/\S+$/i.test(photo) && photo.length <= 2048
      ? photo
      : null;
  const role = record.customClaims?.['role'] === 'admin' ? 'admin' : 'user';
  if (usernameProblem(username)) username = `user-${uid.slice(0, 6)}`;
  await db().runTransaction(async (tx) => {
    // Created concurrently (two tabs signing in): the other write wins, which is fine.
    if ((await tx.get(ref)).exists) return;
    const name = await freeUsernameLike(tx, username, uid);
    (await claimUsername(tx, uid, name))();
    tx.create(ref, {
      username: name,
      email,
      avatar,
      role,
      createdAt: FieldValue.serverTimestamp(),
      notesCount: 0,
    });
  });
  return userView(uid, (await ref.get()).data()!);
}
