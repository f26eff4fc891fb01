import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Chunks that hold a Firebase SDK are named after it, so a glance at dist/assets (or at the network
 * panel) shows which SDK a page pulled in, and the browser test can check that public pages fetch
 * no Firestore or Storage code. Other chunks keep Vite's default naming.
 */
const SDK_CHUNKS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
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

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Bundle @notenest/shared from source: tree-shaken with the app, no build of shared/ needed
    // first (tsconfig.json maps the same path for the type check).
    alias: {
      '@notenest/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)),
    },
  },
  build: {
    target: 'es2022',
    // The hosting emulator serves web/dist as is; source maps help reading stack traces from
    // Lighthouse and Playwright runs without shipping them to users' parsers (they are fetched
    // only by dev tools).
    sourcemap: true,
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
