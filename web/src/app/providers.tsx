import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth';

/**
 * App-wide providers. Chakra's provider is not here: it comes with the pages that use Chakra
 * (router.tsx), so the shell and Home load none of Chakra's runtime.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <SessionProvider>{children}</SessionProvider>;
}
