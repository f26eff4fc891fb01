import { createContext } from 'react';
import type { AuthState, SessionUser } from '../api/session';

export interface AuthContextValue {
  state: AuthState;
  signOut: () => Promise<void>;
  /** Loads reactfire + Auth and starts following the session (idempotent). */
  start: () => void;
  /**
   * Tells the app who is signed in right away (after a sign-in, or a profile change the ID token
   * does not announce), so a guard never sees the previous state during the navigation that
   * follows. reactfire's user stream confirms it.
   */
  setUser: (user: SessionUser | null) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
