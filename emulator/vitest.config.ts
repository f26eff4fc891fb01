import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    setupFiles: ['src/testing/loopback-only.ts'],
    hookTimeout: 60_000,
    // expect.poll's 1 s default is too short on a loaded CI machine (see web/vitest.config.ts).
    expect: { poll: { timeout: 15_000 } },
    // Files share their worker's process and modules (each cleans up what it starts): a fresh
    // process per file cost 30.5 s of CPU against 24.3 (shared/vitest.config.ts).
    isolate: false,
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
