import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth';
import { system } from '../shared/ui/system';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider>{children}</SessionProvider>
    </ChakraProvider>
  );
}
