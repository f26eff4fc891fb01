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
/** An edit of a Chakra module: `find`, exactly once in it, becomes `replace`. */
type Edit = readonly [find: string, replace: string];

/**
 * The function declared by `declaration` (`function name(params) {`) as a generator with the
 * same body, `name.inSteps`, and `name` itself running that generator to its end at once: the
 * same result for every caller, and a caller that wants the steps runs `inSteps` instead.
 */
function inSteps(name: string, params: string): Edit {
  return [
    `function ${name}(${params}) {`,
    [
      `function ${name}(${params}) {`,
      `  const steps = ${name}Steps(${params});`,
      '  for (;;) {',
      '    const step = steps.next();',
      '    if (step.done) return step.value;',
      '  }',
      '}',
      `${name}.inSteps = ${name}Steps;`,
      `function* ${name}Steps(${params}) {`,
    ].join('\n'),
  ];
}

/** A pause of the generator after `statement`. */
const pauseAfter = (statement: string): Edit => [statement, `${statement}\n  yield;`];

/**
 * The edits of the browser's copy of Chakra's createSystem, by module (see the plugin below).
 * The pauses split its work into steps of about equal length, each 10-15% of the whole
 * (Chromium, cold, a slow machine): the configs merged; the tokens registered, transformed,
 * their conditions and references expanded, transformed again, indexed; the conditions and
 * utilities made, the rest.
 */
export const CHAKRA_SYSTEM_EDITS: ReadonlyArray<readonly [module: string, edits: readonly Edit[]]> =
  [
    [
      'system.js',
      [
        [CHAKRA_GLOBALS_LINE, 'const _global = [];'],
        inSteps('createSystem', '...configs'),
        pauseAfter('const layers = createLayers(config);'),
        [
          'const tokens = createTokenDictionary({',
          'const tokens = yield* createTokenDictionary.inSteps({',
        ],
        pauseAfter('    prefix: cssVarsPrefix\n  });'),
        pauseAfter('    config: utilities,\n    tokens\n  });'),
      ],
    ],
    [
      'token-dictionary.js',
      [
        inSteps('createTokenDictionary', 'options'),
        pauseAfter('  registerTokens();'),
        ['  function build() {', '  function* build() {'],
        pauseAfter('    applyTransforms("pre");'),
        pauseAfter('    expandTokenReferences$1();'),
        pauseAfter('    applyTransforms("post");'),
        ['  build();\n  return dictionary;', '  yield* build();\n  return dictionary;'],
      ],
    ],
  ];

const CHAKRA_STYLED_SYSTEM =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]([\w-]+\.js)$/;

/** `code` with `edits` made, each of whose texts must be in it exactly once. */
export function editChakraModule(code: string, id: string, edits: readonly Edit[]): string {
  let out = code;
  for (const [find, replace] of edits) {
    if (out.split(find).length !== 2) {
      throw new Error(
        `${id} no longer has "${find}" exactly once: update chakraSystemWithoutGlobalsPlugin`,
      );
    }
    out = out.replace(find, () => replace);
  }
  return out;
}

/**
 * The browser's copy of Chakra's createSystem (styled-system/system.js and token-dictionary.js),
 * changed twice:
 *
 * - Without its global styles. createSystem serializes every token as a CSS variable, the global
 *   styles and the reset, eagerly, for the provider to inject: about half of its time (a CPU
 *   profile: ~8 of ~18 ms in Node, some 100 ms of a signed-in page's main thread on
 *   Lighthouse's 4x slower phone). The app never injects them: the static stylesheet above has
 *   them, and chakra-scope.tsx gives the provider `_global: []`. So the browser's copy of Chakra
 *   makes none. This plugin's static CSS is made by Chakra as published (imported by Node, not
 *   through this transform).
 * - In steps (CHAKRA_SYSTEM_EDITS): `createSystem.inSteps` is its body as a generator that
 *   pauses between steps, so that system.ts can run it a task per step (createSystemInTasks).
 *   Made in one go, the rest of it took 60-83 ms of a signed-in page's main thread on a slow
 *   machine: one task of 240-330 ms on Lighthouse's 4x phone, the longest of the page (TBT).
 *
 * A Chakra release that changes one of the edited lines fails the build here rather than
 * quietly making the globals again or the system in one task.
 */
export function chakraSystemWithoutGlobalsPlugin(): Plugin {
  const edits = new Map(CHAKRA_SYSTEM_EDITS);
  return {
    name: 'notenest:chakra-system-without-globals',
    transform(code, id) {
      const moduleEdits = edits.get(CHAKRA_STYLED_SYSTEM.exec(id)?.[1] ?? '');
      return moduleEdits ? { code: editChakraModule(code, id, moduleEdits), map: null } : null;
    },
  };
}
