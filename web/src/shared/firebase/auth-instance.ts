import * as sdk from 'firebase/auth';
import { getFirebaseApp } from './app';
import { authEmulatorUrl, currentEmulatorHost } from './config';

let instance: sdk.Auth | undefined;

/**
 * The page's single Auth instance, connected to the Auth emulator when served locally (exactly
 * once: connecting twice throws). Statically imports the Auth SDK, so this module is only ever
 * reached from lazily loaded code: `loadAuth()` and the reactfire scope (react.tsx).
 * The session is kept in IndexedDB (as getAuth keeps it), so it survives reloads.
 *
 * Without getAuth's popup/redirect resolver: on a phone (or Safari) getAuth starts Google's
 * sign-in iframe as Auth starts, and a returning user's session waits for it (gapi's api.js, then
 * the iframe) before Auth even asks the server about the stored user: a signed-in page's first
 * screen waited for a sign-in popup no one opened. The one call that needs it passes it
 * (signInWithGoogle); a redirect sign-in, which needs it at start, is not used.
 */
export function getAuthInstance(): sdk.Auth {
  if (!instance) {
    instance = sdk.initializeAuth(getFirebaseApp(), {
      persistence: [
        sdk.indexedDBLocalPersistence,
        sdk.browserLocalPersistence,
        sdk.browserSessionPersistence,
      ],
    });
    const host = currentEmulatorHost();
    if (host) sdk.connectAuthEmulator(instance, authEmulatorUrl(host), { disableWarnings: true });
  }
  return instance;
}

export { sdk as authSdk };
