import { createContext } from 'react';
import type { AuthState } from '../api/session';

export interface AuthContextValue {
  state: AuthState;
  signOut: () => Promise<void>;
  /** Loads the Auth SDK and starts following the session (idempotent). */
  start: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
