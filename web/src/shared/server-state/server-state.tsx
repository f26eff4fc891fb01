import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * Server state for the subtree: the app's one QueryClient, which `useServerValue` reads (the
 * paged lists of `useServerList` need no provider). Rendered by the lazily loaded routes that use
 * it (so the library stays off the others), each with the same client.
 */
export function ServerStateScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
