import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { createSystemInTasks, getSystem } from './system';

/**
 * The system as the provider gets it: without its global styles (the global CSS and every token
 * as a CSS variable). Those are already in the static stylesheet every page links
 * (build-plugins/chakra-static-css.ts makes it from this same config), so injecting them again
 * at run time changes no rule; it did cost the main thread serializing them on each page's first
 * Chakra render (a long task on a 4x-throttled phone CPU, Lighthouse TBT). Components only read
 * the system's functions and tokens, which stay as they are.
 */
let runtimeSystem: ReturnType<typeof getSystem> | undefined;

/** The system for the provider: getSystem's, made once (by withChakra beforehand, in tasks). */
function providerSystem(): ReturnType<typeof getSystem> {
  runtimeSystem ??= { ...getSystem(), _global: [] };
  return runtimeSystem;
}

/**
 * Makes the system in tasks of its own (createSystemInTasks), for withChakra to await before a
 * page's first Chakra render, which then finds it made.
 */
export const prepareChakraSystem = createSystemInTasks;

/**
 * Chakra's provider (emotion + the system), in its own chunk, loaded only through withChakra
 * (lazy-chakra.tsx): by the router with each page that renders Chakra components, and by pages
 * that render first without Chakra and add Chakra parts as they load (Browse's search and
 * filters). Never on the Chakra-free shell and Home.
 */
export default function ChakraScope({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providerSystem()}>{children}</ChakraProvider>;
}
