import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { signOutUser, subscribeToSession } from '../api/session-api';
import { SESSION_HINT_KEY, browserStorage, readSessionHint, type AuthState } from '../api/session';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context';

/**
 * Holds the session for the whole app. The Auth SDK (~45 KB gzip with firebase/app) is loaded
 * only when it can matter: at once when this browser has a stored session hint (a returning
 * signed-in user), when a screen asks for it (useRequiredAuth), or when another tab signs in.
 * A first-time visitor reading the home page therefore loads no Firebase code at all.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => ({
    status: 'loading',
    hint: readSessionHint(browserStorage()),
  }));
  const [started, setStarted] = useState(() => state.status === 'loading' && state.hint !== null);
  const start = useCallback(() => setStarted(true), []);

  useEffect(() => {
    if (!started) return;
    return subscribeToSession(
      (user) => setState(user ? { status: 'signed-in', user } : { status: 'signed-out' }),
      (error) => {
        // A failed SDK load must not leave guards spinning forever: treat as signed out.
        console.error('auth unavailable', error);
        setState({ status: 'signed-out' });
      },
    );
  }, [started]);

  useEffect(() => {
    if (started) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_HINT_KEY && event.newValue) setStarted(true);
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, [started]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, signOut: signOutUser, start }),
    [state, start],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
