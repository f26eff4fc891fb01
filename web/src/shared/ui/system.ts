import { createSystem, defaultBaseConfig, defineConfig, defineLayerStyles } from '@chakra-ui/react';
import {
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's defaultSystem carries every component recipe (~30 KB gzip more than we use; see
 * docs/bundle-facts.md). This system starts from the base config (conditions and
 * utilities) and adds the default tokens plus only the recipes our components render.
 * Using a Chakra component whose recipe is missing here renders it unstyled: add its recipe
 * (and only its recipe) to this list when a feature starts using it.
 *
 * Preflight is off here: the reset ships once as static CSS, generated from this config with
 * preflight on (build-plugins/chakra-static-css.ts), so the Chakra-free shell and Home have it
 * before Chakra loads and look the same after.
 */
/** The colour palettes of Chakra's default tokens. */
const PALETTES = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
] as const;

/**
 * Focus rings at 3:1 or more against the page (WCAG 2.2 focus appearance, non-text contrast):
 * Chakra's default ring is the palette's 400/500 shade, gray.400 on white being about 2.5:1;
 * the 700 shade is 5:1 (yellow) to 10:1 (gray) on white, and the 300 shade on the dark theme.
 */
function focusRings() {
  const colors = semanticTokens?.colors as Record<string, Record<string, unknown>> | undefined;
  return Object.fromEntries(
    PALETTES.map((p) => [
      p,
      {
        ...colors?.[p],
        focusRing: { value: { _light: `{colors.${p}.700}`, _dark: `{colors.${p}.300}` } },
      },
    ]),
  );
}

export const systemConfig = defineConfig({
  preflight: false,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens?.colors,
        ...focusRings(),
        teal: {
          ...semanticTokens?.colors?.teal,
          ...focusRings().teal,
          // White on the default teal.600 is 3.7:1, under WCAG AA's 4.5:1 for the body-size
          // text of solid buttons and badges (axe, a11y.e2e.test.ts); teal.700 is 7:1. The same
          // in the dark theme (its default is teal.600 again, with white text).
          solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.700}' } },
        },
      },
    },
    textStyles,
    // The button and input recipes style their disabled state with the `disabled` layer style:
    // without it, a disabled Chakra button looked exactly like an enabled one. Only that one of
    // Chakra's default layer styles (as it defines it): no recipe here uses the others.
    layerStyles: defineLayerStyles({
      disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } },
    }),
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
  },
});

type ChakraSystem = ReturnType<typeof createSystem>;

let created: ChakraSystem | undefined;

/**
 * The app's Chakra system, created on first use rather than when this module is evaluated:
 * createSystem processes every token and recipe, one of the longest pieces of work on a slow
 * phone, and withChakra (lazy-chakra.tsx) makes it with createSystemInTasks instead, in tasks of
 * their own rather than inside the evaluation of a page's chunks (Lighthouse TBT).
 */
export function getSystem(): ChakraSystem {
  created ??= createSystem(defaultBaseConfig, systemConfig);
  return created;
}

/**
 * createSystem's body as a generator that pauses between its longest steps, where the build
 * provides it (build-plugins/chakra-static-css.ts, chakraSystemWithoutGlobalsPlugin). Chakra as
 * published, as Node loads it in unit tests, has none: the system is then made in one go.
 */
const createSystemSteps = (
  createSystem as {
    inSteps?: (...configs: Parameters<typeof createSystem>) => Generator<void, ChakraSystem>;
  }
).inSteps;

/** Yields to the event loop: a macrotask, so input and rendering can run in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** getSystem's system made a step per task (below), once. */
async function makeInTasks(): Promise<ChakraSystem> {
  await nextTask();
  if (!created && createSystemSteps) {
    const steps = createSystemSteps(defaultBaseConfig, systemConfig);
    let step = steps.next();
    while (!step.done) {
      await nextTask();
      step = steps.next();
    }
    created ??= step.value;
  }
  return getSystem();
}

/**
 * getSystem's system, made a step per task: on a slow machine, eight tasks of ~5-10 ms instead of
 * one of 60-80 ms (x4: the longest task of a signed-in page's start, Lighthouse TBT). Once made,
 * or while it is being made, the same system and no further tasks.
 */
let making: Promise<ChakraSystem> | undefined;
export function createSystemInTasks(): Promise<ChakraSystem> {
  making ??= created ? Promise.resolve(created) : makeInTasks();
  return making;
}
