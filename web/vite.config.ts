import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import {
  chakraStaticCssPlugin,
  chakraSystemWithoutGlobalsPlugin,
} from './build-plugins/chakra-static-css.ts';
import { prerenderPlugin } from './build-plugins/prerender.ts';
import { serviceWorkerPlugin } from './build-plugins/service-worker.ts';

/**
 * Chunks that hold a Firebase SDK are named after it, so a glance at dist/assets (or at the network
 * panel) shows which SDK a page pulled in, and the tests can tell them apart by name: public pages
 * fetch no Firestore or Storage code (src/app/app.browser.test.ts), Lite and the full SDK are each
 * in one chunk (src/app/bundle.browser.test.ts). Other chunks keep Vite's default naming.
 */
const SDK_CHUNKS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  // Lite (shared/firebase/firestore.ts: profile, note editor, sign-up's profile, and a like,
  // download or save from Browse) before the full SDK (shared/firebase/firestore-live.ts: live
  // listeners: the note page, comments and the header's notification bell): both live in
  // @firebase/firestore, and a chunk's name should say which.
  // Browse's list itself is read over REST (shared/firebase/firestore-rest.ts), in no SDK chunk.
  ['firebase-firestore-lite', /[\\/]@firebase[\\/]firestore[\\/]dist[\\/]lite[\\/]/],
  ['firebase-firestore', /[\\/]@firebase[\\/]firestore[\\/]/],
  ['firebase-storage', /[\\/]@firebase[\\/]storage[\\/]/],
  ['firebase-auth', /[\\/]@firebase[\\/]auth[\\/]/],
];

export function sdkChunkName(moduleIds: readonly string[]): string | undefined {
  for (const [name, pattern] of SDK_CHUNKS) {
    if (moduleIds.some((id) => pattern.test(id))) return name;
  }
  return undefined;
}

/**
 * reactfire 4.2.6 ships one ESM entry that statically imports every Firebase SDK it has hooks for
 * (database, firestore, functions, remote-config, storage, auth, app). Firebase packages declare
 * no `sideEffects: false`, so each import keeps its whole SDK in the chunk that holds reactfire,
 * even when the hooks using it are never called (reactfire issues #488, #489; measured in
 * docs/bundle-facts.md). NoteNest uses reactfire only in src/shared/firebase/react.tsx, for the
 * app and Auth providers and the user stream (FirebaseAppProvider, AuthProvider, useUser, read by
 * the session bridge); SDK instances come from shared/firebase's loaders, and it never calls
 * reactfire's data hooks.
 *
 * So, for imports made *by reactfire only*, these SDK entry points resolve to tiny local stubs
 * that throw if called (src/shared/firebase/reactfire-stubs/). The app's own imports are untouched:
 * it still loads firebase/storage, firebase/firestore/lite and (for live listeners only)
 * firebase/firestore itself, lazily, where a route needs them. Realtime Database, Remote Config
 * and Functions are then in no chunk at all (checked by src/app/bundle.browser.test.ts). The
 * hooks that would need a stubbed SDK (useFirestoreDocData, useStorageDownloadURL, useDatabase*,
 * useRemoteConfig*, useCallableFunctionResponse...) must not be used: src/app/architecture.test.ts
 * allows only the three names above.
 */
export const REACTFIRE_STUBBED_SDKS = [
  'firebase/database',
  'firebase/firestore',
  'firebase/functions',
  'firebase/remote-config',
  'firebase/storage',
] as const;

export function reactfireSdkStubs(): Plugin {
  const stubDir = fileURLToPath(new URL('./src/shared/firebase/reactfire-stubs/', import.meta.url));
  return {
    name: 'notenest:reactfire-sdk-stubs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]reactfire[\\/]/.test(importer)) return null;
      if (!(REACTFIRE_STUBBED_SDKS as readonly string[]).includes(source)) return null;
      return `${stubDir}${source.slice('firebase/'.length)}.ts`;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactfireSdkStubs(),
    chakraStaticCssPlugin(),
    chakraSystemWithoutGlobalsPlugin(),
    prerenderPlugin(),
    // The installable app's service worker (issue 32), written after the prerendered pages it
    // caches: web/dist/sw.js, from src/features/offline/service-worker.ts.
    serviceWorkerPlugin(),
  ],
  resolve: {
    // Bundle @notenest/shared from source: tree-shaken with the app, no build of shared/ needed
    // first (tsconfig.json maps the same path for the type check).
    alias: [
      {
        find: '@notenest/shared',
        replacement: fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)),
      },
      // React Router's package exports only its development build (the two differ in one line:
      // ENABLE_DEV_WARNINGS); the app ships the production one, without the warnings' checks.
      ...(
        [
          [/^react-router$/, 'index.mjs'],
          [/^react-router\/dom$/, 'dom-export.mjs'],
        ] as const
      ).map(([find, file]) => ({
        find,
        replacement: fileURLToPath(
          new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url),
        ),
      })),
    ],
  },
  build: {
    // The full Firestore SDK (~540 KB raw, only the note page loads it for live listeners) trips
    // Vite's 500 KB warning on every build; per-route gzip budgets are enforced by
    // src/app/bundle-budget.browser.test.ts instead.
    chunkSizeWarningLimit: 600,
    target: 'es2022',
    // The hosting emulator serves web/dist as is; source maps help reading stack traces from
    // Lighthouse and Playwright runs without shipping them to users' parsers (they are fetched
    // only by dev tools).
    sourcemap: true,
    // The module graph of the build, read by the size-budget test
    // (src/app/bundle-budget.browser.test.ts, through src/testing/route-js.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const sdk = sdkChunkName(chunk.moduleIds);
          return `assets/${sdk ?? '[name]'}-[hash].js`;
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
