// Public surface of the auth feature for the app shell and other features.
export { SessionProvider, preloadSession } from './components/session-provider';
export { RequireAdmin } from './components/require-admin';
export { RequireAuth } from './components/require-auth';
export { RememberedSessionFrame } from './components/remembered-session-frame';
export { useAuth, useDisplayedUser, useRequiredAuth, useSessionUser } from './hooks/use-auth';
export { useSignOut } from './hooks/use-sign-out';
export {
  displayNameOf,
  hasStoredSession,
  type AuthState,
  type Role,
  type SessionUser,
} from './api/session';
export { homeRedirectFor, signInDestination } from './api/destinations';
