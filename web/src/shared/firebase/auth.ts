import type { Auth, User } from 'firebase/auth';
import { AppError, SIGN_IN_REQUIRED } from '../errors/app-error';

export type AuthSdk = typeof import('firebase/auth');
export interface AuthHandle {
  auth: Auth;
  sdk: AuthSdk;
}

let pending: Promise<AuthHandle> | undefined;

/**
 * Loads the Auth SDK on first use and returns the page's single Auth instance (the same one the
 * reactfire scope provides). Memoised so concurrent callers share one load.
 */
export function loadAuth(): Promise<AuthHandle> {
  pending ??= import('./auth-instance').then((m) => ({
    auth: m.getAuthInstance(),
    sdk: m.authSdk,
  }));
  return pending;
}

/**
 * The signed-in user's ID token for a request made outside the SDKs (firestore-rest.ts), or null.
 * Like the SDKs' own requests, it uses Auth only if this page has started it: it never loads the
 * Auth SDK for a visitor (null at once). Once started (a returning user's page starts it at
 * load), it waits for the session to be restored, as the SDKs' requests do.
 */
export async function currentIdToken(): Promise<string | null> {
  if (!pending) return null;
  const { auth } = await pending;
  await auth.authStateReady();
  return (await auth.currentUser?.getIdToken()) ?? null;
}

/**
 * The signed-in user's ID token for a call that needs one (the facade's, shared/http/facade.ts),
 * loading Auth if this page has not yet. The one place a request gets its token; rejects when no
 * one is signed in.
 */
export async function requireIdToken(): Promise<string> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  const token = await auth.currentUser?.getIdToken();
  if (!token) throw new AppError('signed-out', SIGN_IN_REQUIRED);
  return token;
}

/**
 * The signed-in Firebase user, from the page's single Auth instance (the one reactfire's stream
 * follows), for the api/ modules that need the SDK's own User: re-authentication, Auth profile
 * updates, a verified email. Components never hold one: they read the session (features/auth
 * `useSessionUser`). Rejects when no one is signed in.
 */
export async function requireCurrentUser(): Promise<User> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new AppError('signed-out', SIGN_IN_REQUIRED);
  return auth.currentUser;
}
