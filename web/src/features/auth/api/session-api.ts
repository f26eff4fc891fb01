import type { User } from 'firebase/auth';
import { loadAuth } from '../../../shared/firebase';
import { browserStorage, toSessionUser, writeSessionHint, type SessionUser } from './session';

/** The UI's view of a Firebase user, with the role read from the ID token's custom claim. */
export async function sessionUserOf(user: User, forceRefresh = false): Promise<SessionUser> {
  const { claims } = await user.getIdTokenResult(forceRefresh);
  return toSessionUser(user, claims);
}

/** Remembers (or forgets) the user in this browser, so the next visit renders without flicker. */
export function rememberSession(user: SessionUser | null): void {
  writeSessionHint(browserStorage(), user);
}

export async function signOutUser(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.signOut(auth);
  rememberSession(null);
}
