import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDisplayedUser } from '../../features/auth';
import { LoadingState } from '../../shared/ui';
import { RouteErrorBoundary } from '../route-error';
import { SiteHeader } from './site-header';

/** Shell of every non-admin page: skip link, header (hidden for admins, per spec), main. */
export function AppLayout() {
  const user = useDisplayedUser();
  const { pathname } = useLocation();
  return (
    <>
      <Box
        asChild
        position="absolute"
        left="2"
        top="-16"
        zIndex="skipLink"
        bg="white"
        px="4"
        py="2"
        rounded="md"
        _focusVisible={{ top: '2' }}
      >
        <a href="#main">Skip to content</a>
      </Box>
      {user?.role !== 'admin' && <SiteHeader />}
      <Box as="main" id="main" tabIndex={-1} minH="60dvh" _focus={{ outline: 'none' }}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
    </>
  );
}
