import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth';
import { system } from '../shared/ui/system';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <AuthProvider>{children}</AuthProvider>
    </ChakraProvider>
  );
}
