/**
 * The Admin SDK, initialised on first use (a cold start that serves /health does not pay for
 * it). In the emulators the SDK follows FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST /
 * FIREBASE_STORAGE_EMULATOR_HOST.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

let app: App | undefined;

export function adminApp(): App {
  app ??= getApps()[0] ?? initializeApp();
  return app;
}

export function db(): Firestore {
  return getFirestore(adminApp());
}
