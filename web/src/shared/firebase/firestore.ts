import type { Firestore, Transaction } from 'firebase/firestore/lite';
import { EMULATOR_PORTS, currentEmulatorHost } from './config';

export type FirestoreSdk = typeof import('firebase/firestore/lite');
/** A transaction of either SDK (the full SDK's has the same shape). */
export type FirestoreTransaction = Transaction;
export interface FirestoreHandle {
  db: Firestore;
  sdk: FirestoreSdk;
}

let pending: Promise<FirestoreHandle> | undefined;

/**
 * Firestore Lite (~38 KB gzip) rather than the full SDK (~150 KB): most screens read and write
 * with one-shot queries, batches and transactions, which is exactly Lite's scope (no onSnapshot,
 * no offline cache; plain REST, which the emulators serve). The full SDK alone would exceed the
 * /browse budget (issue 11). Only the note page, which shows live likes and comments, loads the
 * full SDK (firestore-live.ts), and it loads no Lite.
 *
 * Only ever imported here, dynamically: a route's `api/` module calls this, and only pages that
 * query data pay for it. The SDK module is handed back with the instance so callers never import
 * it statically (a static import anywhere on a public page's import graph would put the SDK back
 * on that page). One instance per page; the emulator is connected once, before the first query.
 */
export function loadFirestore(): Promise<FirestoreHandle> {
  pending ??= (async () => {
    const [sdk, { getFirebaseApp }] = await Promise.all([
      import('firebase/firestore/lite'),
      import('./app'),
    ]);
    const db = sdk.getFirestore(getFirebaseApp());
    const host = currentEmulatorHost();
    if (host) sdk.connectFirestoreEmulator(db, host, EMULATOR_PORTS.firestore);
    return { db, sdk };
  })();
  return pending;
}
