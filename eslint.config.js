import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
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

/**
 * The modules of web/src/shared/ui built on Chakra: those importing @chakra-ui, or statically
 * importing one that does (the barrel index.ts). Read from the sources, so a new Chakra-based
 * primitive is covered without editing this list; lazy-chakra's dynamic import() is not a use.
 */
function chakraBasedUiModules() {
  const dir = new URL('./web/src/shared/ui/', import.meta.url);
  const sources = new Map(
    readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => [file.replace(/\.tsx?$/, ''), readFileSync(new URL(file, dir), 'utf8')]),
  );
  const imports = (code) =>
    [...code.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  const chakra = new Set();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, code] of sources) {
      if (chakra.has(name)) continue;
      const uses = imports(code).some(
        (spec) => spec.startsWith('@chakra-ui/') || chakra.has(spec.replace(/^\.\//, '')),
      );
      if (uses) chakra.add(name);
      grew ||= uses;
    }
  }
  return [...chakra].sort();
}

/**
 * The one UI rule (web/README.md): the pages a visitor loads first, prerendered (Home, About,
 * Browse, sign-in and sign-up, the note page, not-found; the shell around them), are built from
 * shared/ui's plain primitives and CSS over Chakra's tokens, never Chakra (its runtime is what a
 * slow phone waits for). The core rule, not the TypeScript one the layers use, so neither
 * replaces the other's patterns on the same file.
 */
const VISITOR_SIDE = [
  'web/src/features/{home,about,auth,not-found,comments,browse,reports}/**/*.{ts,tsx}',
  'web/src/features/notes/components/{note-detail-page,note-preview,note-side-panels,preview-failed,pdf-preview,pdf-placeholder,docx-preview,text-preview}.tsx',
  'web/src/app/layout/**/*.{ts,tsx}',
  'web/src/app/route-error.tsx',
  // The header's bell, part of the shell on every page.
  'web/src/features/notifications/components/notification-bell.tsx',
  // Follow buttons (Browse, the note page) and Home's Following section (issue 32).
  'web/src/features/follows/components/{follow-button,following-feed,home-following}.tsx',
  'web/src/features/follows/{api,hooks}/**/*.ts',
];
const NO_CHAKRA = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['@chakra-ui/*', '@emotion/*'],
          message: 'Visitor-side pages use no Chakra (web/README.md, "One UI rule").',
        },
        {
          // A regex, not a group: a gitignore-style pattern naming shared/ui covers every file in it.
          regex: `(^|/)shared/ui(/(${[...new Set(['index', ...chakraBasedUiModules()])].join('|')}))?$`,
          message:
            'This shared/ui module is built on Chakra: visitor-side pages use the plain ones (web/README.md, "One UI rule").',
        },
      ],
    },
  ],
};

/** Every workspace's TypeScript project: type-aware rules and import resolution read them. */
const TS_PROJECTS = [
  'shared/tsconfig.json',
  'functions/tsconfig.json',
  'emulator/tsconfig.json',
  'web/tsconfig.json',
  'web/tsconfig.node.json',
  'test/tsconfig.json',
];

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
        project: TS_PROJECTS,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // No import cycles, in any source of any workspace: in a cycle, which module sees the other's
  // exports still undefined depends on which one happened to load first. The TypeScript resolver
  // reads the workspaces' tsconfigs (NodeNext sources import their .ts siblings as `.js`).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: TS_PROJECTS, noWarnOnMultipleProjects: true }),
      ],
    },
    // Packages from node_modules are not followed: they cannot lead back into this code, and
    // parsing them more than doubled the lint's time.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
  { files: VISITOR_SIDE, rules: NO_CHAKRA },
);
