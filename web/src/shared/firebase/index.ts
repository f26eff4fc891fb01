// Only loaders and plain config here: importing this barrel never pulls a Firebase SDK into a
// chunk (each loader imports its SDK dynamically). The REST client (firestore-rest.ts) is imported
// by path by the code that reads with it, so pages that never query keep no Firestore code.
export { EMULATOR_PORTS, FIREBASE_OPTIONS, emulatorHostFor } from './config';
export {
  currentIdToken,
  loadAuth,
  requireCurrentUser,
  requireIdToken,
  type AuthHandle,
  type AuthSdk,
} from './auth';
export {
  loadFirestore,
  type FirestoreHandle,
  type FirestoreSdk,
  type FirestoreTransaction,
} from './firestore';
export { loadAnyFirestore, type AnyFirestoreHandle } from './firestore-any';
export {
  listenLive,
  liveFirestoreRequested,
  loadLiveFirestore,
  type LiveFirestoreHandle,
  type LiveFirestoreSdk,
} from './firestore-live';
export { loadStorage, type StorageHandle, type StorageSdk } from './storage';
