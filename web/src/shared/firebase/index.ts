// Only loaders and plain config here: importing this barrel never pulls a Firebase SDK into a
// chunk (each loader imports its SDK dynamically).
export { EMULATOR_PORTS, FIREBASE_OPTIONS, emulatorHostFor } from './config';
export { currentIdToken, loadAuth, type AuthHandle, type AuthSdk } from './auth';
export { loadFirestore, type FirestoreHandle, type FirestoreSdk } from './firestore';
export {
  loadLiveFirestore,
  type LiveFirestoreHandle,
  type LiveFirestoreSdk,
} from './firestore-live';
export { loadStorage, type StorageHandle, type StorageSdk } from './storage';
export {
  FirestoreRestError,
  documentName,
  encodeValue,
  getDocument,
  runQuery,
  type DecodedDocument,
  type RestFilter,
  type RestValue,
  type StructuredQuery,
} from './firestore-rest';
