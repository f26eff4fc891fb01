/**
 * Profile edits (the owner's, or an admin's username/email/role edit) applied everywhere they
 * live: Auth, the role claim, the profile, the username claims and the name's copies.
 */
import { usernameKey } from '@notenest/shared';
import { auth, db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { claimRef, holdUsername, releaseUsername, syncUsername } from './usernames.js';
import { setRole } from './user-roles.js';
import { USER_MESSAGES, authError } from './users.js';
import { userView, type UserView } from './views.js';

export interface ProfileChanges {
  username?: string;
  email?: string;
  password?: string;
  avatar?: string | null;
  role?: 'user' | 'admin';
}

/** A compensation step: failing, it is logged, and the error that called for it is what counts. */
async function undo(what: string, step: () => Promise<unknown>): Promise<void> {
  await step().catch((err: unknown) => console.error(`users: could not undo ${what}`, err));
}

/**
 * Applies profile changes everywhere they live: Auth (email, password, display name, role claim),
 * the profile, and the username's copies. The role claim and the profile's mirror change together.
 *
 * No one transaction spans the username claims, Auth and the profile, so a change goes in steps,
 * each failure undoing the steps before it; whatever fails, the names and the profile are as they
 * were (issue 29: a taken email used to leave the old name released and the new one claimed):
 * 1. the new name is claimed and the old one kept (taken: 409, nothing has changed);
 * 2. Auth changes (a taken email: 409, and the new claim is released again);
 * 3. the role, then one transaction that writes the profile and releases the old name (failing:
 *    Auth's email and display name are put back and the new claim released; a new password
 *    stays, as Auth cannot give back the old one).
 */
export async function applyProfileChanges(uid: string, changes: ProfileChanges): Promise<UserView> {
  const ref = db().doc(`users/${uid}`);
  const before = (await ref.get()).data();
  if (!before) throw new HttpError(404, USER_MESSAGES.notFound);
  const wanted =
    changes.username !== undefined && changes.username !== before['username']
      ? changes.username
      : undefined;

  const authUpdate: { email?: string; password?: string; displayName?: string } = {};
  if (changes.email !== undefined && changes.email !== before['email'])
    authUpdate.email = changes.email;
  if (changes.password !== undefined) authUpdate.password = changes.password;
  if (wanted !== undefined) authUpdate.displayName = wanted;

  // 1. Hold the new name.
  const claimed = wanted !== undefined && (await holdUsername(uid, wanted));
  const releaseClaim = () =>
    claimed ? undo(`the claim of ${wanted}`, () => releaseUsername(uid, wanted)) : undefined;

  // 2. Auth.
  if (Object.keys(authUpdate).length)
    await auth()
      .updateUser(uid, authUpdate)
      .catch(async (err: unknown) => {
        await releaseClaim();
        return authError(err);
      });

  // 3. The role and the profile.
  const update: Record<string, unknown> = {};
  if (authUpdate.email !== undefined) update['email'] = authUpdate.email;
  if (wanted !== undefined) update['username'] = wanted;
  if (changes.avatar !== undefined) update['avatar'] = changes.avatar;
  if (changes.role !== undefined) update['role'] = changes.role;
  try {
    if (changes.role !== undefined && changes.role !== before['role'])
      await setRole(uid, changes.role);
    if (Object.keys(update).length)
      await db().runTransaction(async (tx) => {
        // The name the profile has now (another rename may have landed since `before`).
        const current = (await tx.get(ref)).get('username') as unknown;
        const old =
          wanted !== undefined &&
          typeof current === 'string' &&
          usernameKey(current) !== usernameKey(wanted)
            ? await tx.get(claimRef(current))
            : null;
        tx.update(ref, update);
        if (old?.exists && old.get('uid') === uid) tx.delete(old.ref);
      });
  } catch (err) {
    const revert: { email?: string; displayName?: string } = {};
    if (authUpdate.email !== undefined) revert.email = before['email'] as string;
    if (authUpdate.displayName !== undefined) revert.displayName = before['username'] as string;
    if (Object.keys(revert).length)
      await undo('the Auth change', () => auth().updateUser(uid, revert));
    await releaseClaim();
    throw err;
  }
  if (wanted !== undefined) await syncUsername(uid, wanted);
  return userView(uid, (await ref.get()).data()!);
}
