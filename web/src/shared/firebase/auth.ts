import type { Auth } from 'firebase/auth';

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
