import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['../emulator/src/testing/loopback-only.ts'],
    // One firebase-tools Auth emulator for all files (src/testing/auth-emulator.ts).
    globalSetup: ['src/testing/auth-emulator.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
