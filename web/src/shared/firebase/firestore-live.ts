import type { Firestore, Unsubscribe } from 'firebase/firestore';
import { EMULATOR_PORTS, currentEmulatorHost } from './config';

export type LiveFirestoreSdk = typeof import('firebase/firestore');
export interface LiveFirestoreHandle {
  db: Firestore;
  sdk: LiveFirestoreSdk;
}

let pending: Promise<LiveFirestoreHandle> | undefined;

/**
 * The full Firestore SDK, for what shows live data (the note page: its likes and counters; the
 * comments wherever they are shown: they update for every viewer through onSnapshot, which
 * Firestore Lite lacks).
 * Same contract as loadFirestore: dynamic import, one instance per page, emulator connected once.
 * It is a separate instance from Lite's (the two SDKs register different components on the same
 * app), so a page only pays for the SDK it asks for: /browse and the profile stay on Lite.
 *
 * No offline cache (the default memory cache): a note page must never show a stale note as current.
 */
export function loadLiveFirestore(): Promise<LiveFirestoreHandle> {
  pending ??= (async () => {
    const [sdk, { getFirebaseApp }] = await Promise.all([
      import('firebase/firestore'),
      import('./app'),
    ]);
    const db = sdk.getFirestore(getFirebaseApp());
    const host = currentEmulatorHost();
    if (host) sdk.connectFirestoreEmulator(db, host, EMULATOR_PORTS.firestore);
    return { db, sdk };
  })();
  return pending;
}

/** Whether this page has asked for the full SDK (it shows live data), loaded or on its way. */
export function liveFirestoreRequested(): boolean {
  return pending !== undefined;
}

/**
 * Starts a listener once the SDK has loaded; the returned function stops it (also when called
 * before the SDK arrived, in which case the listener never starts).
 */
export function listenLive(
  start: (handle: LiveFirestoreHandle) => Unsubscribe,
  onError: (error: unknown) => void,
): () => void {
  let stop: Unsubscribe | null = null;
  let stopped = false;
  // The SDK (~160 KB gzip) loads and starts once the page has rendered what it has, when the
  // main thread is idle (or after LIVE_START_MAX_WAIT_MS): on a slow phone its start-up then
  // does not compete with the page's first render for the main thread.
  whenIdle(() => {
    if (stopped) return;
    loadLiveFirestore().then((handle) => {
      if (!stopped) stop = start(handle);
    }, onError);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

const LIVE_START_MAX_WAIT_MS = 1500;

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(run, { timeout: LIVE_START_MAX_WAIT_MS });
  else setTimeout(run, 0);
}
