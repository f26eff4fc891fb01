import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    setupFiles: ['src/testing/loopback-only.ts'],
    hookTimeout: 60_000,
    // expect.poll's 1 s default is too short on a loaded CI machine (see web/vitest.config.ts).
    expect: { poll: { timeout: 15_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      // Conformance suites share one emulator (or FIRESTORE_EMULATOR_HOST) and one browser bundle.
      {
        extends: true,
        test: {
          name: 'conformance',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
