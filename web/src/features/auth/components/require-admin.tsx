import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '../../../shared/ui/loading-state';
import { paths } from '../../../shared/routing/paths';
import { useRequiredAuth } from '../hooks/use-auth';

/**
 * Admin area gate (spec section 2): no user -> /signin, a non-admin -> /, a placeholder while the
 * session loads. The rules enforce the same on the data; this only keeps the UI honest.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const state = useRequiredAuth();
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'signed-out') {
    // Signing out on purpose (the admin header's Sign Out): the app is on its way to Home.
    if (state.intentional) return null;
    return <Navigate to={paths.signInLegacy} replace />;
  }
  if (state.user.role !== 'admin') return <Navigate to={paths.home} replace />;
  return children;
}
