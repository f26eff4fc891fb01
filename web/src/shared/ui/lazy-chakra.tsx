import type { ComponentType } from 'react';

export const loadChakraScope = () => import('./chakra-scope');

/**
 * A lazily loaded component inside Chakra's provider, both loaded in parallel: for React.lazy
 * (`lazy(() => withChakra(() => import('./x')))`). Chakra-free itself, so a module using it keeps
 * Chakra's runtime (~45 KB gzip with the system) out of its own chunk and first render.
 */
export async function withChakra<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Promise<{ default: ComponentType<P> }> {
  const [{ default: ChakraScope, prepareChakraSystem }, { default: Inner }] = await Promise.all([
    loadChakraScope(),
    load(),
  ]);
  // The system in tasks of its own, after the chunks' evaluation: shorter tasks on a slow
  // phone's main thread instead of one long one (system.ts). Once made, no task to wait for.
  await prepareChakraSystem();
  function InChakra(props: P) {
    return (
      <ChakraScope>
        <Inner {...props} />
      </ChakraScope>
    );
  }
  return { default: InChakra };
}
