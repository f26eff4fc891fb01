import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import boundaries of the web app (no-restricted-imports patterns, used below).
/** Firebase is loaded by web/src/shared/firebase (lazily) alone; UI, hooks and the app never import it. */
const FIREBASE = {
  regex: '^@?firebase(/|$)',
  message: 'Firebase is loaded by shared/firebase only (a feature api/ may import its types).',
};
const SHARED_UP = {
  group: ['**/features/**', '**/app/**'],
  message: 'shared/ reaches no feature and not the app.',
};
const FEATURE_UP = { group: ['**/app/**'], message: 'Features do not reach the app.' };
const OTHER_FEATURE = {
  group: ['api', 'components', 'hooks'].flatMap((dir) => [`../*/${dir}/*`, `../../*/${dir}/*`]),
  message: 'Another feature is reached through its index.ts only.',
};

/** Files under `files` (but not `ignores`) may not import what `patterns` name. */
function restrict(files, patterns, ignores = []) {
  return {
    files,
    ignores,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/coverage/**',
      'functions/lib/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Type-aware rules on every TypeScript source (each workspace's own tsconfig): a promise that
  // nobody awaits or catches, or one handed to a place that ignores it (an onClick, a form's
  // onSubmit), loses its failure. `void` marks a promise left on purpose.
  {
    files: ['**/*.ts', '**/*.tsx'],
    // Tool configs, and the emulator's conformance harness (typed by its own vitest run).
    ignores: ['**/vitest.config.ts', 'emulator/test/**'],
    languageOptions: {
      parserOptions: {
        project: [
          'shared/tsconfig.json',
          'functions/tsconfig.json',
          'emulator/tsconfig.json',
          'web/tsconfig.json',
          'web/tsconfig.node.json',
          'test/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // React's rules of hooks, and every effect's, memo's and callback's dependencies complete.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The web app's layers (app -> features -> shared, one way): shared/ reaches no feature and not
  // the app; a feature reaches not the app (its e2e tests may) and another feature only through
  // that feature's index.ts; Firebase is imported by shared/firebase alone.
  restrict(['web/src/shared/**/*.{ts,tsx}'], [SHARED_UP, FIREBASE], ['web/src/shared/firebase/**']),
  restrict(['web/src/shared/firebase/**/*.{ts,tsx}'], [SHARED_UP]),
  restrict(['web/src/features/**/*.{ts,tsx}'], [FEATURE_UP, OTHER_FEATURE, FIREBASE]),
  // A feature's api/ may name Firebase types (erased at build time), never load the SDK.
  restrict(
    ['web/src/features/*/api/**/*.{ts,tsx}'],
    [FEATURE_UP, OTHER_FEATURE, { ...FIREBASE, allowTypeImports: true }],
  ),
  {
    files: ['web/src/features/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  restrict(['web/src/app/**/*.{ts,tsx}'], [FIREBASE]),
);
