import { serializeStyles } from '@emotion/serialize';
import { compile, serialize, stringify } from 'stylis';
import type { Plugin } from 'vite';

/** Imported once by src/main.tsx; this plugin supplies its content at build time. */
export const CHAKRA_STATIC_CSS_ID = 'virtual:chakra-base.css';

/**
 * Chakra's global stylesheet (layer order, preflight reset, global styles, keyframes and every
 * token as a CSS variable) as plain CSS, from the app's own system config: exactly what
 * <ChakraProvider> would inject at runtime, with preflight on.
 *
 * Why static: the shell and Home render without Chakra's runtime (emotion + the system, ~35 KB
 * gzip) to fit /'s 90 KB budget (issue 11). They style themselves with plain CSS over these
 * variables, so their colours and sizes are the system's, and the reset that Chakra pages rely
 * on is in place before any of them loads. The runtime system has preflight off (system.ts): the
 * reset exists once, and the header looks the same before and after a Chakra page is opened.
 * The global styles and tokens the provider still injects are identical rules in the same
 * cascade layers, so they change nothing.
 */
export async function chakraStaticCss(): Promise<string> {
  const [{ createSystem, defaultBaseConfig, defineConfig }, { systemConfig }] = await Promise.all([
    import('@chakra-ui/react'),
    import('../src/shared/ui/system.ts'),
  ]);
  const system = createSystem(defaultBaseConfig, systemConfig, defineConfig({ preflight: true }));
  const nested = serializeStyles([system.layers.atRule, ...system._global] as never).styles;
  return serialize(compile(nested), stringify);
}

export function chakraStaticCssPlugin(): Plugin {
  return {
    name: 'notenest:chakra-static-css',
    enforce: 'pre',
    resolveId(source) {
      return source === CHAKRA_STATIC_CSS_ID ? CHAKRA_STATIC_CSS_ID : null;
    },
    async load(id) {
      return id === CHAKRA_STATIC_CSS_ID ? chakraStaticCss() : null;
    },
  };
}

/** The line of Chakra's createSystem (styled-system/system.js) that serializes the globals. */
export const CHAKRA_GLOBALS_LINE =
  'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const CHAKRA_SYSTEM_MODULE =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/**
 * The app's createSystem without its global styles. createSystem serializes every token as a
 * CSS variable, the global styles and the reset, eagerly, for the provider to inject: about half
 * of its time (a CPU profile: ~8 of ~18 ms in Node, some 100 ms of a signed-in page's main
 * thread on Lighthouse's 4x slower phone). The app never injects them: the static stylesheet
 * above has them, and chakra-scope.tsx gives the provider `_global: []`. So the browser's copy of
 * Chakra makes none. This plugin's static CSS is made by Chakra as published (imported by Node,
 * not through this transform). A Chakra release that changes the line fails the build here
 * rather than quietly making them again.
 */
export function chakraSystemWithoutGlobalsPlugin(): Plugin {
  return {
    name: 'notenest:chakra-system-without-globals',
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(CHAKRA_GLOBALS_LINE)) {
        throw new Error(
          `${id} no longer has "${CHAKRA_GLOBALS_LINE}": update chakraSystemWithoutGlobalsPlugin`,
        );
      }
      return { code: code.replace(CHAKRA_GLOBALS_LINE, 'const _global = [];'), map: null };
    },
  };
}
