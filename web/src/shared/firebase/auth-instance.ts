import * as sdk from 'firebase/auth';
import { getFirebaseApp } from './app';
import { authEmulatorUrl, currentEmulatorHost } from './config';

let instance: sdk.Auth | undefined;

/**
 * The page's single Auth instance, connected to the Auth emulator when served locally (exactly
 * once: connecting twice throws). Statically imports the Auth SDK, so this module is only ever
 * reached from lazily loaded code: `loadAuth()` and the reactfire scope (react.tsx).
 * getAuth keeps the session in IndexedDB, so it survives reloads.
 */
export function getAuthInstance(): sdk.Auth {
  if (!instance) {
    instance = sdk.getAuth(getFirebaseApp());
    const host = currentEmulatorHost();
    if (host) sdk.connectAuthEmulator(instance, authEmulatorUrl(host), { disableWarnings: true });
  }
  return instance;
}

export { sdk as authSdk };
