/**
 * Profiles: users/{uid} read back, and the errors the users service answers with (its own and
 * Firebase Auth's). The rest of the users service lives beside it, one concern a file:
 * accounts.ts (sign-up, the profile of a first sign-in), auth-sessions.ts (password sign-in and
 * fresh sessions), usernames.ts (the unique-name claims and the name's copies), user-roles.ts
 * (the admin claim and its mirror), profile-changes.ts (an edit applied everywhere it lives) and
 * user-list.ts (the admin Users list and its search terms). Deletion is cascade.ts's.
 */
import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';

export const USER_MESSAGES = {
  emailInUse: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  notFound: 'User not found',
  lastAdmin: 'You are the only admin: make another user an admin before deleting this account',
} as const;

/** Firebase Auth errors a client caused, as 4xx; anything else stays an internal error. */
export function authError(err: unknown): never {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'auth/email-already-exists') throw new HttpError(409, USER_MESSAGES.emailInUse);
  if (code === 'auth/invalid-email') throw new HttpError(400, 'Please enter a valid email address');
  if (code === 'auth/invalid-password')
    throw new HttpError(400, 'Password must be at least 6 characters');
  if (code === 'auth/user-not-found') throw new HttpError(404, USER_MESSAGES.notFound);
  throw err;
}

export async function getProfile(uid: string): Promise<DocumentData | null> {
  return (await db().doc(`users/${uid}`).get()).data() ?? null;
}
