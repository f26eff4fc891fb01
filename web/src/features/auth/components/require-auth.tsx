import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { useRequiredAuth } from '../hooks/use-auth';

/** Guarded group (spec section 2): signed-out users go to /sign-in, remembering where they were. */
export function RequireAuth() {
  const state = useRequiredAuth();
  const location = useLocation();
  // Restoring a remembered session (a session hint): the page shows at once, for the remembered
  // user (useDisplayedUser), rather than "Loading..." until Auth has asked the server: its reads
  // and writes that need the user's token wait for the restored session (shared/firebase/auth.ts),
  // and if Auth answers that nobody is signed in after all, the page gives way to sign-in below.
  // With no session hint this browser has no session to restore (session-provider.tsx): straight
  // to sign-in, which sends a session found after all back here (`from`).
  if (state.status === 'loading' && state.hint) return <Outlet />;
  if (state.status !== 'signed-in') {
    if (state.status === 'loading')
      return <Navigate to={paths.signIn} replace state={{ from: location }} />;
    // Signing out on purpose: the app is on its way to Home.
    if (state.intentional) return null;
    return <Navigate to={paths.signIn} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
