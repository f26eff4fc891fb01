import { createContext, useContext } from 'react';
import type { FirebaseUser } from '../../../shared/firebase/react';

/** The signed-in admin (their ID token authenticates every admin call). */
export const AdminUserContext = createContext<FirebaseUser | null>(null);

export function useAdminUser(): FirebaseUser {
  const user = useContext(AdminUserContext);
  if (!user) throw new Error('useAdminUser must be used inside the admin area');
  return user;
}
