import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { FIREBASE_OPTIONS } from './config';

/**
 * The one FirebaseApp of the page. Only imported dynamically (through auth.ts, firestore.ts,
 * storage.ts) so the first paint of public pages carries no Firebase code at all.
 */
export function getFirebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(FIREBASE_OPTIONS);
}
