import { notBundled } from './not-bundled';

// The app loads firebase/storage itself (shared/firebase/storage.ts) only on routes that upload;
// reactfire's useStorageDownloadURL / StorageImage are not used.
const sdk = 'firebase/storage';
export const getDownloadURL = notBundled(sdk, 'getDownloadURL');
export const ref = notBundled(sdk, 'ref');
