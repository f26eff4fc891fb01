/**
 * ChakraScope gives the provider the system without its global styles (chakra-scope.tsx), on the
 * promise that the static stylesheet already holds them. This checks that promise: the static
 * stylesheet's system (build-plugins/chakra-static-css.ts: this config with preflight on) holds
 * every global style object the provider would have injected at run time (the built sheet's
 * tokens are checked by app/static-css.browser.test.ts).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { getSystem, systemConfig } from './system';

const system = getSystem();

describe('Chakra global styles', () => {
  it('are all in the static stylesheet, so the provider need not inject them', () => {
    const staticSystem = createSystem(
      defaultBaseConfig,
      systemConfig,
      defineConfig({ preflight: true }),
    );
    // Each is a layer's styles; with preflight off the runtime's reset layer is empty.
    const nonEmpty = system._global.filter((layer) =>
      Object.values(layer as Record<string, object>).some((v) => Object.keys(v).length > 0),
    );
    expect(nonEmpty.length).toBeGreaterThan(1);
    expect(staticSystem._global).toEqual(expect.arrayContaining(nonEmpty));
    expect(staticSystem.layers.atRule).toBe(system.layers.atRule);
  });
});
