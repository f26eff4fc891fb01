import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '../shared/ui/system';

/**
 * Chakra's provider (emotion + the system), in its own chunk: router.tsx loads it together with
 * each page that renders Chakra components, never on the Chakra-free shell and Home.
 */
export default function ChakraScope({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
