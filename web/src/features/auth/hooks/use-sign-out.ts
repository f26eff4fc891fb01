import { useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { useAuth } from './use-auth';

/**
 * Signs out and lands on Home. Navigates first: signing out on a guarded page would otherwise let
 * its guard redirect to /sign-in after (and over) the navigation to Home.
 */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    void navigate(paths.home, { replace: true });
    await signOut();
  };
}
