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
 * shared/notes/bundle-facts.md). This system starts from the base config (conditions and
 * utilities) and adds the default tokens plus only the recipes our components render.
 * Using a Chakra component whose recipe is missing here renders it unstyled: add its recipe
 * (and only its recipe) to this list when a feature starts using it.
 *
 * Preflight is off here: the reset ships once as static CSS, generated from this config with
 * preflight on (build-plugins/chakra-static-css.ts), so the Chakra-free shell and Home have it
 * before Chakra loads and look the same after.
 */
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
        teal: {
          ...semanticTokens?.colors?.teal,
          // White on the default teal.600 is 3.7:1, under WCAG AA's 4.5:1 for the body-size
          // text of solid buttons and badges (axe, a11y.e2e.test.ts); teal.700 is 7:1.
          solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.600}' } },
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

export const system = createSystem(defaultBaseConfig, systemConfig);
