import type { Auth } from 'firebase/auth';
import { authEmulatorUrl, currentEmulatorHost } from './config';

export type AuthSdk = typeof import('firebase/auth');
export interface AuthHandle {
  auth: Auth;
  sdk: AuthSdk;
}

let pending: Promise<AuthHandle> | undefined;

/**
 * Loads the Auth SDK on first use and returns the page's single Auth instance, connected to the
 * Auth emulator when running locally. Memoised as a promise so concurrent callers share one
 * instance and the emulator is connected exactly once (connecting twice throws).
 */
export function loadAuth(): Promise<AuthHandle> {
  pending ??= (async () => {
    const [sdk, { getFirebaseApp }] = await Promise.all([import('firebase/auth'), import('./app')]);
    const auth = sdk.getAuth(getFirebaseApp());
    const host = currentEmulatorHost();
    if (host) sdk.connectAuthEmulator(auth, authEmulatorUrl(host), { disableWarnings: true });
    return { auth, sdk };
  })();
  return pending;
}
