import { useContext, useEffect } from 'react';
import { displayedUser, type AuthState, type SessionUser } from '../api/session';
import { AuthContext, type AuthContextValue } from './auth-context';

function useAuthContext(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * The session as currently known, without forcing the Auth SDK to load. On public pages a
 * visitor with no stored session hint stays in `loading` with no hint and is shown as signed out;
 * that visitor never downloads Auth unless a page needs it.
 */
export function useAuth(): Pick<AuthContextValue, 'state' | 'signOut' | 'setUser'> {
  const { state, signOut, setUser } = useAuthContext();
  return { state, signOut, setUser };
}

/**
 * For screens that must know for sure (guards, sign-in/sign-up, profile): loads Auth if needed
 * and reports `loading` until the SDK has answered.
 */
export function useRequiredAuth(): AuthState {
  const { state, start } = useAuthContext();
  useEffect(start, [start]);
  return state;
}

/**
 * The signed-in user as Auth has confirmed it (reactfire's user stream, through the session
 * bridge); null until it has answered or when no one is signed in. For what must not act on a
 * remembered session alone: the header's notification bell, the admin area (RequireAdmin).
 */
export function useSessionUser(): SessionUser | null {
  const { state } = useAuthContext();
  return state.status === 'signed-in' ? state.user : null;
}

/**
 * The user to render: the signed-in one, or the remembered one (the stored hint) while Auth
 * restores the session, or null. The guarded pages (RequireAuth) show theirs with it; their
 * reads and writes that need the user's token wait for the restored session.
 */
export function useDisplayedUser() {
  return displayedUser(useAuthContext().state);
}
