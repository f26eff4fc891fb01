/** Roles: the admin custom claim and its mirror on the profile (users/{uid}.role). */
import { auth, db } from '../firebase.js';
import { authError } from './users.js';

/** Admins, counted on the profiles' role mirror (one aggregation read). */
export async function adminCount(): Promise<number> {
  const agg = await db().collection('users').where('role', '==', 'admin').count().get();
  return agg.data().count;
}

/**
 * Gives `uid` the role `role`: the custom claim (what the API and the rules trust) with the
 * profile's mirror. A demotion takes effect at once: the profile's role first (firestore.rules and
 * storage.rules require it beside the claim), then the claim, then every session is revoked (the
 * API verifies tokens with checkRevoked, so the old ID token stops working now rather than when
 * it expires). A promotion's mirror is written with the rest of the profile change
 * (profile-changes.ts), after the claim.
 */
export async function setRole(uid: string, role: 'user' | 'admin'): Promise<void> {
  const demoting = role !== 'admin';
  if (demoting) await db().doc(`users/${uid}`).update({ role: 'user' });
  const record = await auth().getUser(uid).catch(authError);
  const claims = { ...(record.customClaims ?? {}) };
  if (role === 'admin') claims['role'] = 'admin';
  else delete claims['role'];
  await auth().setCustomUserClaims(uid, claims);
  if (demoting) await auth().revokeRefreshTokens(uid);
}
