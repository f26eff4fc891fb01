import { defineConfig } from 'vitest/config';

// Root-level suites: rules grid over firestore.rules / storage.rules, seed and `npm start` checks.
// Workspace packages run their own suites (npm test --workspaces).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['emulator/src/testing/loopback-only.ts'],
    globalSetup: ['test/support/firestore-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll's 1 s default is too short on a loaded CI machine (see web/vitest.config.ts).
    expect: { poll: { timeout: 15_000 } },
  },
});
