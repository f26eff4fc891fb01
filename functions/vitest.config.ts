import { defineConfig } from 'vitest/config';

// The endpoint tests (src/testing/stack.ts: startStack, client) run twice: `in-process` against
// the Express handler, `via-emulators` through the Functions emulator and Hosting's rewrite.
const ENDPOINT_TESTS = ['src/index.test.ts', 'src/api.test.ts', 'src/admin.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['../emulator/src/testing/loopback-only.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['src/**/*.test.ts'],
          // One firebase-tools Auth emulator for all files (src/testing/auth-emulator.ts); our
          // Firestore/Storage emulator starts per file in-process in milliseconds.
          globalSetup: ['src/testing/auth-emulator.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'via-emulators',
          include: ENDPOINT_TESTS,
          // One seeded stack for the run (src/testing/emulators-setup.ts), built functions/lib
          // in the Functions emulator. Its files share the data, so they run one at a time.
          globalSetup: ['src/testing/emulators-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
