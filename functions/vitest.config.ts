import { defineConfig } from 'vitest/config';

// Unit tests (`unit`) run alone; the endpoint tests (src/testing/stack.ts: startStack, client)
// run `via-emulators`: through Hosting's rewrite and the Functions emulator of a whole stack,
// where the triggers that keep derived data run as they do in production.
// A route's endpoint tests sit beside it (src/routes/<route>.test.ts); the triggers' end-to-end
// tests are src/triggers/*.stack.test.ts (their unit tests run alone), and
// src/data-model.stack.test.ts checks every document the run wrote against its schema.
const ENDPOINT_TESTS = [
  'src/index.test.ts',
  'src/routes/*.test.ts',
  'src/triggers/*.stack.test.ts',
  'src/*.stack.test.ts',
];

export default defineConfig({
  test: {
    setupFiles: ['../emulator/src/testing/loopback-only.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ENDPOINT_TESTS,
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
          // Above eventually()'s default wait (src/testing/stack.ts), so its message is the one seen.
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
