/**
 * reactfire, the app's source of auth state: its app and Auth providers around the session
 * bridge (features/auth), whose `useUser` follows the signed-in user (onIdTokenChanged) and hands
 * the session to the app (`useAuth`, `useSessionUser`). Nothing else reads reactfire: SDK
 * instances come from the lazy loaders of this folder (one Firestore, one Storage, one Auth per
 * page), which every api/ module calls, so code outside React gets the same instances.
 *
 * Import this module only from lazily loaded code (the session bridge): it pulls in reactfire,
 * firebase/app and firebase/auth. (reactfire's own imports of the SDKs its data hooks would need
 * are stubbed at build time: web/vite.config.ts, reactfireSdkStubs.)
 */
import type { ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { getFirebaseApp } from './app';
import { getAuthInstance } from './auth-instance';

export { useUser } from 'reactfire';
export type { User as FirebaseUser } from 'firebase/auth';

/** reactfire's app and Auth providers, on the page's one app and Auth instance. */
export function FirebaseScope({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={getFirebaseApp()}>
      <AuthProvider sdk={getAuthInstance()}>{children}</AuthProvider>
    </FirebaseAppProvider>
  );
}
