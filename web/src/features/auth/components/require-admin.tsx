import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '../../../shared/ui/loading-state';
import { paths } from '../../../shared/routing/paths';
import { useRequiredAuth } from '../hooks/use-auth';

/**
 * Admin area gate (spec section 2): no user -> /signin, a non-admin -> /, a placeholder while the
 * session loads. The rules enforce the same on the data; this only keeps the UI honest.
 *
 * The area itself renders only for an admin Auth has confirmed: its screens read admin data at
 * once. While a remembered admin's session is restored, `frame` (the area's chrome, reading
 * nothing) shows instead of the placeholder: it is what the prerendered page painted
 * (app/prerender.tsx), so the page keeps its heading rather than going back to "Loading...".
 */
export function RequireAdmin({ children, frame }: { children: ReactNode; frame?: ReactNode }) {
  const state = useRequiredAuth();
  if (state.status === 'loading') {
    return frame && state.hint?.role === 'admin' ? frame : <LoadingState />;
  }
  if (state.status === 'signed-out') {
    // Signing out on purpose (the admin header's Sign Out): the app is on its way to Home.
    if (state.intentional) return null;
    return <Navigate to={paths.signInLegacy} replace />;
  }
  if (state.user.role !== 'admin') return <Navigate to={paths.home} replace />;
  return children;
}
