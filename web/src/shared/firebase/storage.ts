import type { FirebaseStorage } from 'firebase/storage';
import { EMULATOR_PORTS, currentEmulatorHost } from './config';

export type StorageSdk = typeof import('firebase/storage');
export interface StorageHandle {
  storage: FirebaseStorage;
  sdk: StorageSdk;
}

let pending: Promise<StorageHandle> | undefined;

/** Same contract as loadFirestore: dynamic SDK import, one instance, emulator connected once. */
export function loadStorage(): Promise<StorageHandle> {
  pending ??= (async () => {
    const [sdk, { getFirebaseApp }] = await Promise.all([
      import('firebase/storage'),
      import('./app'),
    ]);
    const storage = sdk.getStorage(getFirebaseApp());
    const host = currentEmulatorHost();
    if (host) sdk.connectStorageEmulator(storage, host, EMULATOR_PORTS.storage);
    return { storage, sdk };
  })();
  return pending;
}
