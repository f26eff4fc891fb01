import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system';

/**
 * Chakra's provider (emotion + the system), in its own chunk, loaded only through withChakra
 * (lazy-chakra.tsx): by the router with each page that renders Chakra components, and by pages
 * that render first without Chakra and add Chakra parts as they load (Browse's search and
 * filters). Never on the Chakra-free shell and Home.
 */
export default function ChakraScope({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
