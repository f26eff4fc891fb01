import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'functions/lib/**'] },
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
);
