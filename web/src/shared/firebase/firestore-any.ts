import { loadFirestore, type FirestoreHandle } from './firestore';
import {
  liveFirestoreRequested,
  loadLiveFirestore,
  type LiveFirestoreHandle,
} from './firestore-live';

export type AnyFirestoreHandle = FirestoreHandle | LiveFirestoreHandle;

/**
 * The Firestore a one-off read or write uses: the full SDK when this page has asked for it (the
 * note page listens live), else Firestore Lite (Browse, the profile), so a page never loads the
 * second SDK for a like or a download. Both export doc, getDoc, runTransaction, increment and
 * serverTimestamp with the same signatures; the handle is typed as Lite's, which is sound because
 * each SDK is only ever given its own instance.
 */
export async function loadAnyFirestore(): Promise<FirestoreHandle> {
  const handle: AnyFirestoreHandle = liveFirestoreRequested()
    ? await loadLiveFirestore()
    : await loadFirestore();
  return handle as FirestoreHandle;
}
