import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDisplayedUser } from '../../features/auth';
import { LoadingState } from '../../shared/ui/loading-state';
import { RouteErrorBoundary } from '../route-error';
import { AdminBar, SiteHeader } from './site-header';
import './app-layout.css';

/**
 * Shell of every non-admin page: skip link, header (hidden for admins, per spec, who get a slim
 * bar back to their area instead), main. Plain
 * markup and CSS, no Chakra: it is on every page, including / whose JS budget Chakra's runtime
 * alone would exceed; the pages that use Chakra get it with their chunk (router.tsx).
 */
export function AppLayout() {
  const user = useDisplayedUser();
  const { pathname } = useLocation();
  return (
    <>
      <a className="nn-skip-link" href="#main">
        Skip to content
      </a>
      {user?.role === 'admin' ? <AdminBar /> : <SiteHeader />}
      <main id="main" tabIndex={-1} className="nn-main">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </>
  );
}
