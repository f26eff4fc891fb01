import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../../../shared/ui/loading-state';
import { paths } from '../../../shared/routing/paths';
import { useRequiredAuth } from '../hooks/use-auth';

/** Guarded group (spec section 2): signed-out users go to /sign-in, remembering where they were. */
export function RequireAuth() {
  const state = useRequiredAuth();
  const location = useLocation();
  // Restoring a session: Loading... (spec section 2). With no session hint this browser has no
  // session to restore (session-provider.tsx): straight to sign-in, which sends a session found
  // after all back here (`from`).
  if (state.status === 'loading' && state.hint) return <LoadingState />;
  if (state.status !== 'signed-in') {
    if (state.status === 'loading')
      return <Navigate to={paths.signIn} replace state={{ from: location }} />;
    // Signing out on purpose: the app is on its way to Home.
    if (state.intentional) return null;
    return <Navigate to={paths.signIn} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
