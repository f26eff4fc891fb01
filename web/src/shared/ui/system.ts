import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
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

let created: ReturnType<typeof createSystem> | undefined;

/**
 * The app's Chakra system, created on first use rather than when this module is evaluated:
 * createSystem processes every token and recipe, one of the longest pieces of work on a slow
 * phone, and withChakra (lazy-chakra.tsx) runs it in a task of its own instead of inside the
 * evaluation of a page's chunks (Lighthouse TBT).
 */
export function getSystem(): ReturnType<typeof createSystem> {
  created ??= createSystem(defaultBaseConfig, systemConfig);
  return created;
}
