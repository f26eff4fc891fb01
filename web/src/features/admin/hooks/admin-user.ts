import { useSessionUser, type SessionUser } from '../../auth';

/**
 * The signed-in admin, from the app's session (RequireAdmin renders the area only for one). The
 * admin calls authenticate with their ID token on their own (shared/firebase `requireIdToken`).
 */
export function useAdminUser(): SessionUser {
  const user = useSessionUser();
  if (!user) throw new Error('useAdminUser must be used inside the admin area');
  return user;
}
