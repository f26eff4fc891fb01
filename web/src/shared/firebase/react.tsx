/**
 * reactfire, the way React code gets Firebase: the app, Auth, and (only on the routes that ask
 * for them) the Firestore and Storage instances, plus the auth-state hooks.
 *
 * Import this module only from lazily loaded code (route pages, the session bridge): it pulls in
 * reactfire, firebase/app and firebase/auth. Firestore and Storage are still loaded on demand by
 * their loaders and handed to reactfire's providers, so a route that does not ask for them never
 * downloads them. (reactfire's own imports of the SDKs it would need for its data hooks are
 * stubbed at build time: web/vite.config.ts, reactfireSdkStubs.)
 */
import type { Firestore as FullFirestore } from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore/lite';
import type { ReactNode } from 'react';
import {
  AuthProvider,
  FirebaseAppProvider,
  FirestoreProvider,
  StorageProvider,
  useFirestore,
  useInitFirestore,
  useInitStorage,
} from 'reactfire';
import { getFirebaseApp } from './app';
import { getAuthInstance } from './auth-instance';
import { loadFirestore } from './firestore';
import { loadStorage } from './storage';

// `useUser` (reactfire's auth-state stream) is read by the session bridge alone, which hands the
// session to the app (features/auth: useAuth, useSessionUser): one source of auth state.
export { useStorage, useUser } from 'reactfire';
export type { User as FirebaseUser } from 'firebase/auth';

export interface FirebaseScopeProps {
  children: ReactNode;
  /** Provide Firestore (Lite) to the subtree; it suspends until the SDK chunk has loaded. */
  firestore?: boolean;
  /** Provide Cloud Storage to the subtree; it suspends until the SDK chunk has loaded. */
  storage?: boolean;
}

function WithFirestore({ children }: { children: ReactNode }) {
  // Firestore Lite: reactfire's providers only keep the instance in context, so the Lite instance
  // is passed where reactfire's types name the full SDK's class (its listener hooks are not used).
  const { data } = useInitFirestore(
    async () => (await loadFirestore()).db as unknown as FullFirestore,
    { suspense: true },
  );
  return <FirestoreProvider sdk={data}>{children}</FirestoreProvider>;
}

function WithStorage({ children }: { children: ReactNode }) {
  const { data } = useInitStorage(async () => (await loadStorage()).storage, { suspense: true });
  return <StorageProvider sdk={data}>{children}</StorageProvider>;
}

/** reactfire's app and Auth providers, plus Firestore/Storage when the route asks for them. */
export function FirebaseScope({
  children,
  firestore = false,
  storage = false,
}: FirebaseScopeProps) {
  let tree = children;
  if (storage) tree = <WithStorage>{tree}</WithStorage>;
  if (firestore) tree = <WithFirestore>{tree}</WithFirestore>;
  return (
    <FirebaseAppProvider firebaseApp={getFirebaseApp()}>
      <AuthProvider sdk={getAuthInstance()}>{tree}</AuthProvider>
    </FirebaseAppProvider>
  );
}

/** The Firestore (Lite) instance of the enclosing `<FirebaseScope firestore>`. */
export function useDb(): Firestore {
  return useFirestore() as unknown as Firestore;
}
